#!/usr/bin/env python3
"""Golden cases for swizzled CuTe layouts, from CuTe itself.

Provenance only (not run by CI).  Input: the output of cute_swizzle_dump.cpp,
a host-only program compiled against NVIDIA/cutlass include/ (commit below):

  g++ -std=c++17 -I cutlass/include -I /usr/local/cuda/include \
      -I /usr/local/cuda/include/cccl cute_swizzle_dump.cpp -o dump && ./dump > dump.out

For each layout it prints CuTe's print() and std::cout text, the top-level
mode sizes and layout(i) for every colex index i (for layouts flagged with
smem_ptr_flag_bits: the offsets of as_position_independent_swizzle_layout,
checked element by element against a real swizzle_ptr tensor on a
1024-byte-aligned buffer).  This script turns them into request.json /
expected.json: the fingerprint is recomputed here from the offsets with the
byte encoding of docs/identity.md, probes come from the offsets, and a few
cases get an explicit-table twin that must share the fingerprint.

Usage: python3 ref_swizzle.py dump.out [--write]
"""
import hashlib, json, os, re, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)
CUTLASS = "NVIDIA/cutlass 7107b05535f8977f5ecb9d01ee203205b1fd9bc4"


def read_dump(path):
    cases, cur = {}, None
    for line in open(path):
        line = line.rstrip("\n")
        key, _, rest = line.partition(" ")
        if key == "CASE":
            cur = {"name": rest}
            cases[rest] = cur
        elif key in ("TEXT", "PRINT", "COUT", "PI"):
            cur[key] = rest
        elif key == "MODES":
            cur["modes"] = [int(x) for x in rest.split()]
        elif key == "COSIZE":
            cur["cosize"] = int(rest)
        elif key in ("OFF", "NAIVE"):
            cur[key] = [int(x) for x in rest.split()]
    return cases


def colex(i, modes):
    c = []
    for m in modes:
        c.append(i % m)
        i //= m
    return c


def rowmajor_index(c, modes):
    e = 0
    for x, m in zip(c, modes):
        e = e * m + x
    return e


def fingerprint(modes, offs):
    """docs/identity.md: one axis m, extent max+1, elements row-major."""
    ext = max(offs) + 1
    size = len(offs)
    by_elem = [None] * size
    for i, o in enumerate(offs):
        by_elem[rowmajor_index(colex(i, modes), modes)] = o
    body = hashlib.sha256()
    for o in by_elem:
        body.update(struct.pack("<IQ", 1, o))
    header = "layoutd-fingerprint/1\nshape" + "".join(" %d" % m for m in modes)
    header += "\naxes m=%d\nbody " % ext
    return "sha256:" + hashlib.sha256(header.encode() + body.digest()).hexdigest()


def verdict(offs):
    ext = max(offs) + 1
    distinct = len(set(offs)) == len(offs)
    hole_free = len(set(offs)) == ext
    return {"complete": True, "collision_free": distinct, "replicas_distinct": True,
            "in_bounds": True, "hole_free": hole_free,
            "bijective": distinct and hole_free, "round_trip": distinct}


def probes(modes, offs):
    pts = set()
    size = len(offs)
    for i in (0, 1, modes[0] - 1 if modes[0] > 1 else 0, modes[0] if size > modes[0] else 0,
              size // 3, size // 2 + 5 if size > 10 else 0, size - 1):
        pts.add(min(i, size - 1))
    out = []
    for i in sorted(pts):
        c = colex(i, modes)
        out.append((c, offs[i]))
    return out


SW = re.compile(r"Sw<(-?\d+),(-?\d+),(-?\d+)>")
FLAG = re.compile(r"smem_ptr\[(\d+)b\]")


def structure(case, text_kind):
    """structure.swizzle as layoutd must report it (docs/notations.md)."""
    b, m, s = (int(x) for x in SW.match(case["PRINT"]).groups())
    flag = FLAG.search(case["PRINT"])
    if flag and text_kind != "cout":
        bits = int(flag.group(1))
        period = m + b + abs(s)
        return {"B": b, "M": m, "S": s, "on": "bytes", "element_bits": bits,
                "base_alignment_bytes": (1 << period) if b > 0 else (1 << m)}
    return {"B": b, "M": m, "S": s, "on": "elements"}


def checked_warnings(request, want, offs, case):
    """The warnings layoutd gives, after checking their codes and numbers
    against CuTe's offsets; the messages are pinned as produced."""
    import subprocess, tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(request, f)
    out = subprocess.run([os.environ.get("LAYOUTD", "layoutd"), "check", "--json", f.name],
                         capture_output=True, text=True).stdout
    os.unlink(f.name)
    got = json.loads(out)["warnings"]
    codes = [w["code"] for w in got]
    assert sorted(codes) == sorted(want), (codes, want)
    for w in got:
        for k, v in want[w["code"]].items():
            assert w[k] == v, (w, k, v)
        if w["code"] == "swizzle_past_cosize":
            cos = case["cosize"]
            assert w["cosize"] == cos and w["max_offset"] == max(offs)
            assert w["elements_past"] == sum(1 for o in offs if o >= cos)
        if w["code"] == "swizzle_above_image":
            assert w["image_max"] < (1 << w["bits"][0]) and all(o < (1 << w["bits"][0]) for o in offs)
    return got


def write_case(name, request, expected, source, write):
    d = os.path.join(GOLDEN, name)
    if write:
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "request.json"), "w") as f:
            json.dump(request, f, indent=1)
            f.write("\n")
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump(expected, f, indent=1)
            f.write("\n")
        with open(os.path.join(d, "SOURCE"), "w") as f:
            f.write(source)
    print(name, expected.get("fingerprint", ""))


