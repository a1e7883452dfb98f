"""layoutd: check GPU data layouts from Python against a layoutd daemon.

    import layoutd
    r = layoutd.check("(8,16):(16,1)", expect={"bijective": True})
    assert r.ok and r.verdict.bijective

A layout is a definition dict ({"cute": "..."}, {"ttgir": "...", "shape": [...]}),
the text of one notation (CuTe Shape:Stride or Layout<...>, Axe S[...], TTGIR
#ttg..., a linear layout's printed lines, a TileLang Fragment(...)), or any
object whose str() is such a text, for example a pycute Layout.

Only the standard library is used.  The daemon's address comes from the url
argument, else LAYOUTD_SERVER, else http://127.0.0.1:8080; the token from the
token argument, else LAYOUTD_TOKEN.
"""

import json
import os
import re
import socket
import urllib.error
import urllib.parse
import urllib.request

__all__ = [
    "Analysis",
    "AuthError",
    "NotFound",
    "CheckFailed",
    "Client",
    "Error",
    "LayoutError",
    "ServerError",
    "Unavailable",
    "Version",
    "analyze",
    "check",
    "definition",
    "push",
    "pull",
]
__version__ = "0.1.0"

DEFAULT_URL = "http://127.0.0.1:8080"


class Error(Exception):
    """Every error this module raises."""


class Unavailable(Error, ConnectionError):
    """The daemon could not be reached (refused, timed out, name unknown)."""

    def __init__(self, url, reason):
        super().__init__(f"layoutd at {url} is unavailable: {reason}")
        self.url = url
        self.reason = reason


class ServerError(Error):
    """The daemon answered with a problem document (RFC 9457).

    status, code, title, detail, pointer and position are the document's
    members (position is None when the problem has none); problem is the
    whole document as a dict.
    """

    def __init__(self, status, problem):
        self.status = status
        self.problem = problem
        self.code = problem.get("code")
        self.title = problem.get("title")
        self.detail = problem.get("detail") or problem.get("title") or f"HTTP {status}"
        self.pointer = problem.get("pointer")
        self.position = problem.get("position")
        where = ""
        if self.pointer:
            where += f" at {self.pointer}"
        if self.position is not None:
            where += f" (character {self.position})"
        super().__init__(f"{self.code or status}: {self.detail}{where}")


class LayoutError(ServerError):
    """The layout or the request is wrong, and the daemon says where: the
    machine code (code), the JSON pointer into the request (pointer) and,
    for notation text, the character offset into that text (position)."""


class AuthError(ServerError):
    """The daemon refused the token (401: none or unknown; 403: not allowed)."""


class NotFound(ServerError):
    """No such analysis, layout name or version (404)."""


class CheckFailed(Error, AssertionError):
    """check() found the layout analysed but its verdict failed; analysis
    holds the whole answer (its expect.failures say which expectation)."""

    def __init__(self, analysis):
        self.analysis = analysis
        why = []
        exp = analysis.get("expect") or {}
        for f in exp.get("failures") or []:
            why.append(f.get("detail") or json.dumps(f, sort_keys=True) if isinstance(f, dict) else str(f))
        verdict = analysis.get("verdict") or {}
        for key in ("complete", "collision_free", "replicas_distinct", "in_bounds"):
            if verdict.get(key) is False and not why:
                why.append(f"{key} is false")
        super().__init__("layout check failed: " + ("; ".join(why) if why else "not ok"))


class _Fields:
    """A JSON object read as attributes (r.verdict.bijective) or as a dict
    (r["verdict"]["bijective"]); nested objects are read the same way."""

    def __init__(self, data):
        self._data = data

    def __getattr__(self, name):
        data = self.__dict__.get("_data")
        if data is None or name.startswith("__"):
            raise AttributeError(name)
        if name not in data:
            raise AttributeError(f"no field {name!r} (fields: {', '.join(sorted(data))})")
        return _wrap(data[name])

    def __getitem__(self, key):
        return _wrap(self._data[key])

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if isinstance(other, _Fields):
            return self._data == other._data
        return self._data == other

    def __dir__(self):
        return sorted(set(self._data) | set(super().__dir__()))

    def get(self, key, default=None):
        return _wrap(self._data.get(key, default))

    def keys(self):
        return self._data.keys()

    def to_dict(self):
        """The JSON object itself (the caller may keep it; not a copy)."""
        return self._data

    def __repr__(self):
        return f"{type(self).__name__}({json.dumps(self._data, sort_keys=True)[:200]})"


def _wrap(v):
    if isinstance(v, dict):
        return _Fields(v)
    if isinstance(v, list):
        return [_wrap(x) for x in v]
    return v


