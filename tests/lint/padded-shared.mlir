// #ttg.padded_shared in a module: the padding moves each row by its pad, so
// the column of 128-bit reads by one row per lane conflicts 4-way with +1 and
// not at all with +4 (unpadded: 8-way).  See SOURCE.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#padded1 = #ttg.padded_shared<[64:+1] {order = [1, 0], shape = [64, 64]}>
#padded4 = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%a: !ttg.memdesc<64x64xf32, #padded1, #smem, mutable>, %b: !ttg.memdesc<64x64xf32, #padded4, #smem, mutable>) {
    %0 = ttg.local_load %a : !ttg.memdesc<64x64xf32, #padded1, #smem, mutable> -> tensor<64x64xf32, #blocked>
    %1 = ttg.local_load %b : !ttg.memdesc<64x64xf32, #padded4, #smem, mutable> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}
