"""The client against a real daemon.

LAYOUTD names the layoutd binary; server.py starts the daemon (a fresh
database with a token, an ephemeral loopback port) and the tests talk to
it the way a user's test suite would.  Run with
`python3 -m unittest discover -s clients/python/tests`.
"""

import http.server
import os
import socket
import threading
import unittest

import layoutd
import server

URL = None
TOKEN = None


def setUpModule():
    global URL, TOKEN
    URL, TOKEN = server.url(), server.token()


def free_port():
    """A loopback port nobody listens on (bound, then released)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class FakePycuteLayout:
    """What a pycute Layout gives str(): the shape and stride tuples."""
    __module__ = "pycute.layout"

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride

    def __str__(self):
        return f"{self.shape}:{self.stride}"


class TestCheck(unittest.TestCase):
    def test_notation_text_row_major(self):
        r = layoutd.check("(8,16):(16,1)", expect={"bijective": True}, url=URL)
        self.assertIsInstance(r, layoutd.Analysis)
        self.assertTrue(r.ok)
        self.assertTrue(r)
        self.assertTrue(r.verdict.bijective)
        self.assertEqual(r.placements, 128)
        self.assertEqual(r.logical.shape, [8, 16])
        self.assertEqual(r["logical"]["size"], 128)
        self.assertEqual(r.physical.axes[0].name, "m")
        self.assertEqual(r.physical.axes[0].extent, 128)
        self.assertTrue(r.id.startswith("sha256:"))

    def test_definition_dict_expr(self):
        # MakeGemmFragment8x8: 32 owners, 2 slots each, bijective
        d = {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j % 2"}}
        r = layoutd.check(d, expect={"owners": 32, "slots": 2}, url=URL)
        self.assertEqual(r.owners.count, 32)
        self.assertEqual(r.owners.slots.min, 2)
        self.assertEqual(r.owners.slots.max, 2)
        self.assertTrue(r.verdict.bijective)

    def test_pycute_object(self):
        # a column-major 4x8 written as pycute prints it, with spaces: sent as
        # text, read as CuTe by the daemon's detector
        lay = FakePycuteLayout((4, 8), (1, 4))
        self.assertEqual(layoutd.definition(lay), {"text": "(4, 8):(1, 4)"})
        r = layoutd.analyze(lay, probe=[[1, 2]], url=URL)
        self.assertEqual(r.notation, "cute")
        self.assertEqual(r.probe[0].places[0].m, 9)  # 1 + 2*4
        self.assertTrue(r.verdict.bijective)

    def test_text_is_sent_for_the_daemon_to_detect(self):
        g = layoutd.definition
        self.assertEqual(g("S[(8,4):(4@laneid,1@laneid)]"), {"text": "S[(8,4):(4@laneid,1@laneid)]"})
        self.assertEqual(g("#ttg.blocked<{sizePerThread = [1]}>", shape=[4]),
                         {"text": "#ttg.blocked<{sizePerThread = [1]}>", "shape": [4]})
        self.assertEqual(g("(8,8):(8,1)", role="tv", logical=[8, 8]),
                         {"text": "(8,8):(8,1)", "cute_role": "tv", "logical": [8, 8]})
        # notation= skips the detector
        self.assertEqual(g("register=1 -> (0, 1)", notation="linear"), {"linear": "register=1 -> (0, 1)"})
        self.assertEqual(g("hello"), {"text": "hello"})

    def test_each_notation_detected_by_the_daemon(self):
        for text, notation, how in [
                ("S[(8,4):(4@laneid,1@laneid)]", "axe", {}),
                ("Layout<Shape<_8,_8>, Stride<_8,_1>>", "cute", {}),
                ("Layout((8,16),(16,1))", "cute", {}),
                ("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>",
                 "ttgir", {"shape": [32]}),
                ("SM100_TMEM_LOAD_16dp256b1x", "cute", {})]:
            with self.subTest(text=text):
                self.assertEqual(layoutd.analyze(text, url=URL, **how).notation, notation)

    def test_text_in_no_notation_is_the_daemons_error(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.check("hello", url=URL)
        self.assertEqual(cm.exception.code, "notation")
        self.assertEqual(cm.exception.pointer, "/layout/text")

    def test_failed_check_is_a_422_and_raises(self):
        # (i // 2) * 4 + (j // 2) on 8x8: 48 collisions
        d = {"logical": [8, 8], "expr": {"offset": "(i // 2) * 4 + (j // 2)"}}
        with self.assertRaises(layoutd.CheckFailed) as cm:
            layoutd.check(d, url=URL)
        a = cm.exception.analysis
        self.assertFalse(a.ok)
        self.assertFalse(a.verdict.collision_free)
        self.assertEqual(a.collisions.count, 48)
        self.assertEqual(a.round_trip.mismatches, 48)
        self.assertIsInstance(cm.exception, AssertionError)  # fails a unittest as a failure
        # analyze answers the same layout without raising
        self.assertEqual(layoutd.analyze(d, url=URL).collisions.count, 48)

    def test_failed_expectation(self):
        with self.assertRaises(layoutd.CheckFailed) as cm:
            layoutd.check("(8,16):(16,1)", expect={"owners": 32}, url=URL)
        self.assertFalse(cm.exception.analysis.expect.passed)
        self.assertEqual(cm.exception.analysis.expect.failures[0].field, "owners")

    def test_located_error(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.check("(8,16):(16,1", url=URL)
        e = cm.exception
        self.assertEqual(e.status, 422)
        self.assertEqual(e.code, "syntax")
        self.assertEqual(e.pointer, "/layout/cute")
        self.assertEqual(e.position, 12)
        self.assertIn("character 12", e.detail)
        self.assertIn("/layout/cute", str(e))

    def test_located_error_in_a_definition(self):
        d = {"logical": [8, 8], "expr": {"offset": "i * 8 + k"}}
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.analyze(d, url=URL)
        self.assertEqual(cm.exception.pointer, "/layout/expr/offset")
        self.assertEqual(cm.exception.position, 8)

    def test_network_failure(self):
        url = f"http://127.0.0.1:{free_port()}"
        with self.assertRaises(layoutd.Unavailable) as cm:
            layoutd.check("(8,16):(16,1)", url=url)
        self.assertIsInstance(cm.exception, ConnectionError)
        self.assertEqual(cm.exception.url, url)
        self.assertIn("unavailable", str(cm.exception))

    def test_environment_url(self):
        old = os.environ.get("LAYOUTD_SERVER")
        os.environ["LAYOUTD_SERVER"] = URL
        try:
            self.assertEqual(layoutd.Client().url, URL)
            self.assertTrue(layoutd.check("(4,4):(4,1)").ok)
        finally:
            if old is None:
                del os.environ["LAYOUTD_SERVER"]
            else:
                os.environ["LAYOUTD_SERVER"] = old


BUSY = (b'{"type":"https://layoutd.dev/problems/busy","title":"Service Unavailable","status":503,'
        b'"detail":"every analysis worker is busy","code":"busy","pointer":""}')


class Redirector:
    """An http server on loopback that answers every request with a redirect
    (status) to the same path on the daemon, after answering the first
    `busy` requests with a 503 problem (Retry-After: 0)."""

    def __init__(self, status, target, busy=0):
        self.busy = busy
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                n = int(self.headers.get("Content-Length") or 0)
                if n:
                    self.rfile.read(n)
                if outer.busy > 0:
                    outer.busy -= 1
                    self.send_response(503)
                    self.send_header("Content-Type", "application/problem+json")
                    self.send_header("Retry-After", "0")
                    self.send_header("Content-Length", str(len(BUSY)))
                    self.end_headers()
                    self.wfile.write(BUSY)
                    return
                self.send_response(status)
                self.send_header("Location", target + self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_PUT = answer

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class TestRedirects(unittest.TestCase):
    # as the command line does (libcurl, CURL_REDIR_POST_ALL): a redirect
    # keeps the method and the body; the token goes to its own host only
    def test_a_moved_daemon_keeps_the_post(self):
        for status in (301, 302, 307, 308):
            r = Redirector(status, URL)
            try:
                with self.subTest(status=status):
                    a = layoutd.check("(8,16):(16,1)", expect={"bijective": True}, url=r.url)
                    self.assertEqual(a.placements, 128)
            finally:
                r.close()

    def test_the_token_stays_with_its_host(self):
        r = Redirector(308, URL)
        try:
            with self.assertRaises(layoutd.AuthError) as cm:
                layoutd.Client(r.url, TOKEN).push("py.redirected", "(8,8):(8,1)")
            self.assertEqual(cm.exception.status, 401)
        finally:
            r.close()


class TestRetries(unittest.TestCase):
    # as the command line does: a 503 is retried (3 times by default), after
    # the Retry-After the answer gives
    def test_a_busy_daemon_is_asked_again(self):
        r = Redirector(307, URL, busy=3)
        try:
            self.assertTrue(layoutd.check("(4,4):(4,1)", url=r.url).ok)
            self.assertEqual(r.busy, 0)
        finally:
            r.close()

    def test_how_long_to_wait(self):
        wait = layoutd._retry_after
        self.assertEqual([wait("2", 0), wait(" 120 ", 0), wait(None, 0), wait(None, 2), wait("soon", 1)],
                         [2, 60, 1, 4, 2])
        self.assertEqual(wait("Wed, 21 Oct 2015 07:28:00 GMT", 0), 0)  # a date past

    def test_past_the_retries_the_problem_is_raised(self):
        r = Redirector(307, URL, busy=2)
        try:
            with self.assertRaises(layoutd.ServerError) as cm:
                layoutd.Client(r.url, retries=1).check("(4,4):(4,1)")
            self.assertEqual((cm.exception.status, cm.exception.code), (503, "busy"))
            self.assertEqual(r.busy, 0)
        finally:
            r.close()


HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL = os.environ.get("LAYOUTD_KERNEL_MLIR") or os.path.join(
    HERE, "..", "..", "..", "tests", "lint", "gluon-bank-conflicts.mlir")


class TestPictures(unittest.TestCase):
    def test_print_cute_table(self):
        text = layoutd.Client(URL).print("(_2,_3):(_3,_1)", format="cute")
        self.assertEqual(text, "(_2,_3):(_3,_1)\n"
                               "      0   1   2 \n"
                               "    +---+---+---+\n"
                               " 0  | 0 | 1 | 2 |\n"
                               "    +---+---+---+\n"
                               " 1  | 3 | 4 | 5 |\n"
                               "    +---+---+---+\n")

    def test_print_of_a_pycute_composed_layout(self):
        class FakeComposed:
            __module__ = "pycute.layout"

            def __str__(self):
                return "SW_3_4_3 o 0 o (8, 64):(64, 1)"

        text = layoutd.Client(URL).print(FakeComposed(), format="cute")
        self.assertEqual(text.split("\n")[0], "Sw<3,4,3> o 0 o (8,64):(64,1)")
        self.assertEqual(text.split("\n")[3], " 0  |   0 |   1 |   2 |   3 |   4 |   5 |   6 |   7 |"
                         "   8 |   9 |  10 |  11 |  12 |  13 |  14 |  15 |  16 |  17 |  18 |  19 |  20 |"
                         "  21 |  22 |  23 |  24 |  25 |  26 |  27 |  28 |  29 |  30 |  31 |  32 |  33 |"
                         "  34 |  35 |  36 |  37 |  38 |  39 |  40 |  41 |  42 |  43 |  44 |  45 |  46 |"
                         "  47 |  48 |  49 |  50 |  51 |  52 |  53 |  54 |  55 |  56 |  57 |  58 |  59 |"
                         "  60 |  61 |  62 |  63 |")

    def test_print_of_a_rank3_layout_is_located(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL).print("(2,2,2):(1,2,4)", format="cute")
        self.assertEqual(cm.exception.code, "shape_mismatch")
        self.assertEqual(cm.exception.pointer, "/layout/cute")

    @unittest.skipUnless(os.path.exists(KERNEL), "the source tree's tests/lint is not here")
    def test_lint_a_kernel(self):
        with open(KERNEL) as f:
            r = layoutd.Client(URL).lint(f.read(), file="k.mlir")
        self.assertTrue(r.ok)
        self.assertEqual(r.modules, 2)
        self.assertEqual([x.get("bank_conflicts") for x in r.findings], [3, 3, 1, 0, None])
        self.assertEqual(r.findings[0].loc.line, 15)


class TestRegistry(unittest.TestCase):
    def test_push_needs_the_token(self):
        with self.assertRaises(layoutd.AuthError) as cm:
            layoutd.Client(URL, token="").push("py.nope", "(8,8):(8,1)")
        self.assertEqual(cm.exception.status, 401)
        self.assertEqual(cm.exception.code, "unauthorized")
        with self.assertRaises(layoutd.AuthError) as cm:
            layoutd.Client(URL, token="ldt_" + "0" * 64).push("py.nope", "(8,8):(8,1)")
        self.assertEqual(cm.exception.status, 401)

    def test_push_and_pull(self):
        c = layoutd.Client(URL, TOKEN)
        v1 = c.push("py.rowmajor", "(8,16):(16,1)", expect={"bijective": True},
                    description="row-major 8x16")
        self.assertEqual(v1.name, "py.rowmajor")
        self.assertEqual(v1.version, 1)
        self.assertTrue(v1.analysis.ok)
        again = c.push("py.rowmajor", "(8,16):(16,1)", expect={"bijective": True})
        self.assertEqual(again.version, 1)  # same definition: the same version
        v2 = c.push("py.rowmajor", "(8,16):(1,8)")
        self.assertEqual(v2.version, 2)
        self.assertEqual(c.pull("py.rowmajor").version, 2)
        self.assertEqual(c.pull("py.rowmajor@1").layout.text, "(8,16):(16,1)")  # as sent
        self.assertEqual(c.pull("py.rowmajor", 1).fingerprint, v1.fingerprint)
        # reading needs no token
        self.assertEqual(layoutd.pull("py.rowmajor", 2, url=URL).id, v2.id)

    def test_push_refused_by_its_own_expect(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL, TOKEN).push("py.broken", "(8,8):(1,1)", expect={"bijective": True})
        self.assertEqual(cm.exception.status, 422)
        self.assertIsNotNone(cm.exception.code)

    def test_pull_missing(self):
        with self.assertRaises(layoutd.NotFound) as cm:
            layoutd.Client(URL).pull("py.never-pushed")
        self.assertEqual(cm.exception.status, 404)
        self.assertEqual(cm.exception.code, "layout_not_found")


if __name__ == "__main__":
    unittest.main()
