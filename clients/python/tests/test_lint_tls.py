"""lint() findings and LintFailed, the problem fields of errors, and the
documented TLS deployment: the shipped deploy/nginx.conf in front of a
daemon with a certificate from a throwaway CA (tests/python.sh sets it up
and passes LAYOUTD_TLS_URL, LAYOUTD_TLS_CA and LAYOUTD_TLS_TOKEN)."""

import os
import pathlib
import unittest

import layoutd
import server

URL = None
TOKEN = None
HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL = os.environ.get("LAYOUTD_KERNEL_MLIR") or os.path.join(
    HERE, "..", "..", "..", "tests", "lint", "gluon-bank-conflicts.mlir")
TLS_URL = os.environ.get("LAYOUTD_TLS_URL")
TLS_CA = os.environ.get("LAYOUTD_TLS_CA")
TLS_TOKEN = os.environ.get("LAYOUTD_TLS_TOKEN")


def setUpModule():
    global URL, TOKEN
    URL, TOKEN = server.url(), server.token()


def kernel():
    with open(KERNEL) as f:
        return f.read()


class without_env:
    """Environment variables unset (or set) for a with block."""

    def __init__(self, **values):
        self.values, self.old = values, {}

    def __enter__(self):
        for k, v in self.values.items():
            self.old[k] = os.environ.pop(k, None)
            if v is not None:
                os.environ[k] = v

    def __exit__(self, *exc):
        for k, v in self.old.items():
            os.environ.pop(k, None)
            if v is not None:
                os.environ[k] = v


@unittest.skipUnless(os.path.exists(KERNEL), "the source tree's tests/lint is not here")
class TestLint(unittest.TestCase):
    # tests/lint/gluon-bank-conflicts.mlir: 3, 3 and 1 bank conflicts by the
    # §9 model (tests/lint.sh holds the same numbers)
    def test_findings_that_pass(self):
        r = layoutd.Client(URL).lint(kernel(), file="k.mlir")
        self.assertIsInstance(r, layoutd.Lint)
        self.assertTrue(r)
        self.assertTrue(r.ok)
        self.assertEqual((r.failed, r.errors, r.modules, r.file), (0, 0, 2, "k.mlir"))

    def test_findings_that_fail_raise_lint_failed(self):
        with self.assertRaises(layoutd.LintFailed) as cm:
            layoutd.Client(URL).lint(kernel(), max_conflicts=0)
        e = cm.exception
        self.assertIsInstance(e, AssertionError)  # fails a unittest as a failure
        self.assertFalse(e.lint.ok)
        self.assertEqual(e.lint.failed, 3)
        self.assertEqual([f.bank_conflicts for f in e.failures], [3, 3, 1])
        self.assertEqual(len(e.lint.findings), 5)
        self.assertIn("/src/kernels/attn.py:15:4: ttg.local_store", str(e))
        self.assertIn("more than the 0 allowed", str(e))

    def test_deny_bank_conflicts(self):
        with self.assertRaises(layoutd.LintFailed) as cm:
            layoutd.lint(kernel(), deny=["bank_conflicts"], url=URL)
        self.assertEqual(cm.exception.lint.failed, 3)

    def test_lint_a_path(self):
        r = layoutd.Client(URL).lint(pathlib.Path(KERNEL))
        self.assertEqual(r.file, KERNEL)
        self.assertEqual(r.findings[0].loc.line, 15)

    def test_a_bad_member_is_a_located_error(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL).lint(kernel(), deny=["everything"])
        e = cm.exception
        self.assertEqual((e.status, e.code, e.pointer), (422, "schema", "/deny/0"))
        self.assertIn("everything", e.detail)


class TestProblems(unittest.TestCase):
    def test_the_fields_of_a_problem(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.analyze({"logical": [8, 8], "expr": {"offset": "i * 8 + k"}}, url=URL)
        e = cm.exception
        self.assertEqual((e.status, e.code, e.pointer, e.position), (422, "unknown_name", "/layout/expr/offset", 8))
        self.assertEqual(e.type, "https://layoutd.dev/problems/unknown_name")
        self.assertTrue(e.title)
        self.assertIn("k", e.detail)
        self.assertEqual(e.problem["code"], "unknown_name")

    def test_a_refused_version_carries_its_analysis(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL, TOKEN).push("py.refused", "(8,8):(1,1)", expect={"bijective": True})
        e = cm.exception
        self.assertEqual((e.status, e.code), (422, "expect_failed"))
        self.assertFalse(e.analysis.ok)
        self.assertFalse(e.analysis.verdict.collision_free)

    def test_a_bad_query_parameter(self):
        c = layoutd.Client(URL)
        a = c.analyze("(4,4):(4,1)")
        with self.assertRaises(layoutd.LayoutError) as cm:
            c.print(a.id, format="png")
        self.assertEqual((cm.exception.status, cm.exception.code, cm.exception.pointer),
                         (400, "bad_query", "/query/format"))


@unittest.skipUnless(TLS_URL and TLS_CA, "no TLS proxy (tests/python.sh starts one with nginx and openssl)")
class TestTLS(unittest.TestCase):
    def test_cacert_argument(self):
        with without_env(LAYOUTD_CACERT=None):
            c = layoutd.Client(TLS_URL, cacert=TLS_CA)
            r = c.check("(8,16):(16,1)", expect={"bijective": True})
            self.assertEqual(r.placements, 128)
            self.assertIn("<svg", r._repr_svg_())

    def test_cacert_from_the_environment(self):
        with without_env(LAYOUTD_CACERT=TLS_CA, LAYOUTD_SERVER=TLS_URL):
            self.assertTrue(layoutd.check("(4,4):(4,1)").ok)
            with self.assertRaises(layoutd.LayoutError) as cm:
                layoutd.check("(8,16):(16,1")
            self.assertEqual((cm.exception.code, cm.exception.position), ("syntax", 12))

    def test_push_over_tls(self):
        with without_env(LAYOUTD_CACERT=TLS_CA):
            c = layoutd.Client(TLS_URL, TLS_TOKEN)
            v = c.push("py.tls", "(8,8):(8,1)")
            self.assertEqual(v.version, 1)
            self.assertEqual([x.name for x in c.ls(prefix="py.tls")], ["py.tls"])

    def test_the_system_store_alone_refuses_the_private_ca(self):
        with without_env(LAYOUTD_CACERT=None):
            with self.assertRaises(layoutd.Unavailable) as cm:
                layoutd.check("(4,4):(4,1)", url=TLS_URL)
        self.assertIn("certificate", str(cm.exception))
        self.assertIn("cacert", str(cm.exception))
        self.assertIn("LAYOUTD_CACERT", str(cm.exception))

    def test_a_missing_ca_file(self):
        with self.assertRaises(layoutd.Error) as cm:
            layoutd.Client(TLS_URL, cacert="/nonexistent/ca.pem")
        self.assertIn("/nonexistent/ca.pem", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
