"""What a notebook user reaches for, against a real daemon (server.py):
compare, table() rows, ls of the registry, and an analysis that draws its
grid inline (_repr_svg_, the daemon's grid.svg)."""

import unittest

import layoutd
import server

URL = None
TOKEN = None


def setUpModule():
    global URL, TOKEN
    URL, TOKEN = server.url(), server.token()


# MakeGemmFragment8x8 (DESIGN §1): 32 threads, 2 slots each
FRAGMENT = {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j % 2"}}
ROW_MAJOR = {"logical": [8, 8], "expr": {"m": "i * 8 + j"}}


class TestCompare(unittest.TestCase):
    def test_two_notations_of_one_placement(self):
        r = layoutd.Client(URL).compare(ROW_MAJOR, "(8,8):(8,1)")
        self.assertTrue(r.equal)
        self.assertTrue(r)
        self.assertEqual(r.differing, 0)
        self.assertEqual(r.b.axes[0].name, "m")

    def test_axes_are_matched_by_position(self):
        # the transpose with its axes in the other order: the same fingerprint,
        # but 56 of 64 elements are on other places (docs/api.md)
        a = {"logical": [8, 8], "expr": {"r": "j", "c": "i"}}
        b = {"logical": [8, 8], "expr": {"c": "i", "r": "j"}}
        r = layoutd.compare(a, b, examples=2, url=URL)
        self.assertFalse(r)
        self.assertEqual(r.differing, 56)
        self.assertEqual(len(r.differences), 2)
        self.assertEqual(r.differences[0].logical, [0, 1])

    def test_an_error_is_located_under_its_side(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL).compare("(8,8):(8,1)", "(8,8):(8,1")
        self.assertEqual((cm.exception.pointer, cm.exception.position), ("/b/cute", 10))


class TestTable(unittest.TestCase):
    def test_rows_of_a_layout(self):
        # CuTe's print_layout of (_2,_3):(_3,_1): row i, column j holds 3 i + j
        rows = layoutd.Client(URL).table("(_2,_3):(_3,_1)")
        self.assertEqual(rows, [{"i": i, "j": j, "m": 3 * i + j} for i in range(2) for j in range(3)])

    def test_rows_of_an_analysis_and_of_an_id(self):
        c = layoutd.Client(URL)
        a = c.analyze(FRAGMENT)
        rows = c.table(a)
        self.assertEqual(len(rows), 64)
        self.assertEqual(rows[11], {"i": 1, "j": 3, "thread": 5, "slot": 1})
        self.assertEqual(a.table(), rows)
        self.assertEqual(c.table(a.id), rows)

    def test_pages_and_limit(self):
        c = layoutd.Client(URL)
        whole = c.table(FRAGMENT)
        self.assertEqual(c.table(FRAGMENT, page_size=5), whole)
        self.assertEqual(c.table(FRAGMENT, limit=3), whole[:3])
        self.assertEqual(c.table(FRAGMENT, after=60), whole[60:])

    def test_inverse_view_lists_the_holes(self):
        # offset i * 10 + j in 80 slots: 64 elements and 16 holes (DESIGN §1)
        pad = {"logical": [8, 8], "expr": {"offset": "i * 10 + j"}, "physical": {"offset": 80}}
        rows = layoutd.Client(URL).table(pad, view="inverse")
        self.assertEqual(len(rows), 80)
        self.assertEqual(list(rows[8]), ["offset", "i", "j"])
        self.assertEqual(rows[8], {"offset": 8, "i": None, "j": None})
        self.assertEqual(rows[10], {"offset": 10, "i": 1, "j": 0})
        self.assertEqual(sum(1 for r in rows if r["i"] is None), 16)

    def test_a_bad_view_is_located(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.Client(URL).table(FRAGMENT, view="sideways")
        self.assertEqual((cm.exception.code, cm.exception.pointer), ("bad_query", "/query/view"))


class TestLs(unittest.TestCase):
    def test_registry_listing(self):
        c = layoutd.Client(URL, TOKEN)
        c.push("py.ls.a", "(8,8):(8,1)", description="row-major")
        c.push("py.ls.b", "(8,8):(1,8)")
        c.push("py.ls.b", "(8,8):(1,9)")
        names = c.ls(prefix="py.ls.")
        self.assertEqual([(x.name, x.version, x.versions) for x in names], [("py.ls.a", 1, 1), ("py.ls.b", 2, 2)])
        self.assertEqual(names[0].description, "row-major")
        self.assertTrue(names[0].ok)
        self.assertEqual(c.ls(prefix="py.ls.", page_size=1), names)
        self.assertEqual(layoutd.ls(prefix="py.ls.b", url=URL)[0].name, "py.ls.b")
        self.assertEqual(c.ls(prefix="py.ls.nothing"), [])

    def test_versions_of_a_name(self):
        c = layoutd.Client(URL, TOKEN)
        for stride in (8, 9, 10):
            c.push("py.versions", f"(8,8):(1,{stride})", description=f"stride {stride}")
        vs = c.versions("py.versions")
        self.assertEqual([(v.version, v.description) for v in vs],
                         [(1, "stride 8"), (2, "stride 9"), (3, "stride 10")])
        self.assertEqual(c.versions("py.versions", page_size=1), vs)
        with self.assertRaises(layoutd.NotFound):
            c.versions("py.versions.none")


class TestGrid(unittest.TestCase):
    def test_an_analysis_draws_its_grid(self):
        a = layoutd.Client(URL).analyze(FRAGMENT)
        svg = a._repr_svg_()
        self.assertIn("<svg", svg)
        self.assertEqual(svg.count('class="cell"'), 64)
        self.assertIn("<title>(i=1, j=3) at 5/1</title>", svg)
        self.assertEqual(a.svg(), svg)

    def test_the_text_repr_says_the_verdict(self):
        a = layoutd.Client(URL).analyze("(8,16):(16,1)")
        self.assertEqual(repr(a), "Analysis(ok=True, notation='cute', logical=[8, 16], placements=128, "
                                  f"bijective=True, id={a.id[:19]!r})")

    def test_a_check_and_a_failed_check_draw_too(self):
        self.assertIn("<svg", layoutd.check(FRAGMENT, url=URL)._repr_svg_())
        with self.assertRaises(layoutd.CheckFailed) as cm:
            layoutd.check({"logical": [8, 8], "expr": {"offset": "(i // 2) * 4 + (j // 2)"}}, url=URL)
        self.assertEqual(cm.exception.analysis._repr_svg_().count('class="cell"'), 64)

    def test_a_large_tile_is_drawn_a_window_at_a_time(self):
        big = {"logical": [128, 256], "expr": {"m": "i * 256 + j"}}
        a = layoutd.Client(URL).analyze(big)
        self.assertIsNone(a._repr_svg_())  # past one picture: no inline grid
        with self.assertRaises(layoutd.LayoutError) as cm:
            a.svg()
        self.assertEqual(cm.exception.code, "too_large")
        self.assertEqual(a.svg(row0=64, rows=64).count('class="cell"'), 16384)


if __name__ == "__main__":
    unittest.main()
