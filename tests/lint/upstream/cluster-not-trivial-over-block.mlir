// torch-spyre/triton 661d116f7621, test/TritonNvidiaGPU/membar-cluster.mlir, module 13 (split piece as lint counts them):
// a 2-CTA split layout into a shared layout both CTAs hold whole: CTA 1 reads other offsets than CTA 0
#blockedSplitM = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#slice1 = #ttg.slice<{dim = 1, parent = #blockedSplitM}>
#shared1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Negative test: no cluster barrier should be inserted for multiCTA reduce when the axis is not split
  // CHECK-LABEL: @no_cluster_reduce_unsplit_axis
  // CHECK-NOT: ttng.cluster_barrier
  // CHECK: tt.return
  tt.func @no_cluster_reduce_unsplit_axis() -> tensor<256xf16, #slice1> {
    %cst = arith.constant dense<0.000000e+00> : tensor<256x128xf16, #blockedSplitM>
    %red = "tt.reduce"(%cst) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %add = arith.addf %lhs, %rhs : f16
      tt.reduce.return %add : f16
    }) {axis = 1 : i32} : (tensor<256x128xf16, #blockedSplitM>) -> tensor<256xf16, #slice1>
    %buf = ttg.local_alloc %red : (tensor<256xf16, #slice1>) -> !ttg.memdesc<256xf16, #shared1d, #smem, mutable>
    ttg.local_store %red, %buf : tensor<256xf16, #slice1> -> !ttg.memdesc<256xf16, #shared1d, #smem, mutable>
    %ld = ttg.local_load %buf : !ttg.memdesc<256xf16, #shared1d, #smem, mutable> -> tensor<256xf16, #slice1>
    tt.return %ld : tensor<256xf16, #slice1>
  }
}
