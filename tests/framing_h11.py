"""The request framing machine against h11, an independent HTTP/1.1 parser.

Generates thousands of byte sequences of one to three pipelined requests,
each from a well-formed request with a few mutations (line endings, spaces,
control bytes, Content-Length forms, transfer codings, chunk sizes and
extensions, trailers, folded lines, versions), runs them through
tests/framing_check (the machine) and through h11, and compares:

- where the machine accepts every byte, h11 must too, with the same number
  of complete requests: the two agree on where every request ends, so no
  request can be smuggled past one of them;
- where the machine refuses, it must not have completed more requests than
  h11 did before the same point;
- the machine may be stricter than h11 (it refuses what libmicrohttpd would
  answer itself); those cases are counted by mutation and printed.
  A few leniencies of the machine are deliberate (RFC 9112 allows them):
  a bare LF ending a head line, and empty lines before a request.

usage: framing_h11.py FRAMING_CHECK [COUNT] [SEED]
"""

import random
import subprocess
import sys

import h11

LENIENT = {"bare-lf", "leading-crlf"}


def chunked(body, rnd, muts):
    out = b""
    i = 0
    while i < len(body):
        k = min(len(body) - i, rnd.randint(1, 9))
        size = b"%x" % k
        if rnd.random() < 0.05:
            size, _ = size.upper(), muts.append("upper-hex")
        if rnd.random() < 0.05:
            size, _ = size + b";a=b", muts.append("chunk-ext")
        if rnd.random() < 0.02:
            size, _ = b"0" + size, muts.append("leading-zero")
        if rnd.random() < 0.02:
            size, _ = size + b" ", muts.append("chunk-size-space")
        if rnd.random() < 0.02:
            size, _ = b"0x" + size, muts.append("chunk-0x")
        if rnd.random() < 0.02:
            size, _ = b"%x" % (k + 1), muts.append("chunk-too-long")
        end = b"\r\n"
        if rnd.random() < 0.02:
            end, _ = b"\n", muts.append("chunk-data-lf")
        out += size + b"\r\n" + body[i:i + k] + end
        i += k
    last = b"0\r\n"
    if rnd.random() < 0.1:
        last += b"X-Trailer: 1\r\n"
        muts.append("trailer")
    if rnd.random() < 0.02:
        last += b"NoColon\r\n"
        muts.append("trailer-no-colon")
    return out + last + b"\r\n"


def request(rnd, last, muts):
    method = rnd.choice([b"GET", b"POST", b"PUT", b"DELETE", b"OPTIONS"])
    if rnd.random() < 0.03:
        method, _ = rnd.choice([b"G(T", b"G\x01T", b"{\"a\":1}GET", b"GE:T"]), muts.append("method")
    target = rnd.choice([b"/livez", b"/v1/analyze", b"/v1/layouts?limit=2&after=a", b"*"])
    if rnd.random() < 0.02:
        target, _ = b"/a\x01b", muts.append("target-ctl")
    version = b"HTTP/1.1"
    if last and rnd.random() < 0.05:
        version, _ = b"HTTP/1.0", muts.append("http10")
    if rnd.random() < 0.02:
        version, _ = rnd.choice([b"HTTP/2.0", b"HTTX/1.1", b"http/1.1", b"HTTP/1.12"]), muts.append("version")
    sp = b" "
    if rnd.random() < 0.02:
        sp, _ = b"  ", muts.append("double-space")
    line = method + sp + target + b" " + version
    if rnd.random() < 0.02:
        line, _ = line + b" ", muts.append("line-trailing-space")
    fields = [(b"Host", b"x")]
    for k in range(rnd.randint(0, 3)):
        fields.append((b"X-F%d" % k, rnd.choice([b"1", b"a b", b"", b"\t v \t", b"\xff\xfe"])))
    if rnd.random() < 0.02:
        fields.append((b"X-Nul", b"a\x00b"))
        muts.append("nul-value")
    if rnd.random() < 0.02:
        fields.append((b"X-Sp ", b"1"))
        muts.append("space-before-colon")
    if rnd.random() < 0.02:
        fields.append((b"X Y", b"1"))
        muts.append("space-in-name")
    body = bytes(rnd.choice(b"{}[]\":,0123456789abc \r\n") for _ in range(rnd.randint(0, 40)))
    framing = rnd.choice(["none", "cl", "cl", "chunked"]) if method in (b"POST", b"PUT") else \
        rnd.choice(["none", "none", "cl"])
    if version == b"HTTP/1.0" and framing == "chunked":
        framing = "cl"
    payload = b""
    if framing == "cl":
        cl = b"%d" % len(body)
        if rnd.random() < 0.05:
            cl, _ = rnd.choice([b"+%d", b" %d", b"%d ", b"0x%x", b"-%d", b"%d, %d", b"0%d"]) , muts.append("cl-form")
            cl = cl % ((len(body),) * cl.count(b"%"))
        fields.append((b"Content-Length", cl))
        payload = body
    elif framing == "chunked":
        te = b"chunked"
        if rnd.random() < 0.05:
            te, _ = rnd.choice([b"Chunked", b"gzip, chunked", b"chunked ", b" chunked", b"identity"]), muts.append("te-form")
        fields.append((b"Transfer-Encoding", te))
        payload = chunked(body, rnd, muts)
    rnd.shuffle(fields)
    head = line + b"\r\n"
    for name, value in fields:
        sep = b": " if rnd.random() < 0.8 else rnd.choice([b":", b":  ", b":\t"])
        head += name + sep + value + b"\r\n"
    if rnd.random() < 0.02:
        head += b"X-Fold: a\r\n b\r\n"
        muts.append("obs-fold")
    head += b"\r\n"
    if rnd.random() < 0.02:
        head, _ = head.replace(b"\r\n", b"\n"), muts.append("bare-lf")
    if rnd.random() < 0.01:
        head, _ = head.replace(b"\r\n", b"\r", 1), muts.append("bare-cr")
    if rnd.random() < 0.02:
        head, _ = b"\r\n" + head, muts.append("leading-crlf")
    return head + payload


