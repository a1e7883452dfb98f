// A kernel dump as MLIR_ENABLE_DUMP / TRITON_KERNEL_DUMP print it: #loc
// aliases at the end of each module, every op with its loc.  The layout pairs
// and their bank conflicts are those of Triton's test_bank_conflicts
// (python/test/gluon/test_frontend.py, triton-lang/triton
// bceeb9ed7c0a3bcbdf9e35869de841656c1a5760); see SOURCE.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#loc = loc("/src/kernels/attn.py":12:0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_acc(%acc: tensor<4x64xf16, #mma> loc("/src/kernels/attn.py":12:0)) attributes {noinline = false} {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x64xf16, #shared, #smem, mutable> loc(#loc1)
    ttg.local_store %acc, %buf : tensor<4x64xf16, #mma> -> !ttg.memdesc<4x64xf16, #shared, #smem, mutable> loc(#loc2)
    %back = ttg.local_load %buf : !ttg.memdesc<4x64xf16, #shared, #smem, mutable> -> tensor<4x64xf16, #mma> loc(#loc3)
    tt.return loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/src/kernels/attn.py":14:10)
#loc2 = loc("/src/kernels/attn.py":15:4)
#loc3 = loc(callsite(#loc5 at #loc6))
#loc4 = loc("/src/kernels/attn.py":20:4)
#loc5 = loc("/src/kernels/helpers.py":7:11)
#loc6 = loc("/src/kernels/attn.py":17:11)

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue(%acc: tensor<128x64xf32, #mma>, %h: tensor<128x128xf16, #mma>) {
    %c = ttg.local_alloc %acc : (tensor<128x64xf32, #mma>) -> !ttg.memdesc<128x64xf32, #shared, #smem> loc(#loc1)
    %d = ttg.local_alloc %h : (tensor<128x128xf16, #mma>) -> !ttg.memdesc<128x128xf16, #shared1, #smem> loc(#loc2)
    %e = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #mma> loc(#loc3)
    tt.return
  }
}
#loc1 = loc("/src/kernels/gemm.py":88:22)
#loc2 = loc("/src/kernels/gemm.py":90:22)
#loc3 = loc("cvt"("/src/kernels/gemm.py":91:9))
