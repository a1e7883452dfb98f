#!/usr/bin/env python3
"""Golden cases from cute_types_dump.cpp: one per element-type spelling the
CuTe readers accept (src/layout/notation/cute_types.c), each the width CuTe
gives it through recast_layout<T, uint1b_t>(8:1) = (8 * bits):1.

  gen_cute_types.py CUTLASS_DIR OUT_DIR

Compiles cute_types_dump.cpp (g++ -std=c++17, host only) against
CUTLASS_DIR/include and the CUDA headers (CUDA_INCLUDE, for __half and
__nv_bfloat16), runs it, and writes OUT_DIR/<name>/ for every line it prints
(name, expression, result).  CUTLASS_COMMIT names the commit in SOURCE.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CUDA = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")
# where each spelling is defined, at CUTLASS 7107b05 (CUDA for __half, nv_bfloat16)
WHERE = [
    ("cute-int4b", "cute/numeric/numeric_types.hpp:73 (using cutlass::int4b_t)"),
    ("cuda-half", "CUDA cuda_fp16.h (struct __half), sizeof 2"),
    ("cuda-nv-bfloat16", "CUDA cuda_bf16.h (struct __nv_bfloat16), sizeof 2"),
    ("nv-bfloat16", "CUDA cuda_bf16.h:5095 (typedef __nv_bfloat16 nv_bfloat16)"),
    ("half-t", "cutlass/half.h:167 (struct alignas(2) half_t)"),
    ("cutlass-half-t", "cutlass/half.h:167 (struct alignas(2) half_t)"),
    ("bfloat16-t", "cutlass/bfloat16.h:57 (struct alignas(2) bfloat16_t)"),
    ("tfloat32-t", "cutlass/tfloat32.h:53 (struct alignas(4) tfloat32_t)"),
    ("uint128-t", "cutlass/uint128.h:124 (struct alignas(16) uint128_t)"),
    ("uint256-t", "cutlass/uint256.h:52 (struct alignas(32) uint256_t)"),
    ("float-e4m3-t", "cutlass/float8.h:413 (struct alignas(1) float_e4m3_t)"),
    ("float-e5m2-t", "cutlass/float8.h:628 (struct alignas(1) float_e5m2_t)"),
    ("float-ue4m3-t", "cutlass/float8.h:1144 (sizeof_bits<float_ue4m3_t>)"),
    ("float-ue8m0-t", "cutlass/float8.h:1263 (sizeof_bits<float_ue8m0_t>)"),
    ("type-erased-dynamic-float8-t", "cutlass/float8.h:1298 (union type_erased_dynamic_float8_t)"),
    ("float-e2m1-unpacksmem", "cutlass/float_subbyte.h:143 (sizeof_bits<detail::float_e2m1_unpacksmem_t>)"),
    ("float-e2m3-unpacksmem", "cutlass/float_subbyte.h:251 (sizeof_bits<detail::float_e2m3_unpacksmem_t>)"),
    ("float-e3m2-unpacksmem", "cutlass/float_subbyte.h:358 (sizeof_bits<detail::float_e3m2_unpacksmem_t>)"),
    ("float-e3m2-unpack8bits", "cutlass/float_subbyte.h:370 (sizeof_bits<detail::float_e3m2_unpack8bits_t>)"),
    ("float-e2m3-unpack8bits", "cutlass/float_subbyte.h:376 (sizeof_bits<detail::float_e2m3_unpack8bits_t>)"),
    ("type-erased-dynamic-float6-unpacksmem", "cutlass/float_subbyte.h:549"),
    ("type-erased-dynamic-float4-unpacksmem", "cutlass/float_subbyte.h:555"),
    ("float-e2m1-t", "cutlass/float_subbyte.h:138 (sizeof_bits<float_e2m1_t>)"),
    ("float-e2m3-t", "cutlass/float_subbyte.h:245 (sizeof_bits<float_e2m3_t>)"),
    ("float-e3m2-t", "cutlass/float_subbyte.h:352 (sizeof_bits<float_e3m2_t>)"),
    ("type-erased-dynamic-float6-t", "cutlass/float_subbyte.h:448 (sizeof_bits<type_erased_dynamic_float6_t>)"),
    ("type-erased-dynamic-float4-t", "cutlass/float_subbyte.h:472 (sizeof_bits<type_erased_dynamic_float4_t>)"),
    ("bin1-t", "cutlass/integer_subbyte.h:204 (using bin1_t = bool), :236 (sizeof_bits<bin1_t> = 1)"),
    ("bool", "cutlass/integer_subbyte.h:204 (using bin1_t = bool), :236 (sizeof_bits<bin1_t> = 1)"),
    ("uint1b-t", "cutlass/integer_subbyte.h:207 (using uint1b_t = integer_subbyte<1, false>)"),
    ("int2b-t", "cutlass/integer_subbyte.h:210 (using int2b_t = integer_subbyte<2, true>)"),
    ("uint2b-t", "cutlass/integer_subbyte.h:213 (using uint2b_t = integer_subbyte<2, false>)"),
    ("int4b-t", "cutlass/integer_subbyte.h:216 (using int4b_t = integer_subbyte<4, true>)"),
    ("uint4b-t", "cutlass/integer_subbyte.h:219 (using uint4b_t = integer_subbyte<4, false>)"),
    ("int6b-t", "cutlass/integer_subbyte.h:222 (using int6b_t = integer_subbyte<6, true>)"),
    ("uint6b-t", "cutlass/integer_subbyte.h:225 (using uint6b_t = integer_subbyte<6, false>)"),
    ("int2-t", "cute/numeric/int.hpp:50 (using int2_t = cutlass::int2b_t)"),
    ("int4-t", "cute/numeric/int.hpp:51 (using int4_t = cutlass::int4b_t)"),
    ("int6-t", "cute/numeric/int.hpp:52 (using int6_t = cutlass::int6b_t)"),
    ("uint1-t", "cute/numeric/int.hpp:79 (using uint1_t = cutlass::uint1b_t)"),
    ("uint2-t", "cute/numeric/int.hpp:80 (using uint2_t = cutlass::uint2b_t)"),
    ("uint4-t", "cute/numeric/int.hpp:81 (using uint4_t = cutlass::uint4b_t)"),
    ("uint6-t", "cute/numeric/int.hpp:82 (using uint6_t = cutlass::uint6b_t)"),
    ("uint-bit-t", "cute/numeric/int.hpp:91-100 (uint_bit<N> for N = 1, 2, 4, 6, 8, ..., 256)"),
    ("int-bit-t", "cute/numeric/int.hpp:59-64 (int_bit<N> for N = 2, 4, 8, 16, 32, 64)"),
    ("int8-t", "cute/numeric/int.hpp:53 (using CUTE_STL_NAMESPACE::int8_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("int16-t", "cute/numeric/int.hpp:54 (using CUTE_STL_NAMESPACE::int16_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("int32-t", "cute/numeric/int.hpp:55 (using CUTE_STL_NAMESPACE::int32_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("int64-t", "cute/numeric/int.hpp:56 (using CUTE_STL_NAMESPACE::int64_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("uint8-t", "cute/numeric/int.hpp:83 (using CUTE_STL_NAMESPACE::uint8_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("uint16-t", "cute/numeric/int.hpp:84 (using CUTE_STL_NAMESPACE::uint16_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("uint32-t", "cute/numeric/int.hpp:85 (using CUTE_STL_NAMESPACE::uint32_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("uint64-t", "cute/numeric/int.hpp:86 (using CUTE_STL_NAMESPACE::uint64_t), sizeof * 8 "
     "(cutlass/numeric_size.h:48)"),
    ("", "a C++ type: sizeof * 8 (cutlass/numeric_size.h:48)"),
]


def where(name):
    rest = name[len("algebra-type-"):]
    for key, text in WHERE:
        if rest.startswith(key):
            return text
    raise SystemExit("no source for " + name)


def main():
    cutlass, out = sys.argv[1:3]
    commit = os.environ.get("CUTLASS_COMMIT", "unknown")
    exe = "/tmp/cute_types_dump"
    subprocess.run(["g++", "-std=c++17", "-w", "-I", os.path.join(cutlass, "include"), "-I", CUDA,
                    "-I", os.path.join(CUDA, "cccl"), os.path.join(HERE, "cute_types_dump.cpp"),
                    "-o", exe], check=True)
    res = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    for line in res.splitlines():
        name, expr, result = line.split("\t")
        result = result.replace("_", "")
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "request.json"), "w") as f:
            json.dump({"layout": {"cute": expr}}, f, indent=2)
            f.write("\n")
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump({"algebra": {"result": result}}, f, indent=2)
            f.write("\n")
        with open(os.path.join(d, "SOURCE"), "w") as f:
            f.write("The element type's width as CuTe gives it (sizeof_bits_v): %s.\n" % where(name))
            f.write("Expected value printed by CuTe C++ (cute::print, static integers, underscores\n"
                    "dropped): tests/golden/tools/cute_types_dump.cpp compiled with g++ -std=c++17\n"
                    "against NVIDIA/cutlass include/ at commit %s.\n" % commit)


if __name__ == "__main__":
    main()
