// torch-spyre/triton 661d116f7621, test/TritonNvidiaGPU/membar-cluster.mlir, module 8 (split piece as lint counts them):
// a slice both CTAs hold whole stored and loaded, each CTA in its own shared memory
#blockedSplitM = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#slice0 = #ttg.slice<{dim = 0, parent = #blockedSplitM}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#shared1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @reduce_cluster_barrier
  // CHECK: "tt.reduce"
  // CHECK: ttng.cluster_barrier
  // CHECK-NEXT: ttg.local_alloc
  tt.func @reduce_cluster_barrier() -> tensor<128xf16, #slice0> {
    %cst = arith.constant dense<0.000000e+00> : tensor<256x128xf16, #blockedSplitM>
    %red = "tt.reduce"(%cst) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %add = arith.addf %lhs, %rhs : f16
      tt.reduce.return %add : f16
    }) {axis = 0 : i32} : (tensor<256x128xf16, #blockedSplitM>) -> tensor<128xf16, #slice0>
    %buf = ttg.local_alloc %red : (tensor<128xf16, #slice0>) -> !ttg.memdesc<128xf16, #shared1d, #smem, mutable>
    ttg.local_store %red, %buf : tensor<128xf16, #slice0> -> !ttg.memdesc<128xf16, #shared1d, #smem, mutable>
    %ld = ttg.local_load %buf : !ttg.memdesc<128xf16, #shared1d, #smem, mutable> -> tensor<128xf16, #slice0>
    tt.return %ld : tensor<128xf16, #slice0>
  }
}
