"""layoutd: check GPU data layouts from Python against a layoutd daemon.

    import layoutd
    r = layoutd.check("(8,16):(16,1)", expect={"bijective": True})
    assert r.ok and r.verdict.bijective

A layout is a definition dict ({"cute": "..."}, {"ttgir": "...", "shape": [...]}),
the text of a notation (sent as {"text": ...}: the daemon detects which one
it is, exactly as `layoutd check` does for a file), or any object whose str()
is such a text, for example a pycute Layout.  The members of a request --
expect, probe, access, suggest, convert, tmem, copy -- are keyword arguments of
analyze, check and push and go beside the layout, never into it.

Only the standard library is used.  The daemon's address comes from the url
argument, else LAYOUTD_SERVER, else http://127.0.0.1:8080; the token from the
token argument, else LAYOUTD_TOKEN; the CA certificates that https trusts
from the cacert argument, else LAYOUTD_CACERT, else the system store.
"""

import email.utils
import json
import os
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request

__all__ = [
    "Analysis",
    "AuthError",
    "CheckFailed",
    "Client",
    "Comparison",
    "Error",
    "LayoutError",
    "Lint",
    "LintFailed",
    "NotFound",
    "ServerError",
    "Unavailable",
    "Version",
    "analyze",
    "check",
    "compare",
    "definition",
    "lint",
    "ls",
    "pull",
    "push",
    "request",
]
__version__ = "0.1.0"

DEFAULT_URL = "http://127.0.0.1:8080"


class Error(Exception):
    """Every error this module raises."""


class Unavailable(Error, ConnectionError):
    """The daemon could not be reached (refused, timed out, name unknown,
    a certificate not trusted)."""

    def __init__(self, url, reason):
        hint = ""
        if isinstance(reason, ssl.SSLError) or "CERTIFICATE_VERIFY_FAILED" in str(reason):
            hint = ("; give the server's CA certificate with cacert=FILE (or LAYOUTD_CACERT) "
                    "when it is not in the system store")
        super().__init__(f"layoutd at {url} is unavailable: {reason}{hint}")
        self.url = url
        self.reason = reason


class ServerError(Error):
    """The daemon answered with an error, a problem document (RFC 9457).

    status, type, code, title, detail, pointer and position are the
    document's members (None when it has none: position is given for
    notation text only); problem is the whole document as a dict, and
    analysis the analysis a refused registration carries (expect_failed).
    """

    def __init__(self, status, problem):
        self.status = status
        self.problem = problem
        self.type = problem.get("type")
        self.code = problem.get("code")
        self.title = problem.get("title")
        self.detail = problem.get("detail") or problem.get("title") or f"HTTP {status}"
        self.pointer = problem.get("pointer")
        self.position = problem.get("position")
        a = problem.get("analysis")
        self.analysis = Analysis(a) if isinstance(a, dict) else None
        where = ""
        if self.pointer:
            where += f" at {self.pointer}"
        if self.position is not None:
            where += f" (character {self.position})"
        super().__init__(f"{status} {self.code or self.title or 'error'}: {self.detail}{where}")


class LayoutError(ServerError):
    """The layout or the request is wrong, and the daemon says where: the
    machine code (code), the JSON pointer into the request (pointer, or
    /query/<parameter>) and, for notation text, the character offset into
    that text (position)."""


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
            why.append(_failure_text(f))
        verdict = analysis.get("verdict") or {}
        for key in ("complete", "collision_free", "replicas_distinct", "in_bounds"):
            if verdict.get(key) is False and not why:
                why.append(f"{key} is false")
        super().__init__("layout check failed: " + ("; ".join(why) if why else "not ok"))


def _failure_text(f):
    if isinstance(f, _Fields):
        f = f.to_dict()
    if not isinstance(f, dict):
        return str(f)
    if f.get("detail"):
        return f["detail"]
    if "field" in f:
        return f"{f['field']}: expected {f.get('expected')!r}, got {f.get('actual')!r}"
    return json.dumps(f, sort_keys=True)


