"""The wheel's build hook: a wheel for this platform that holds the compiled twins.

`python -m build` (or `pip install` from the sdist) runs `scripts/native.py` on a copy of the
package, as `make native` does in a checkout, and puts the twins it builds (`_<name>_native*.so`
with their `.sha256` digests, `src/tablesports/core/native.py`) into the wheel, which is then
tagged for this Python and platform. Where no compiler is found the wheel stays pure Python
(tagged py3-none-any), with a warning: the package runs the same, only slower.

`TABLESPORTS_NATIVE` chooses: `auto` (the default: compiled if it can be), `yes` (compiled or
the build fails), `no` (pure Python, nothing compiled). An editable install (`pip install -e`)
compiles nothing: there `make native` builds the twins in place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODES = ("auto", "yes", "no")
# what the twins are built with (the dev extra's lower bounds)
BUILD_REQUIRES = ["cython>=3.0", "setuptools>=69"]
TWINS = ("_*_native*.so", "_*_native.sha256")


def native_mode() -> str:
    mode = os.environ.get("TABLESPORTS_NATIVE", "auto").strip().lower() or "auto"
    if mode not in MODES:
        raise ValueError(
            f"TABLESPORTS_NATIVE={mode!r}: it is one of {', '.join(MODES)} "
            "(auto: compiled where a compiler is found; yes: compiled or fail; no: pure Python)"
        )
    return mode


def _other_builds(folder: str, names: list[str]) -> set[str]:
    """What not to copy: caches, and compiled files for another interpreter."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return {
        n for n in names if n == "__pycache__" or (n.endswith(".so") and not n.endswith(suffix))
    }


class CompiledTwins(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return [] if native_mode() == "no" else list(BUILD_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._tmp: str | None = None
        mode = native_mode()
        if version == "editable" or mode == "no":
            return
        tmp = self._tmp = tempfile.mkdtemp(prefix="tablesports-native-")
        src = Path(tmp, "src")
        shutil.copytree(
            Path(self.root, "src", "tablesports"), src / "tablesports", ignore=_other_builds
        )
        # twins a checkout already built (make native) for this interpreter from these very
        # texts are kept (native.py compares their digests); the rest are built here
        done = subprocess.run(
            [sys.executable, str(Path(self.root, "scripts", "native.py"))],
            cwd=tmp,
            env={**os.environ, "PYTHONPATH": str(src)},
            capture_output=True,
            text=True,
        )
        if done.returncode:
            why = (done.stdout[-1500:] + done.stderr[-1500:]).strip()
            if mode == "yes":
                raise RuntimeError(f"TABLESPORTS_NATIVE=yes: the compiled build failed:\n{why}")
            warnings.warn(
                "tablesports: no compiled twins (the build needs gcc and Python's headers); "
                f"the wheel is pure Python, the same games played slower:\n{why}",
                stacklevel=1,
            )
            return
        built = sorted(f for pattern in TWINS for f in src.rglob(pattern))
        for file in built:
            build_data["force_include"][str(file)] = file.relative_to(src).as_posix()
        # a platform wheel: cpXY-cpXY-<platform>
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        print(f"tablesports: {len(built) // 2} compiled twins in the wheel")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_tmp", None):
            shutil.rmtree(str(self._tmp), ignore_errors=True)