class Analysis(_Fields):
    """One analysis (the daemon's /v1/analyze answer): id, fingerprint,
    logical, physical, placements, ok, verdict, replication, collisions,
    duplicates, holes, unplaced, out_of_bounds, round_trip, owners,
    warnings, expect and, when asked, probe and access."""

    def __bool__(self):
        return bool(self._data.get("ok"))


class Version(_Fields):
    """A registered version: name, version, id, fingerprint, layout,
    analysis (a summary), created, created_by."""


# --- what a layout is -----------------------------------------------------

_LAYOUT_TYPE = re.compile(r"Layout<")


def _guess_notation(text):
    """The notation key of a pasted text, from what each one's text always
    holds (the rules layoutd check uses for a file); None when none fits."""
    t = text.strip()
    if any(s in t for s in ("#ttg.", "#triton_gpu.", "tensor<", "!ttg.")):
        return "ttgir"
    if t.startswith("Fragment(") or "inferred layout:" in t:
        return "expr"
    if t.startswith("Layout("):
        # pycute's repr is Layout((8,16),(16,1)); TileLang prints Layout(...) of names
        return "cute" if re.match(r"Layout\(\s*[\d(]", t) else "expr"
    if "->" in t:
        return "linear"
    layout_type = _LAYOUT_TYPE.search(t) is not None
    if t[:1] in ("S", "R", "O") and t[1:].lstrip(" \t")[:1] == "[":
        return "axe"
    if t.startswith(("T.", "ComposeLayout", "TileLayout", "SwizzleLayout")):
        return "axe"
    if "@" in t and not layout_type:
        return "axe"
    if (layout_type or ":" in t or "Sw<" in t or "composition(" in t or "tile_to_shape" in t
            or t.startswith(("Layout(", "ComposedLayout("))):
        return "cute"
    return None


def definition(layout, notation=None, logical=None, shape=None, role=None, **extra):
    """The JSON definition of layout: a dict is taken as it is; text (or an
    object whose str() is notation text, such as a pycute Layout) is put
    under its notation's key, guessed when notation is None.  logical,
    shape (TTGIR tensor shape) and role (CuTe "memory" or "tv") are added
    when given, and so are extra definition members (physical, axes, ...)."""
    if isinstance(layout, _Fields):
        layout = layout.to_dict()
    if isinstance(layout, dict):
        d = dict(layout)
    else:
        text = layout if isinstance(layout, str) else str(layout)
        key = notation
        if key is None:
            mod = type(layout).__module__ or ""
            key = "cute" if "pycute" in mod or "cute" == mod.split(".")[-1] else _guess_notation(text)
        if key is None:
            raise ValueError(
                "the text is in no notation layoutd recognises (CuTe Shape:Stride or "
                "Layout<...>, Axe S[...], TTGIR #ttg..., a linear layout's lines, "
                "TileLang Fragment(...)); pass notation=")
        d = {key: text}
    if logical is not None:
        d["logical"] = list(logical) if not isinstance(logical, dict) else logical
    if shape is not None:
        d["shape"] = list(shape)
    if role is not None:
        d["cute_role"] = role
    d.update(extra)
    return d


def _request(layout, expect=None, probe=None, access=None, **how):
    if isinstance(layout, dict) and "layout" in layout and not how:
        req = dict(layout)  # already a whole request
    else:
        req = {"layout": definition(layout, **how)}
    if expect is not None:
        req["expect"] = expect
    if probe is not None:
        req["probe"] = probe
    if access is not None:
        req["access"] = access
    return req


# --- the daemon -----------------------------------------------------------