class LintFailed(Error, AssertionError):
    """lint() read the module but a finding fails a threshold (or could not
    be analysed); lint holds the whole answer, failures the findings that
    fail."""

    def __init__(self, lint):
        self.lint = lint
        self.failures = [f for f in lint.get("findings") or [] if f.get("fails") or f.get("kind") == "error"]
        lines = [_finding_text(lint.get("file"), f) for f in self.failures[:8]]
        if len(self.failures) > 8:
            lines.append(f"... and {len(self.failures) - 8} more")
        n = len(self.failures)
        super().__init__(f"lint failed: {n} finding{'s' if n != 1 else ''} fail\n  " + "\n  ".join(lines))


def _finding_text(file, f):
    loc = f.get("loc")
    if loc:
        where = f"{loc.get('file')}:{loc.get('line')}:{loc.get('column')}"
    else:
        where = f"{file}:{f.get('line')}:{f.get('column')}"
    kind = f.get("kind")
    if kind == "bank_conflicts":
        what = f"{f.get('bank_conflicts')} bank conflicts"
    elif kind == "conversion":
        what = f"{f.get('conversion')} conversion"
    elif kind == "tmem":
        what = "tmem: " + "; ".join(str(r) for r in (f.get("tmem") or {}).get("reasons") or [])
    elif kind == "error":
        what = f"error: {(f.get('error') or {}).get('message')}"
    else:
        what = str(kind)
    reason = f.get("reason")
    return f"{where}: {f.get('op')}: {what}" + (f" ({reason})" if reason else "")


