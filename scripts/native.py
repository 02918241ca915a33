"""Build the compiled twins of `tablesports.core.native.NATIVE_MODULES` with mypyc (run by
`make native`; needs mypy's mypyc, setuptools and gcc). A twin already built from the module's
current text is kept. usage: python scripts/native.py [--force]"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

from tablesports.core.native import NATIVE_MODULES, digest, twin_name

COMPILE = """
import sys
from setuptools import setup
from mypyc.build import mypycify
target = sys.argv[1]
setup(
    name="tablesports-native",
    ext_modules=mypycify([sys.argv[2]], opt_level="3", target_dir=target),
    script_args=["build_ext", "--inplace", "--build-temp", target, "--quiet"],
)
"""


def build(module: str, force: bool) -> None:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    source = Path(spec.origin)
    root = source.parents[len(module.split(".")) - 1]  # the folder that holds `tablesports`
    twin = source.with_name(twin_name(module).rpartition(".")[2] + ".py")
    sidecar = twin.with_suffix(".sha256")
    built = list(twin.parent.glob(twin.stem + "*.so"))
    want = digest(source)
    if not force and built and sidecar.exists() and sidecar.read_text().strip() == want:
        print(f"{module}: compiled twin up to date")
        return
    for old in [*built, sidecar]:
        old.unlink(missing_ok=True)
    twin.write_text(source.read_text() + f'\nNATIVE_SOURCE = "{want}"\n')
    try:
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run(
                [sys.executable, "-c", COMPILE, tmp, str(twin.relative_to(root))],
                cwd=root,
                capture_output=True,
                text=True,
            )
    finally:
        twin.unlink()
    if done.returncode:
        sys.exit(
            f"{module}: the mypyc build failed (it needs gcc and Python's headers):\n"
            f"{done.stdout[-2000:]}{done.stderr[-2000:]}"
        )
    sidecar.write_text(want + "\n")
    print(f"{module}: compiled twin built")


if __name__ == "__main__":
    for name in NATIVE_MODULES:
        build(name, "--force" in sys.argv[1:])
