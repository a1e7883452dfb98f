// torch-spyre/triton 661d116f7621, test/TritonNvidiaGPU/membar-cluster.mlir, module 17 (split piece as lint counts them):
// TMA copies of an M-split and an N-split nvmma_shared tile: each CTA's boxes fill its own half

#sharedA = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#sharedB = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#barrierTMA = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#barrierMMA = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = true, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // Exact TTGIR shape for:
  // test_tma_mma_shared_inputs[True-True-ctas_per_cga1-reps0-warps2]
  // with smem allocations outside the loop.
  // If we fully manage the shared memory and the allocator does not create any new aliases,
  // then we shouldn't emit any cluster barriers
  // CHECK-LABEL: @example_matmul
  // CHECK: ttg.local_alloc
  // CHECK: ttg.local_alloc
  // CHECK: ttng.init_barrier
  // CHECK-NEXT: ttng.init_barrier
  // CHECK: ttng.tmem_alloc
  // CHECK: ttng.fence_mbarrier_init_release_cluster
  // CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
  // CHECK: scf.for
  // CHECK: ttng.barrier_expect
  // CHECK-NOT: ttng.cluster_barrier
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NOT: ttng.cluster_barrier
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NOT: ttng.cluster_barrier
  // CHECK: ttng.wait_barrier
  // CHECK-NOT: ttng.cluster_barrier
  // CHECK: ttng.tc_gen5_mma
  // CHECK: ttng.wait_barrier
  tt.func @example_matmul(%a_desc: !tt.tensordesc<256x16xf16, #sharedA>, %b_desc: !tt.tensordesc<16x64xf16, #sharedB>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %c16 = arith.constant 16 : i32
    %c0_idx = arith.constant 0 : index
    %c4_idx = arith.constant 4 : index
    %c1_idx = arith.constant 1 : index
    %smem_a = ttg.local_alloc : () -> !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>
    %smem_b = ttg.local_alloc : () -> !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>
    %bTMA = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable>
    %bMMA = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #barrierMMA, #smem, mutable>
    ttng.init_barrier %bTMA, 1 : !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable>
    ttng.init_barrier %bMMA, 1 : !ttg.memdesc<2xi64, #barrierMMA, #smem, mutable>
    %acc_tmem = ttng.tmem_alloc : () -> !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %phase_init = arith.constant 0 : i32
    %phase_tma = scf.for %k = %c0_idx to %c4_idx step %c1_idx iter_args(%phase = %phase_init) -> (i32) {
      %k_i32 = arith.index_cast %k : index to i32
      ttng.barrier_expect %bTMA, 5120, %true : !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable>
      %offs = arith.muli %k_i32, %c16 : i32
      ttng.async_tma_copy_global_to_local %a_desc[%c0, %offs] %smem_a, %bTMA, %true :
        !tt.tensordesc<256x16xf16, #sharedA>, !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable> -> !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>
      ttng.async_tma_copy_global_to_local %b_desc[%offs, %c0] %smem_b, %bTMA, %true :
        !tt.tensordesc<16x64xf16, #sharedB>, !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable> -> !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>
      ttng.wait_barrier %bTMA, %phase, %true deps %smem_a, %smem_b :
        !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable>,
        !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>,
        !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>
      %next_phase = arith.xori %phase, %c1 : i32
      %use_acc = arith.cmpi ne, %k_i32, %c0 : i32
      %mma_tok = ttng.tc_gen5_mma %smem_a, %smem_b, %acc_tmem[], %use_acc, %true, %bMMA[%true] {is_async, two_ctas, multicast} :
         !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>,
         !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>,
         !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>,
         !ttg.memdesc<2xi64, #barrierMMA, #smem, mutable>
      ttng.wait_barrier %bMMA, %phase, %true deps %smem_a, %smem_b :
        !ttg.memdesc<2xi64, #barrierMMA, #smem, mutable>,
        !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>,
        !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>
      scf.yield %next_phase : i32
    }
    ttg.local_dealloc %bTMA : !ttg.memdesc<1xi64, #barrierTMA, #smem, mutable>
    ttg.local_dealloc %bMMA : !ttg.memdesc<2xi64, #barrierMMA, #smem, mutable>
    ttg.local_dealloc %smem_a : !ttg.memdesc<256x16xf16, #sharedA, #smem, mutable>
    ttg.local_dealloc %smem_b : !ttg.memdesc<16x64xf16, #sharedB, #smem, mutable>
    tt.return
  }
}