def h11_verdict(data):
    """(complete requests, error or None) for the bytes, as h11 parses them."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(data)
    done = 0
    while True:
        try:
            ev = conn.next_event()
        except h11.RemoteProtocolError as e:
            return done, str(e)
        if ev is h11.NEED_DATA or ev is h11.PAUSED or isinstance(ev, h11.ConnectionClosed):
            return done, None  # PAUSED: the connection may not be reused
        if isinstance(ev, h11.EndOfMessage):
            done += 1
            try:
                conn.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
                conn.send(h11.EndOfMessage())
                conn.start_next_cycle()
            except h11.LocalProtocolError:
                return done, None  # the connection must close: nothing more is read


def main():
    check = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 21)
    cases = []
    for _ in range(count):
        muts = []
        n = rnd.randint(1, 3)
        data = b"".join(request(rnd, k == n - 1, muts) for k in range(n))
        cases.append((data, muts))
    feed = b"".join(b"%d\n" % len(d) + d for d, _ in cases)
    out = subprocess.run([check], input=feed, capture_output=True, check=True).stdout.decode().splitlines()
    assert len(out) == len(cases), "framing_check answered %d of %d" % (len(out), len(cases))
    fails, stricter, agree = [], {}, 0
    for (data, muts), line in zip(cases, out):
        word = line.split()
        ours_ok = word[0] in ("ok", "pass")
        ours_whole = int(word[1] if ours_ok else word[2])
        theirs, err = h11_verdict(data)
        # h11 stopped at a leniency of the machine: nothing to compare past it
        lenient_stop = err is not None and bool(set(muts) & LENIENT)
        if word[0] == "pass":
            # refused by the daemon before the body: compare the requests before
            ok = ours_whole <= theirs or lenient_stop
        elif not ours_ok:
            ok = ours_whole <= theirs or lenient_stop
            if err is None:
                key = ",".join(sorted(set(muts))) or "(none)"
                stricter[key] = stricter.get(key, 0) + 1
        elif err is not None:
            ok = lenient_stop and ours_whole >= theirs
        else:
            ok = ours_whole == theirs
        if ok:
            agree += 1
        else:
            fails.append((data, muts, line, theirs, err))
    accepted = sum(1 for line in out if line.startswith("ok"))
    print("%d cases (%d accepted whole by the machine), %d consistent with h11, %d not" % (
        len(cases), accepted, agree, len(fails)))
    if stricter:
        single = sorted((k, v) for k, v in stricter.items() if "," not in k)
        print("refused by the machine, accepted by h11 (one mutation):",
              ", ".join("%s %d" % kv for kv in single))
        print("  and %d cases of several mutations" % sum(v for k, v in stricter.items() if "," in k))
    if "-v" in sys.argv[4:]:
        for (data, muts), line in zip(cases, out):
            if len(set(muts)) == 1 and line.startswith("refused") and h11_verdict(data)[1] is None:
                print("STRICTER %s: %s\n  %r" % (muts[0], line, data[:240]))
    for data, muts, line, theirs, err in fails[:10]:
        print("MISMATCH %s: machine '%s', h11 %d complete%s\n  %r" % (
            ",".join(muts) or "-", line, theirs, ", error " + err if err else "", data[:300]))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
