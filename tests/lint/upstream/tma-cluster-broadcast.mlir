// torch-spyre/triton 661d116f7621, test/Conversion/tritonnvidiagpu_to_llvm.mlir, module 7 (split piece as lint counts them):
// a TMA copy into an nvmma_shared tile both CTAs hold whole (CGALayout [[0, 0]]): one box per CTA

// TMA copy with barrier mask non-zero: barrier has CGALayout
#shared0_cluster = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#shared1_cga = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = true} {
  // CHECK-LABEL: tma_copy_barrier_mask_nonzero
  // Barrier pointer is modified when barrier mask != 0
  // CHECK: llvm.ptrtoint
  // CHECK: llvm.and
  // CHECK: llvm.inttoptr
  // TMA uses shared::cluster when barrier mask is non-zero
  // CHECK: cp.async.bulk.tensor.2d.cta_group::2.shared::cluster.global.mbarrier::complete_tx::bytes
  // CHECK-NOT: cp.async.bulk.tensor.2d.shared::cta.global.mbarrier
  tt.func @tma_copy_barrier_mask_nonzero(%tma: !tt.tensordesc<128x128xf32, #shared1_cga>, %alloc: !ttg.memdesc<128x128xf32, #shared1_cga, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0_cluster, #smem>, %pred: i1) {
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %barrier, %pred : !tt.tensordesc<128x128xf32, #shared1_cga>, !ttg.memdesc<1xi64, #shared0_cluster, #smem> -> !ttg.memdesc<128x128xf32, #shared1_cga, #smem, mutable>
    tt.return
  }
}

