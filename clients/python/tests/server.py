"""One real daemon for every test module of this directory.

LAYOUTD names the layoutd binary.  The first call of url() creates a token
in a fresh database and starts `layoutd serve` on an ephemeral loopback
port; the daemon stops when the test run ends.  A module without LAYOUTD
is skipped.
"""

import atexit
import os
import shutil
import subprocess
import tempfile
import time
import unittest

_state = {}


def _start():
    binary = os.environ.get("LAYOUTD")
    if not binary:
        raise unittest.SkipTest("LAYOUTD (the layoutd binary) is not set")
    tmp = tempfile.mkdtemp(prefix="layoutd-py.")
    db = os.path.join(tmp, "layoutd.db")
    out = subprocess.run([binary, "token", "add", "ci", "--db", db], check=True,
                         capture_output=True, text=True).stdout
    port_file = os.path.join(tmp, "port")
    with open(os.path.join(tmp, "log"), "w") as log:
        proc = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1:0", "--port-file",
                                 port_file, "--db", db], stderr=log)
    _state.update(proc=proc, tmp=tmp, token=out.split()[-1])
    atexit.register(_stop)
    for _ in range(200):
        if os.path.exists(port_file) and os.path.getsize(port_file) > 0:
            break
        time.sleep(0.05)
    with open(port_file) as f:
        _state["url"] = f"http://127.0.0.1:{f.read().strip()}"


def _stop():
    proc = _state.pop("proc", None)
    if proc is not None:
        proc.terminate()
        proc.wait(10)
    if _state.get("tmp"):
        shutil.rmtree(_state.pop("tmp"), ignore_errors=True)


def url():
    """The daemon's http://127.0.0.1:PORT, started on first use."""
    if "url" not in _state:
        _start()
    return _state["url"]


def token():
    """A read-write token of the daemon."""
    url()
    return _state["token"]
