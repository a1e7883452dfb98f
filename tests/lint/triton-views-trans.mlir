// Not upstream: a local_load through a ttg.memdesc_trans of a memdesc_subslice (see SOURCE).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_T = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_of_subslice(%arg0: tensor<64x64xf16, #blocked>) {
    %0 = ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %1 = ttg.memdesc_subslice %0 [0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64> -> !ttg.memdesc<32x64xf16, #shared_T, #smem, mutable, 64x64>
    %3 = ttg.memdesc_subslice %2 [16, 0] : !ttg.memdesc<32x64xf16, #shared_T, #smem, mutable, 64x64> -> !ttg.memdesc<16x64xf16, #shared_T, #smem, mutable, 64x64>
    %4 = ttg.local_load %2 : !ttg.memdesc<32x64xf16, #shared_T, #smem, mutable, 64x64> -> tensor<32x64xf16, #blocked>
    %5 = ttg.local_load %3 : !ttg.memdesc<16x64xf16, #shared_T, #smem, mutable, 64x64> -> tensor<16x64xf16, #blocked>
    tt.return
  }