class Client:
    """A layoutd daemon at url, writing with token (both optional: the
    environment's LAYOUTD_SERVER and LAYOUTD_TOKEN, else the loopback
    default and no token).  timeout is in seconds, per request."""

    def __init__(self, url=None, token=None, timeout=30.0):
        self.url = (url or os.environ.get("LAYOUTD_SERVER") or DEFAULT_URL).rstrip("/")
        self.token = token if token is not None else os.environ.get("LAYOUTD_TOKEN")
        self.timeout = timeout

    def __repr__(self):
        return f"Client({self.url!r})"

    def _call(self, method, path, body=None, accept_422=False, raw=False):
        """(status, parsed body or bytes) of one request; problem documents
        raise (LayoutError for 4xx with a code, ServerError otherwise)."""
        data = None
        headers = {"Accept": "application/json, application/problem+json"}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                status, ctype, payload = resp.status, resp.headers.get("Content-Type", ""), resp.read()
        except urllib.error.HTTPError as e:
            status, ctype, payload = e.code, e.headers.get("Content-Type", ""), e.read()
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as e:
            raise Unavailable(self.url, getattr(e, "reason", e)) from e
        ctype = ctype.split(";")[0].strip().lower()
        if ctype == "application/problem+json" or (status >= 400 and not (status == 422 and accept_422)):
            try:
                problem = json.loads(payload.decode("utf-8", "replace"))
            except ValueError:
                problem = {"title": payload.decode("utf-8", "replace")[:500]}
            if not isinstance(problem, dict):
                problem = {"title": str(problem)}
            cls = ServerError
            if status in (401, 403):
                cls = AuthError
            elif status == 404:
                cls = NotFound
            elif status in (400, 413, 422) and problem.get("code"):
                cls = LayoutError
            raise cls(status, problem)
        if raw:
            return status, payload
        try:
            return status, json.loads(payload.decode("utf-8"))
        except ValueError as e:
            raise ServerError(status, {"title": f"the answer is not JSON: {e}"}) from e

    def analyze(self, layout, expect=None, probe=None, access=None, **how):
        """The analysis of layout (always returned, whether or not it is ok)."""
        _, body = self._call("POST", "/v1/analyze", _request(layout, expect, probe, access, **how))
        return Analysis(body)

    def check(self, layout, expect=None, probe=None, access=None, **how):
        """The analysis of layout if it is ok; CheckFailed (an AssertionError
        carrying .analysis) if a verdict or an expectation fails."""
        status, body = self._call("POST", "/v1/check", _request(layout, expect, probe, access, **how),
                                  accept_422=True)
        a = Analysis(body)
        if status == 422 or not a.get("ok"):
            raise CheckFailed(a)
        return a

    def analysis(self, id):
        """A cached analysis by its id (sha256:...)."""
        _, body = self._call("GET", "/v1/analyses/" + urllib.parse.quote(id, safe=":"))
        return Analysis(body)

    def print(self, layout_or_id, format="cute", **how):
        """The picture upstream tools print of a layout (format cute, latex,
        triton or triton-hw), as text; layout_or_id is an analysis id or a
        layout, which is analysed first."""
        if isinstance(layout_or_id, str) and layout_or_id.startswith("sha256:"):
            id = layout_or_id
        else:
            id = self.analyze(layout_or_id, **how).id
        q = urllib.parse.urlencode({"format": format})
        _, payload = self._call("GET", f"/v1/analyses/{urllib.parse.quote(id, safe=':')}/print?{q}",
                                raw=True)
        return payload.decode("utf-8")

    def push(self, name, layout, expect=None, description=None, **how):
        """Register layout under name: a new version if the definition
        changed, the latest one if not.  Returns the Version."""
        body = _request(layout, expect, **how)
        if description is not None:
            body["description"] = description
        _, v = self._call("PUT", "/v1/layouts/" + urllib.parse.quote(name, safe=""), body)
        return Version(v)

    def pull(self, name, version=None):
        """A registered version: "name", "name@3", or name with version=3;
        the latest when no version is named."""
        if version is None and "@" in name:
            name, version = name.rsplit("@", 1)
        path = "/v1/layouts/" + urllib.parse.quote(name, safe="")
        if version is not None:
            path += f"/versions/{int(version)}"
        _, v = self._call("GET", path)
        return Version(v)

    def versions(self, name):
        """Every live version of name, oldest first."""
        _, body = self._call("GET", "/v1/layouts/" + urllib.parse.quote(name, safe="") + "/versions")
        items = body.get("versions", body.get("items", [])) if isinstance(body, dict) else body
        return [Version(v) for v in items]

    def lint(self, text, file=None, **options):
        """The findings of a whole TTGIR module (the text of a .mlir dump)."""
        body = {"text": text}
        if file is not None:
            body["file"] = file
        body.update(options)
        _, r = self._call("POST", "/v1/lint", body)
        return _Fields(r)


def analyze(layout, expect=None, url=None, token=None, **how):
    """Client(url, token).analyze(layout, expect, ...)."""
    return Client(url, token).analyze(layout, expect=expect, **how)


def check(layout, expect=None, url=None, token=None, **how):
    """Client(url, token).check(layout, expect, ...): the analysis if ok,
    CheckFailed (an AssertionError) if not, LayoutError where the layout is
    wrong, Unavailable when no daemon answers."""
    return Client(url, token).check(layout, expect=expect, **how)


def push(name, layout, expect=None, url=None, token=None, **how):
    return Client(url, token).push(name, layout, expect=expect, **how)


def pull(name, version=None, url=None, token=None):
    return Client(url, token).pull(name, version)