class _Fields:
    """A JSON object read as attributes (r.verdict.bijective) or as a dict
    (r["verdict"]["bijective"]); nested objects are read the same way."""

    def __init__(self, data):
        self._data = data

    def __getattr__(self, name):
        data = self.__dict__.get("_data")
        if data is None or name.startswith("_"):
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
    notation, logical, physical, placements, ok, verdict, replication,
    collisions, duplicates, holes, unplaced, out_of_bounds, round_trip,
    owners, warnings, expect and, when asked, probe, access, convert, tmem,
    copy.

    In a notebook it draws itself as the daemon's grid (_repr_svg_); svg()
    draws a window of a larger tile, table() lists its placements."""

    def __init__(self, data, client=None):
        super().__init__(data)
        self._client = client

    def __bool__(self):
        return bool(self._data.get("ok"))

    def __repr__(self):
        d = self._data
        logical = (d.get("logical") or {}).get("shape")
        verdict = d.get("verdict") or {}
        fields = [f"ok={d.get('ok')!r}", f"notation={d.get('notation')!r}", f"logical={logical!r}",
                  f"placements={d.get('placements')!r}", f"bijective={verdict.get('bijective')!r}"]
        for key in ("access", "convert", "tmem", "copy"):
            if isinstance(d.get(key), dict):
                fields.append(f"{key}=...")
        fields.append(f"id={str(d.get('id'))[:19]!r}")
        return f"Analysis({', '.join(fields)})"

    def _owner(self):
        return self._client if self._client is not None else Client()

    def svg(self, **window):
        """The daemon's grid.svg of this analysis, as text; window is row0,
        col0, rows, cols (a tile past 16384 cells is drawn a window at a
        time: LayoutError too_large otherwise)."""
        return self._owner().svg(self, **window)

    def _repr_svg_(self):
        """The grid for IPython/Jupyter, or None when the daemon draws none
        (a tile past one picture, a layout no longer cached)."""
        if "_svg" not in self.__dict__:
            try:
                self.__dict__["_svg"] = self.svg()
            except Error:
                self.__dict__["_svg"] = None
        return self.__dict__["_svg"]

    def table(self, **options):
        """Client.table of this analysis: its placement (or inverse) rows."""
        return self._owner().table(self, **options)


class Version(_Fields):
    """A registered version: name, version, id, fingerprint, layout,
    checks, analysis (a summary), description, created, created_by."""


class Comparison(_Fields):
    """compare()'s answer: equal, differing, differences, a, b, reason;
    true when equal."""

    def __bool__(self):
        return bool(self._data.get("equal"))


class Lint(_Fields):
    """lint()'s answer: file, modules, findings, ok, failed, errors; true
    when ok."""

    def __bool__(self):
        return bool(self._data.get("ok"))


# --- what a layout and a request are ---------------------------------------

def definition(layout, notation=None, logical=None, shape=None, role=None, **extra):
    """The JSON definition of layout.  A dict is taken as it is; text (or an
    object whose str() is notation text, such as a pycute Layout) goes under
    "text" for the daemon to detect its notation, or under notation when
    given ("cute", "ttgir", ...).  logical, shape (TTGIR tensor shape) and
    role (CuTe "memory" or "tv") are added when given, and so are extra
    definition members (physical, axes, element_bits, ...)."""
    if isinstance(layout, _Fields):
        layout = layout.to_dict()
    if isinstance(layout, dict):
        d = dict(layout)
    else:
        d = {notation or "text": layout if isinstance(layout, str) else str(layout)}
    if logical is not None:
        d["logical"] = list(logical) if not isinstance(logical, dict) else logical
    if shape is not None:
        d["shape"] = list(shape)
    if role is not None:
        d["cute_role"] = role
    d.update(extra)
    return d


def _other(side, layout):
    """A second layout of a request (convert.to, access.threads): a dict as
    it is; text takes the logical shape (logical, shape) of layout, the
    same tile."""
    if isinstance(side, _Fields):
        side = side.to_dict()
    if isinstance(side, dict):
        return side
    tile = {k: layout[k] for k in ("logical", "shape") if isinstance(layout, dict) and k in layout}
    return definition(side, **tile)


def request(layout, expect=None, probe=None, access=None, suggest=None, convert=None, tmem=None, copy=None,
            sections=None, **how):
    """The body of an analysis request: the definition of layout (how: the
    arguments of definition()) and the request members beside it.

    expect   {"bijective": True, "owners": 32, "bank_conflicts": 0, ...}
    probe    logical coordinates to place: [[1, 3], ...]
    access   {"threads": <layout>, "element_bits": 16, ...}: a warp reading it
    suggest  "swizzle": a conflict-free swizzle for the access
    convert  {"to": <layout>, "element_bits": 32, ...}, or the layout alone
    tmem     True (or {"match": True}): the SM100 TMEM atoms it equals
    copy     {"instruction": "auto", "threads": <layout>, ...}: which ldmatrix /
             stmatrix moves it, or {"instruction": "tma", "global": ..., "box": ...}
    sections {name: value}: further request members, sent as given (a
             section of the daemon this client has no keyword for; the
             daemon checks them, and refuses an unknown one at /name)

    A <layout> given as text there is read on the same tile as layout.  A
    dict that already has "layout" is a whole request; the members given
    are added to it."""
    if isinstance(layout, _Fields):
        layout = layout.to_dict()
    if isinstance(layout, dict) and "layout" in layout and not how:
        req = dict(layout)
    else:
        req = {"layout": definition(layout, **how)}
    base = req["layout"]
    if expect is not None:
        req["expect"] = expect
    if probe is not None:
        req["probe"] = [list(p) for p in probe]
    if access is not None:
        a = dict(access.to_dict() if isinstance(access, _Fields) else access)
        if "threads" in a:
            a["threads"] = _other(a["threads"], base)
        req["access"] = a
    if suggest is not None:
        req["suggest"] = suggest
    if convert is not None:
        if isinstance(convert, _Fields):
            convert = convert.to_dict()
        c = dict(convert) if isinstance(convert, dict) and "to" in convert else {"to": convert}
        c["to"] = _other(c["to"], base)
        req["convert"] = c
    if tmem is not None:
        req["tmem"] = {"match": tmem} if isinstance(tmem, bool) else tmem
    if copy is not None:
        c = dict(copy.to_dict() if isinstance(copy, _Fields) else copy)
        if "threads" in c:
            c["threads"] = _other(c["threads"], base)
        req["copy"] = c
    for name, value in (sections or {}).items():
        req[name] = value
    return req


def _quote(s):
    return urllib.parse.quote(s, safe=":")


# --- the daemon ------------------------------------------------------------

class _Redirects(urllib.request.HTTPRedirectHandler):
    """A redirect keeps the method and the body, as the command line's does
    (up to 5, http and https only); the token goes to its own host only."""

    max_redirections = 5
    http_error_308 = urllib.request.HTTPRedirectHandler.http_error_302  # before Python 3.11

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if code not in (301, 302, 303, 307, 308):
            return None
        new = urllib.parse.urlsplit(newurl)
        if new.scheme not in ("http", "https"):
            return None
        keep = dict(req.headers)
        if new.netloc != urllib.parse.urlsplit(req.full_url).netloc:
            keep = {k: v for k, v in keep.items() if k.lower() != "authorization"}
        return urllib.request.Request(newurl, data=req.data, headers=keep, method=req.get_method(),
                                      origin_req_host=req.origin_req_host, unverifiable=True)


class Client:
    """A layoutd daemon at url, writing with token, trusting the CA
    certificates in cacert for https (each optional: LAYOUTD_SERVER,
    LAYOUTD_TOKEN and LAYOUTD_CACERT, else the loopback default, no token
    and the system store).  timeout is in seconds, per request; a 503 is
    asked again up to retries times, after its Retry-After (at most 60 s;
    1, 2, 4 s without one)."""

    def __init__(self, url=None, token=None, timeout=30.0, cacert=None, retries=3):
        self.url = (url or os.environ.get("LAYOUTD_SERVER") or DEFAULT_URL).rstrip("/")
        self.token = token if token is not None else os.environ.get("LAYOUTD_TOKEN")
        self.timeout = timeout
        self.retries = retries
        self.cacert = cacert if cacert is not None else (os.environ.get("LAYOUTD_CACERT") or None)
        tls = None
        if self.cacert:
            try:
                tls = ssl.create_default_context(cafile=self.cacert)
            except (OSError, ssl.SSLError) as e:
                raise Error(f"cacert {self.cacert}: {e}") from e
        self._opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=tls), _Redirects)

    def __repr__(self):
        return f"Client({self.url!r})"

    def _send(self, method, path, body, accept):
        """(status, content type, payload) of one request, asked again after
        a 503 while retries last; Unavailable when nobody answers."""
        for attempt in range(self.retries + 1):
            status, headers, payload = self._send_once(method, path, body, accept)
            if status != 503 or attempt == self.retries:
                break
            time.sleep(_retry_after(headers.get("Retry-After"), attempt))
        return status, headers.get("Content-Type", ""), payload

    def _send_once(self, method, path, body, accept):
        data = None
        headers = {"Accept": accept}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read()
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as e:
            raise Unavailable(self.url, getattr(e, "reason", e)) from e

    def _call(self, method, path, body=None, accept_422=False, raw=False):
        """(status, parsed body or bytes) of one request; a problem document
        raises (LayoutError for a located 400/413/422, AuthError, NotFound,
        ServerError otherwise).  accept_422: a 422 that is not a problem is
        an answer (a failed check, failed lint findings)."""
        accept = "*/*" if raw else "application/json, application/problem+json"
        status, ctype, payload = self._send(method, path, body, accept)
        ctype = ctype.split(";")[0].strip().lower()
        if ctype == "application/problem+json" or (status >= 400 and not (status == 422 and accept_422)):
            raise _problem(status, payload)
        if raw:
            return status, payload
        try:
            return status, json.loads(payload.decode("utf-8"))
        except ValueError as e:
            raise ServerError(status, {"title": f"the answer is not JSON: {e}"}) from e

    def _id(self, layout_or_id, **how):
        """The analysis id of an id, an Analysis, or a layout (analysed)."""
        if isinstance(layout_or_id, str) and layout_or_id.startswith("sha256:"):
            return layout_or_id
        if isinstance(layout_or_id, Analysis):
            return layout_or_id.id
        return self.analyze(layout_or_id, **how).id

    def analyze(self, layout, expect=None, **members):
        """The analysis of layout (always returned, whether or not it is ok);
        members are those of request() and the arguments of definition()."""
        _, body = self._call("POST", "/v1/analyze", request(layout, expect, **members))
        return Analysis(body, self)

    def check(self, layout, expect=None, **members):
        """The analysis of layout if it is ok; CheckFailed (an AssertionError
        carrying .analysis) if a verdict or an expectation fails."""
        status, body = self._call("POST", "/v1/check", request(layout, expect, **members), accept_422=True)
        a = Analysis(body, self)
        if status == 422 or not a.get("ok"):
            raise CheckFailed(a)
        return a

    def analysis(self, id):
        """A cached analysis by its id (sha256:...)."""
        _, body = self._call("GET", "/v1/analyses/" + _quote(id))
        return Analysis(body, self)

    def compare(self, a, b, examples=None, **how):
        """Whether a and b place every element on the same places, axes
        matched by position (POST /v1/compare); how applies to both."""
        body = {"a": definition(a, **how), "b": definition(b, **how)}
        if examples is not None:
            body["examples"] = examples
        _, r = self._call("POST", "/v1/compare", body)
        return Comparison(r)

    def table(self, layout_or_id, view="placement", after=None, limit=None, page_size=None, **how):
        """The rows of the placement table (view="inverse": in point order,
        holes with None), each a dict from column name to value: for an
        analysis id, an Analysis or a layout (analysed first).  after skips
        rows, limit caps them; pages of page_size rows (default: one page)."""
        base = f"/v1/analyses/{_quote(self._id(layout_or_id, **how))}/table"
        rows, cursor = [], after
        while limit is None or len(rows) < limit:
            q = {"format": "json", "view": view}
            if cursor is not None:
                q["after"] = cursor
            want = [n for n in (page_size, None if limit is None else limit - len(rows)) if n is not None]
            if want:
                q["limit"] = min(want)
            _, page = self._call("GET", base + "?" + urllib.parse.urlencode(q))
            cols = page["columns"]
            rows.extend(dict(zip(cols, r)) for r in page["rows"])
            cursor = page.get("next")
            if cursor is None or not page["rows"]:
                break
        return rows

    def svg(self, layout_or_id, row0=None, col0=None, rows=None, cols=None, **how):
        """The grid picture (GET /v1/analyses/{id}/grid.svg) as SVG text, of a
        window (row0, col0, rows, cols) when given."""
        q = {k: v for k, v in (("row0", row0), ("col0", col0), ("rows", rows), ("cols", cols)) if v is not None}
        path = f"/v1/analyses/{_quote(self._id(layout_or_id, **how))}/grid.svg"
        _, payload = self._call("GET", path + ("?" + urllib.parse.urlencode(q) if q else ""), raw=True)
        return payload.decode("utf-8")

    def print(self, layout_or_id, format="cute", **how):
        """The picture upstream tools print of a layout (format cute, latex,
        triton or triton-hw), as text; layout_or_id is an analysis id, an
        Analysis or a layout, which is analysed first."""
        q = urllib.parse.urlencode({"format": format})
        path = f"/v1/analyses/{_quote(self._id(layout_or_id, **how))}/print?{q}"
        _, payload = self._call("GET", path, raw=True)
        return payload.decode("utf-8")

    def push(self, name, layout, expect=None, description=None, **members):
        """Register layout under name with its checks (the members of
        request()): a new version if the definition or the checks changed,
        the latest one if not.  Returns the Version; a layout that fails
        its own checks raises LayoutError expect_failed (.analysis)."""
        body = request(layout, expect, **members)
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

    def versions(self, name, page_size=None):
        """Every live version of name, oldest first (each with version, id,
        fingerprint, description, created, created_by); every page is read."""
        base = "/v1/layouts/" + urllib.parse.quote(name, safe="") + "/versions"
        out, after = [], None
        while True:
            q = {k: v for k, v in (("after", after), ("limit", page_size)) if v is not None}
            _, page = self._call("GET", base + ("?" + urllib.parse.urlencode(q) if q else ""))
            out.extend(Version(v) for v in page.get("versions", []))
            after = page.get("next")
            if after is None:
                return out

    def ls(self, prefix=None, page_size=None):
        """The registered names (GET /v1/layouts), ascending, each with name,
        version (the latest live one), versions, id, fingerprint,
        description, created and ok; every page is read."""
        out, after = [], None
        while True:
            q = {k: v for k, v in (("prefix", prefix), ("after", after), ("limit", page_size)) if v is not None}
            _, page = self._call("GET", "/v1/layouts" + ("?" + urllib.parse.urlencode(q) if q else ""))
            out.extend(_Fields(x) for x in page.get("layouts", []))
            after = page.get("next")
            if after is None:
                return out

    def lint(self, text, file=None, **options):
        """The findings of a whole TTGIR module (the text of a .mlir dump, or
        a path to one): a Lint when every finding passes, LintFailed (an
        AssertionError carrying .lint and .failures) when one fails.
        options are the request's: max_conflicts, deny, ..."""
        if isinstance(text, os.PathLike):
            path = os.fspath(text)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            file = path if file is None else file
        body = {"text": text}
        if file is not None:
            body["file"] = file
        body.update(options)
        status, r = self._call("POST", "/v1/lint", body, accept_422=True)
        result = Lint(r)
        if status == 422 or not result.get("ok"):
            raise LintFailed(result)
        return result


