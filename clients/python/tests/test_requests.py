"""Request members -- expect, probe, access, suggest, convert, tmem -- go
into the request beside the layout, never into its definition; against a
real daemon (server.py).

Expected values are upstream's: the conversion kinds are those Triton's
test/Conversion/cvt_to_llvm.mlir lowers (golden cases
convert-triton-blocked-blocked-vec-16x16-warp-shuffle and
convert-triton-blocked-blocked-16x16-shared-memory), the swizzle is the GMMA
SW128 atom of CUTLASS's mma_traits_sm90_gmma.hpp (golden case
access-cute-unswizzled-f16-ldmatrix-columns-8way), the TMEM atom is CUTLASS's
SM100_TMEM_LOAD_16dp256b1x (copy_traits_sm100.hpp).
"""

import unittest

import layoutd
import server

URL = None
TOKEN = None


def setUpModule():
    global URL, TOKEN
    URL, TOKEN = server.url(), server.token()


# one warp, 16x16 i32 (cvt_to_llvm.mlir @convert_layout_blocked_blocked_vec
# and @convert_layout_blocked_blocked)
SRC = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>"
SHUFFLED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>"
THROUGH_SHARED = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>"

# the GMMA K-major SW128 atom of half_t without its swizzle, and ldmatrix
# reading its columns: 8-way, and Swizzle<3,3,3> removes it
ATOM = "Layout<Shape<_8,_64>,Stride<_64,_1>>"
LDMATRIX = {"logical": [8, 64], "expr": {"laneid": "i + 8 * ((j // 8) % 4)", "register": "j % 8 + 8 * (j // 32)"}}