def main():
    cases = read_dump(sys.argv[1])
    write = "--write" in sys.argv
    plan = json.load(open(os.path.join(HERE, "swizzle_cases.json")))
    for item in plan:
        case = cases[item["case"]]
        kind = item.get("text", "name")
        text = {"name": case["TEXT"], "print": case["PRINT"], "cout": case["COUT"],
                "pycute": None, "dsl": None}.get(kind)
        if kind in ("pycute", "dsl"):
            b, m, s = SW.match(case["COUT"]).groups()
            lay = case["COUT"].split(" o ", 2)[2].replace("_", "")
            if kind == "pycute":
                lay = lay.replace(",", ", ")
                text = "SW_%s_%s_%s o 0 o %s" % (b, m, s, lay)
            else:
                text = "S<%s,%s,%s> o 0 o %s" % (b, m, s, lay)
        if "text_override" in item:
            text = item["text_override"]
        offs = case["NAIVE"] if kind == "cout" and "NAIVE" in case else case["OFF"]
        modes = case["modes"]
        layout = {"cute": text}
        layout.update(item.get("layout", {}))
        pr = probes(modes, offs)
        request = {"layout": layout, "probe": [c for c, _ in pr]}
        expected = {"logical": {"shape": modes}, "placements": len(offs),
                    "fingerprint": fingerprint(modes, offs), "verdict": verdict(offs),
                    "probe": [{"logical": c, "places": [{"m": o}]} for c, o in pr]}
        if item.get("structure", True):
            st = structure(case, kind)
            if "element_bits" in item.get("layout", {}) and st["on"] == "elements":
                st["element_bits"] = item["layout"]["element_bits"]
            expected["structure"] = {"swizzle": st}
        expected.update(item.get("expect", {}))
        if "warn" in item:
            expected["warnings"] = checked_warnings(request, item["warn"], offs, case)
        src = ("Source: %s, computed by CuTe itself: tests/golden/tools/cute_swizzle_dump.cpp "
               "(host-only C++17 against include/) case %s.\n" % (CUTLASS, item["case"]))
        src += "CuTe print(): %s\nstd::cout:    %s\n" % (case["PRINT"], case["COUT"])
        if "PI" in case:
            src += ("print_layout form (as_position_independent_swizzle_layout): %s\n"
                    "Offsets: the physical element offsets of a swizzle_ptr tensor on a "
                    "1024-byte-aligned base (checked equal to the form above).\n" % case["PI"])
        if kind == "cout" and "NAIVE" in case:
            src += ("The text is the std::cout form, which drops the smem_ptr flag: CuTe "
                    "evaluates it on element offsets (layout(i)), as layoutd must.\n")
        src += item.get("why", "") + "\n"
        src += ("Expected: the fingerprint recomputed from CuTe's offsets with the encoding "
                "of docs/identity.md, probes = CuTe's offsets (tests/golden/tools/ref_swizzle.py).\n")
        write_case(item["golden"], request, expected, src, write)
        if item.get("twin"):
            rows = []
            for i, o in enumerate(offs):
                rows.append([colex(i, modes), {"m": o}])
            rows.sort(key=lambda r: rowmajor_index(r[0], modes))
            treq = {"layout": {"table": rows, "logical": modes}}
            texp = {"fingerprint": expected["fingerprint"], "verdict": expected["verdict"]}
            write_case(item["golden"] + "-table-twin", treq, texp,
                       "Twin of %s: the same CuTe offsets as an explicit table; the relation "
                       "is all that counts, so the fingerprint is the same.\n%s" % (item["golden"], src),
                       write)


if __name__ == "__main__":
    main()
