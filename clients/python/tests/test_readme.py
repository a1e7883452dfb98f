"""Every ```python block of the client's README.md runs as written, from
the top of the source tree (LAYOUTD_SOURCE, for examples/), against a real
daemon (server.py) named by LAYOUTD_SERVER and LAYOUTD_TOKEN."""

import os
import re
import unittest

import server

HERE = os.path.dirname(os.path.abspath(__file__))
README = os.path.join(HERE, "..", "README.md")
SOURCE = os.environ.get("LAYOUTD_SOURCE") or os.path.join(HERE, "..", "..", "..")


def blocks():
    with open(README, encoding="utf-8") as f:
        return re.findall(r"^```python\n(.*?)^```", f.read(), re.S | re.M)


@unittest.skipUnless(os.path.isdir(os.path.join(SOURCE, "examples")), "no source tree (examples/)")
class TestReadme(unittest.TestCase):
    def test_every_python_block_runs(self):
        found = blocks()
        self.assertGreaterEqual(len(found), 6)
        env = {k: os.environ.get(k) for k in ("LAYOUTD_SERVER", "LAYOUTD_TOKEN", "LAYOUTD_CACERT")}
        cwd = os.getcwd()
        os.environ.update(LAYOUTD_SERVER=server.url(), LAYOUTD_TOKEN=server.token())
        os.environ.pop("LAYOUTD_CACERT", None)
        os.chdir(SOURCE)
        try:
            for n, code in enumerate(found, 1):
                with self.subTest(block=n, first_line=code.splitlines()[0]):
                    exec(compile(code, f"README.md block {n}", "exec"), {})
        finally:
            os.chdir(cwd)
            for k, v in env.items():
                os.environ.pop(k, None)
                if v is not None:
                    os.environ[k] = v


if __name__ == "__main__":
    unittest.main()