class TestRequestMembers(unittest.TestCase):
    def test_request_puts_members_beside_the_layout(self):
        body = layoutd.request("(8,8):(8,1)", logical=[8, 8], expect={"bijective": True},
                               probe=[[0, 1]], access={"threads": LDMATRIX}, suggest="swizzle",
                               convert={"to": "(8,8):(1,8)"}, tmem=True)
        self.assertEqual(body["layout"], {"text": "(8,8):(8,1)", "logical": [8, 8]})
        self.assertEqual(sorted(body), ["access", "convert", "expect", "layout", "probe", "suggest", "tmem"])
        self.assertEqual(body["tmem"], {"match": True})
        self.assertEqual(body["convert"], {"to": {"text": "(8,8):(1,8)", "logical": [8, 8]}})
        self.assertEqual(body["access"], {"threads": LDMATRIX})

    def test_convert_through_a_warp_shuffle(self):
        r = layoutd.check(SRC, shape=[16, 16], convert=SHUFFLED, url=URL)
        self.assertEqual(r.convert.kind, "warp_shuffle")

    def test_convert_through_shared_memory(self):
        r = layoutd.analyze(SRC, shape=[16, 16], convert={"to": THROUGH_SHARED, "element_bits": 32}, url=URL)
        self.assertEqual(r.convert.kind, "shared_memory")
        self.assertEqual(r.convert.element_bits, 32)
        self.assertIn("swizzle", r.convert)

    def test_convert_to_a_definition(self):
        to = {"ttgir": SRC, "shape": [16, 16]}
        r = layoutd.Client(URL).analyze({"ttgir": SRC, "shape": [16, 16]}, convert={"to": to})
        self.assertEqual(r.convert.kind, "none")

    def test_a_bad_convert_is_located_in_the_request(self):
        with self.assertRaises(layoutd.LayoutError) as cm:
            layoutd.analyze(SRC, shape=[16, 16], convert={"to": SHUFFLED, "bogus": 1}, url=URL)
        self.assertEqual(cm.exception.code, "schema")
        self.assertEqual(cm.exception.pointer, "/convert/bogus")

    def test_access_and_suggest(self):
        r = layoutd.analyze(ATOM, element_bits=16, access={"threads": LDMATRIX}, suggest="swizzle", url=URL)
        self.assertEqual(r.access.bank_conflicts, 7)
        self.assertEqual(r.access.max_ways, 8)
        self.assertEqual(r.access.suggestion.swizzle, "Sw<3,3,3>")
        self.assertEqual(r.access.suggestion.bytes, "Sw<3,4,3>")

    def test_access_threads_as_text(self):
        # a row-major 32x32 f32 tile read one row per lane: lane l reads word
        # 32 l + j with register j, so all 32 lanes hit bank j (32-way); the
        # threads' text takes the layout's logical shape
        r = layoutd.analyze("(32,32):(32,1)", logical=[32, 32], url=URL,
                            access={"threads": "S[(32,32):(1@laneid,1@register)]", "element_bits": 32, "vector": 1})
        self.assertEqual(r.access.max_ways, 32)
        self.assertEqual(r.access.bank_conflicts, 31)

    def test_expect_on_an_access_fails_the_check(self):
        with self.assertRaises(layoutd.CheckFailed) as cm:
            layoutd.check(ATOM, element_bits=16, access={"threads": LDMATRIX}, expect={"bank_conflicts": 0},
                          url=URL)
        failure = cm.exception.analysis.expect.failures[0]
        self.assertEqual((failure.field, failure.expected, failure.actual), ("bank_conflicts", 0, 7))

    def test_copy_names_the_ldmatrix(self):
        # tritongpu_to_llvm.mlir @convert_dot_ldmatrix: dot A from an unswizzled 16x16 f16 tile
        mma = "#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>"
        dot_a = "#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 2}>"
        shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
        body = layoutd.request(shared, shape=[16, 16], copy={"instruction": "auto", "threads": dot_a})
        self.assertEqual(body["copy"]["threads"], {"text": dot_a, "shape": [16, 16]})
        r = layoutd.check(shared, shape=[16, 16], copy={"instruction": "ldmatrix", "element_bits": 16,
                                                        "threads": dot_a}, url=URL)
        self.assertEqual(r.copy.instruction, "ldmatrix.sync.aligned.m8n8.x4.shared.b16")
        self.assertEqual(r.copy.count, 1)
        with self.assertRaises(layoutd.CheckFailed):
            layoutd.check(shared, shape=[16, 16], url=URL,
                          copy={"instruction": "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
                                "element_bits": 16, "threads": dot_a})

    def test_tmem_atom_by_name(self):
        r = layoutd.analyze("SM100_TMEM_LOAD_16dp256b1x", tmem=True, url=URL)
        self.assertEqual(r.notation, "cute")
        self.assertIn("SM100_TMEM_LOAD_16dp256b1x", r.tmem.match.atoms)

    def test_sections_go_as_given(self):
        body = layoutd.request("(4,4):(4,1)", sections={"tmem": {"match": True}})
        self.assertEqual(body, {"layout": {"text": "(4,4):(4,1)"}, "tmem": {"match": True}})
        r = layoutd.analyze("SM100_TMEM_LOAD_16dp256b1x", sections={"tmem": {"match": True}}, url=URL)
        self.assertIn("SM100_TMEM_LOAD_16dp256b1x", r.tmem.match.atoms)
        # the daemon, not the client, knows its sections: an unknown one is located
        with self.assertRaises(layoutd.LayoutError) as e:
            layoutd.analyze("(4,4):(4,1)", sections={"bogus": {}}, url=URL)
        self.assertEqual(e.exception.pointer, "/bogus")

    def test_a_whole_request_dict_keeps_its_members(self):
        body = {"layout": {"ttgir": SRC, "shape": [16, 16]}, "convert": {"to": {"ttgir": SHUFFLED, "shape": [16, 16]}}}
        self.assertEqual(layoutd.analyze(body, url=URL).convert.kind, "warp_shuffle")
        # a member given beside a whole request is added to it
        r = layoutd.analyze({"layout": "(4,4):(4,1)"}, probe=[[1, 1]], url=URL)
        self.assertEqual(r.probe[0].places[0].m, 5)

    def test_push_keeps_the_checks(self):
        c = layoutd.Client(URL, TOKEN)
        v = c.push("py.convert", SRC, shape=[16, 16], convert=SHUFFLED)
        self.assertEqual(v.checks.convert.to.text, SHUFFLED)
        self.assertEqual(c.pull("py.convert").checks.convert.to.shape, [16, 16])


if __name__ == "__main__":
    unittest.main()
