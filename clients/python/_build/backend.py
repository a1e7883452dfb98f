"""A PEP 517 build backend for the layoutd client, standard library only.

The client is one pure-Python package; this backend zips it into a wheel
(and a source tarball) so that `pip install ./clients/python` works offline,
with build isolation, on a machine that has neither setuptools nor wheel.
"""
import base64
import hashlib
import io
import os
import tarfile
import zipfile

NAME = "layoutd"
VERSION = "0.1.0"
SUMMARY = "Client of the layoutd layout-checking service: check GPU data layouts from Python"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "py3-none-any"


def _metadata():
    readme = ""
    path = os.path.join(ROOT, "README.md")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\nVersion: {VERSION}\nSummary: {SUMMARY}\n"
        "License: MIT\nRequires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _package_files():
    pkg = os.path.join(ROOT, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") or name == "py.typed":
            yield f"{NAME}/{name}", os.path.join(pkg, name)


def _record_line(arc, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"{arc},sha256={digest.decode()},{len(data)}"


def _dist_info_files():
    wheel = f"Wheel-Version: 1.0\nGenerator: layoutd-backend\nRoot-Is-Purelib: true\nTag: {TAG}\n"
    return {"METADATA": _metadata().encode(), "WHEEL": wheel.encode()}


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = f"{NAME}-{VERSION}.dist-info"
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    for name, data in _dist_info_files().items():
        with open(os.path.join(metadata_directory, info, name), "wb") as f:
            f.write(data)
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    filename = f"{NAME}-{VERSION}-{TAG}.whl"
    info = f"{NAME}-{VERSION}.dist-info"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, path in _package_files():
            with open(path, "rb") as f:
                data = f.read()
            z.writestr(arc, data)
            records.append(_record_line(arc, data))
        for name, data in _dist_info_files().items():
            arc = f"{info}/{name}"
            z.writestr(arc, data)
            records.append(_record_line(arc, data))
        records.append(f"{info}/RECORD,,")
        z.writestr(f"{info}/RECORD", "\n".join(records) + "\n")
    return filename


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{VERSION}"
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/backend.py"]:
            if os.path.exists(os.path.join(ROOT, rel)):
                t.add(os.path.join(ROOT, rel), arcname=f"{base}/{rel}")
        for arc, path in _package_files():
            t.add(path, arcname=f"{base}/{arc}")
        data = _metadata().encode()
        ti = tarfile.TarInfo(f"{base}/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return filename
