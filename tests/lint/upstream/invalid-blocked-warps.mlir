// Derived from ROCm/triton 4a7afd262352, test/TritonGPU/verify-blocked-layout.mlir,
// module 1 (@fn, "expected-error {{warps per CTA}}"): its #blocked layout and module
// attributes, each on one line, with the refused tensor type on an op lint checks
// (a ttg.local_alloc) in place of the tt.splat.  Triton's verifier
// (verifyTensorLayouts) refuses a blocked layout of 8 warps in a 4-warp module.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1], CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
#shared = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
module attributes {"triton_gpu.num-warps" = 4 : i32, "triton_gpu.num-ctas" = 2 : i32, "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @fn(%arg0: tensor<8x1xi32, #blocked>) {
    %0 = triton_gpu.local_alloc %arg0 : (tensor<8x1xi32, #blocked>) -> !tt.memdesc<8x1xi32, #shared, #triton_gpu.shared_memory>
    tt.return
  }
}
