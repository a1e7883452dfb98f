#!/usr/bin/env python3
"""Golden cases from cute_algebra_docs.cpp: the worked examples of CUTLASS's
layout-algebra documentation and of the issue reports, as CuTe C++ prints
them.

  gen_cute_algebra_docs.py CUTLASS_DIR OUT_DIR

Compiles cute_algebra_docs.cpp (g++ -std=c++17, host only) against
CUTLASS_DIR/include, runs it, and writes OUT_DIR/<name>/ for every line it
prints (name, expression, result).  CUTLASS_COMMIT names the commit in SOURCE.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CUDA = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")
NOTES = {
    "algebra-issue-1353": "cutlass#1353: the composition of two 2x3 layouts is the 1-D composition "
                          "(the column-major A coalesces to 6:1), congruent with B.",
    "algebra-issue-2113": "cutlass#2113: rejected by CUTLASS <= 3.8, accepted by the current "
                          "composition.",
    "algebra-issue-2432": "cutlass#2432: the first 30 rows of a 32x128 tile, accepted since 3.9.",
    "algebra-issue-2545": "cutlass#2545: a Layout tiler is 1-D; a Shape tiler works by mode.",
    "algebra-issue-3058": "cutlass#3058: with static integers the size-1 mode of the dynamic "
                          "result (2,1):(_1,8) is coalesced away.",
    "algebra-issue-3485": "cutlass#3485: C++'s left_inverse, which pycute's differs from.",
}


def main():
    cutlass, out = sys.argv[1:3]
    commit = os.environ.get("CUTLASS_COMMIT", "unknown")
    exe = "/tmp/cute_algebra_docs"
    subprocess.run(["g++", "-std=c++17", "-w", "-I", os.path.join(cutlass, "include"), "-I", CUDA,
                    "-I", os.path.join(CUDA, "cccl"), os.path.join(HERE, "cute_algebra_docs.cpp"),
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
        exp = {"algebra": {"value": int(result)}} if result.isdigit() else \
            {"algebra": {"result": result}}
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump(exp, f, indent=2)
            f.write("\n")
        with open(os.path.join(d, "SOURCE"), "w") as f:
            if name.startswith("algebra-doc-"):
                f.write("A worked example of NVIDIA/cutlass media/docs/cpp/cute/02_layout_algebra.md.\n")
            for k, v in NOTES.items():
                if name.startswith(k):
                    f.write(v + "\n")
            f.write("Expected value printed by CuTe C++ (cute::print, static integers, underscores\n"
                    "dropped): tests/golden/tools/cute_algebra_docs.cpp compiled with g++ -std=c++17\n"
                    "against NVIDIA/cutlass include/ at commit %s.\n" % commit)


if __name__ == "__main__":
    main()