def _retry_after(value, attempt):
    """Seconds to wait before asking again: Retry-After as delta-seconds or
    an HTTP date (RFC 9110), at most 60; 1, 2, 4 ... without one."""
    wait = None
    if value:
        value = value.strip()
        if value.isdigit():
            wait = int(value)
        else:
            try:
                when = email.utils.parsedate_to_datetime(value)
                wait = max(0, int(when.timestamp() - time.time()))
            except (TypeError, ValueError):
                wait = None
    if wait is None:
        wait = 1 << attempt
    return min(wait, 60)


def _problem(status, payload):
    """The exception of an error answer, with the problem's fields."""
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
    return cls(status, problem)


def analyze(layout, expect=None, url=None, token=None, cacert=None, **members):
    """Client(url, token, cacert=cacert).analyze(layout, expect, ...)."""
    return Client(url, token, cacert=cacert).analyze(layout, expect, **members)


def check(layout, expect=None, url=None, token=None, cacert=None, **members):
    """Client(url, token).check(layout, expect, ...): the analysis if ok,
    CheckFailed (an AssertionError) if not, LayoutError where the layout is
    wrong, Unavailable when no daemon answers."""
    return Client(url, token, cacert=cacert).check(layout, expect, **members)


def compare(a, b, examples=None, url=None, token=None, cacert=None, **how):
    return Client(url, token, cacert=cacert).compare(a, b, examples, **how)


def lint(text, file=None, url=None, token=None, cacert=None, **options):
    return Client(url, token, cacert=cacert).lint(text, file, **options)


def ls(prefix=None, url=None, token=None, cacert=None):
    return Client(url, token, cacert=cacert).ls(prefix)


def push(name, layout, expect=None, url=None, token=None, cacert=None, **members):
    return Client(url, token, cacert=cacert).push(name, layout, expect, **members)


def pull(name, version=None, url=None, token=None, cacert=None):
    return Client(url, token, cacert=cacert).pull(name, version)
