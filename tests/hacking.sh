#!/bin/sh
# docs/hacking.md's recipes, counted against the tree: what a recipe says a
# change touches is what the tree holds.
#
#  - "Adding an endpoint": the route enum and the route table have the same
#    rows; every row but the unmatched one has its OpenAPI path with exactly
#    its methods and is named in docs/api.md; every handler of the table is
#    declared in http/http.h and defined in one src/http/*.c.
#  - "Adding a store backend": every `const struct store_ops store_X_ops`
#    sets every member of struct store_ops (store/backend.h), is declared
#    there with its open function, and store_open (store.c) reaches it.
#  - "The HTTP folder's layers": every src/http/*.c is in the layer table,
#    and, from the objects' symbols (nm), no file calls a function of a file
#    in a higher layer and the calls have no cycle.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${abs_top_builddir:-$PWD}
command -v python3 >/dev/null 2>&1 || { echo "hacking.sh: no python3"; exit 77; }
NM=$(command -v nm || true)
export top build NM
exec python3 - <<'EOF'
import collections, json, os, re, subprocess, sys

top, build, nm = os.environ["top"], os.environ["build"], os.environ["NM"]
fails = []


def read(rel):
    with open(os.path.join(top, rel)) as f:
        return f.read()


def check(ok, what):
    if not ok:
        fails.append(what)


# ---- Adding an endpoint ------------------------------------------------
http_h = read("src/http/http.h")
routes_c = read("src/http/routes.c")
enum = re.search(r"enum http_route \{(.*?)\};", http_h, re.S).group(1)
names = [n for n in re.findall(r"\b(ROUTE_[A-Z0-9_]+)\b", enum)]
rows = re.findall(r"\[(ROUTE_[A-Z0-9_]+)\]\s*=\s*\{\s*\"([^\"]*)\",\s*\"([^\"]*)\",\s*(\w+),", routes_c)
check(sorted(names) == sorted(r[0] for r in rows),
      "routes.c: the table's rows %s are not the enum's %s" % ([r[0] for r in rows], names))
api = json.loads(read("schema/openapi.json"))["paths"]
api_md = read("docs/api.md")
http_c = {f: read("src/http/" + f) for f in os.listdir(os.path.join(top, "src/http")) if f.endswith(".c")}
verbs = {"get", "put", "post", "delete", "patch"}
for name, tmpl, methods, handler in rows:
    if name == "ROUTE_NONE":
        continue
    want = {m.strip().lower() for m in methods.split(",") if m.strip()}
    got = {k for k in api.get(tmpl, {}) if k in verbs}
    check(tmpl in api, "%s: %s has no path in schema/openapi.json" % (name, tmpl))
    check(tmpl not in api or want == got,
          "%s: %s answers %s, openapi.json documents %s" % (name, tmpl, sorted(want), sorted(got)))
    check(tmpl in ("/", "/{asset}") or tmpl in api_md, "%s: %s is not in docs/api.md" % (name, tmpl))
    check(re.search(r"enum MHD_Result %s\(struct MHD_Connection \*c, struct http_req \*r\);" % handler,
                    http_h) is not None, "%s: its handler %s is not declared in http.h" % (name, handler))
    defs = [f for f, s in http_c.items() if re.search(r"^enum MHD_Result %s\(" % handler, s, re.M)]
    check(len(defs) == 1, "%s: its handler %s is defined in %s" % (name, handler, defs or "no file"))
for path in api:
    check(path in [r[1] for r in rows], "openapi.json: %s has no row in routes.c" % path)

# ---- Adding a store backend ----------------------------------------------
backend_h = read("src/store/backend.h")
store_c = read("src/store/store.c")
ops = re.search(r"struct store_ops \{(.*?)\n\};", backend_h, re.S).group(1)
members = re.findall(r"\(\*(\w+)\)\(", ops) + ["version", "scheme"]
backends = []
for f in sorted(os.listdir(os.path.join(top, "src/store"))):
    if not f.endswith(".c"):
        continue
    for var, body in re.findall(r"^const struct store_ops (store_\w+_ops) = \{(.*?)\n\};",
                                read("src/store/" + f), re.S | re.M):
        backends.append(var)
        set_ = re.findall(r"\.(\w+)\s*=", body)
        missing = [m for m in members if m not in set_]
        check(not missing, "%s (%s): sets no %s" % (var, f, ", ".join(missing)))
        check("extern const struct store_ops %s;" % var in backend_h,
              "%s: not declared in backend.h" % var)
        scheme = re.search(r"\.scheme\s*=\s*\"([^\"]+)\"", body)
        check(scheme and ('"%s://"' % scheme.group(1)) in store_c,
              "%s: store.c's store_open does not name the scheme %s://" % (var, scheme and scheme.group(1)))
        opener = var[:-len("_ops")] + "_open"
        check(re.search(r"struct store \*%s\(" % opener, backend_h) is not None,
              "%s: backend.h declares no %s" % (var, opener))
        check(opener + "(" in store_c, "%s: store_open does not call %s" % (var, opener))
check(len(backends) >= 2, "src/store: found the backends %s" % backends)

# ---- The HTTP folder's layers --------------------------------------------
hacking = read("docs/hacking.md")
sec = hacking.split("### The HTTP folder's layers", 1)
check(len(sec) == 2, "docs/hacking.md: no section \"The HTTP folder's layers\"")
layer = {}
if len(sec) == 2:
    for n, files in re.findall(r"^\| (\d+) \| ([^|]+) \|", sec[1], re.M):
        for f in re.findall(r"`(\w+)\.c`", files):
            layer[f] = int(n)
for f in http_c:
    check(f[:-2] in layer, "docs/hacking.md: %s is in no layer" % f)
objs = os.path.join(build, "src/http")
if nm and os.path.isdir(objs):
    owner, uses = {}, collections.defaultdict(set)
    files = [o for o in os.listdir(objs) if o.startswith("libhttp_a-") and o.endswith(".o")]
    for o in files:
        f = o[len("libhttp_a-"):-2]
        for line in subprocess.run([nm, "--defined-only", os.path.join(objs, o)],
                                   capture_output=True, text=True).stdout.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDRB":
                owner[p[2]] = f
    for o in files:
        f = o[len("libhttp_a-"):-2]
        for line in subprocess.run([nm, "-u", os.path.join(objs, o)],
                                   capture_output=True, text=True).stdout.splitlines():
            s = line.split()[-1]
            if s in owner and owner[s] != f:
                uses[f].add((owner[s], s))
    for f, us in uses.items():
        for g, s in us:
            check(layer.get(g, 99) <= layer.get(f, -1),
                  "%s.c (layer %s) calls %s of %s.c (layer %s)" % (f, layer.get(f), s, g, layer.get(g)))
    seen, done = set(), set()

    def visit(f, path):
        if f in done:
            return
        if f in seen:
            fails.append("a cycle of calls: " + " -> ".join(path + [f]))
            return
        seen.add(f)
        for g in sorted({g for g, _ in uses[f]}):
            visit(g, path + [f])
        done.add(f)
    for f in sorted(uses):
        visit(f, [])
    print("hacking.sh: %d routes, %d backends, %d http files in %d layers, %d calls between them"
          % (len(rows), len(backends), len(layer), len(set(layer.values())),
             sum(len(u) for u in uses.values())))
else:
    print("hacking.sh: no objects under %s: the layers' calls are not checked" % objs)

for f in fails:
    print("FAIL " + f)
sys.exit(1 if fails else 0)
EOF
