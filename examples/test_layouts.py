"""A kernel project's layout tests: run with python3 -m unittest.

The daemon is $LAYOUTD_SERVER (default http://127.0.0.1:8080).
"""
import unittest

import layoutd


class Layouts(unittest.TestCase):
    def test_sm80_accumulator_is_a_bijection(self):
        # the thread-value layout as CUTLASS writes it, 16x8 tile
        with open("examples/sm80-c.cute") as f:
            r = layoutd.check(f.read(), role="tv", logical=[16, 8],
                              expect={"bijective": True, "owners": 32, "slots": 4})
        self.assertEqual(r.placements, 128)

    def test_swizzle_has_no_bank_conflicts(self):
        r = layoutd.analyze("Sw<2,0,3> o _0 o (_8,_8):(_8,_1)")
        self.assertTrue(r.verdict.bijective)

    def test_a_typo_is_located(self):
        with self.assertRaises(layoutd.LayoutError) as e:
            layoutd.check("(8,8):(8,1")
        self.assertEqual((e.exception.code, e.exception.position), ("syntax", 10))


if __name__ == "__main__":
    unittest.main()
