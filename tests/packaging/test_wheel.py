"""The wheel holds the compiled twins (`hatch_build.py`): `python -m build` makes a wheel for
this platform, which, installed into a fresh venv, imports the compiled modules, and
`tablesports bench` says so; the sdist still installs where no compiler works, as pure Python.

Slow (a few minutes: Cython compiles 28 modules): marked `slow`; `make test` runs it once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablesports.core.native import COMPILED_MODULES, NATIVE_MODULES

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]
TWINS = len(NATIVE_MODULES) + len(COMPILED_MODULES)
STATUS = (
    "import json, tablesports, tablesports.core.native as n; "
    "print(json.dumps([tablesports.__file__, n.native_status()]))"
)


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without what would point the venv at the checkout or turn twins off."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "TABLESPORTS_PURE", "TABLESPORTS_NATIVE"}
    return {**{k: v for k, v in os.environ.items() if k not in drop}, **extra}


def run(command: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def build(tmp: Path, kind: str, **env: str) -> Path:
    """`python -m build --KIND` of the checkout into tmp/dist; the one file it makes."""
    try:
        import build as _  # noqa: F401
    except ImportError:
        pytest.fail("`build` is missing: it is in the dev extra (make setup installs it)")
    run([sys.executable, "-m", "build", f"--{kind}", "--outdir", tmp / "dist", ROOT], tmp, **env)
    (made,) = (tmp / "dist").glob("*.whl" if kind == "wheel" else "*.tar.gz")
    return made


def fresh_venv(tmp: Path) -> Path:
    run([sys.executable, "-m", "venv", tmp / "venv"], tmp)
    return tmp / "venv" / "bin"


def installed(bin: Path, tmp: Path) -> tuple[str, dict[str, str]]:
    where, status = json.loads(run([bin / "python", "-c", STATUS], tmp).stdout)
    return where, status


def test_the_wheel_installs_the_compiled_twins_and_bench_uses_them(tmp_path: Path) -> None:
    wheel = build(tmp_path, "wheel", TABLESPORTS_NATIVE="yes")
    abi = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"tablesports-0.1.0-{abi}-{abi}-"), wheel.name
    bin = fresh_venv(tmp_path)
    run([bin / "pip", "install", "--quiet", wheel], tmp_path)
    where, status = installed(bin, tmp_path)
    assert where.startswith(str(tmp_path / "venv")), where
    assert status == {m: "compiled" for m in (*NATIVE_MODULES, *COMPILED_MODULES)}
    bench = run([bin / "tablesports", "bench", "hanniball", "--seconds", "1", "--json"], tmp_path)
    assert f"compiled twins in use: {TWINS} of {TWINS} modules" in bench.stderr
    (figures,) = json.loads(bench.stdout)
    assert figures["game"] == "hanniball" and figures["steps"] > 0


def test_the_sdist_installs_pure_python_where_no_compiler_works(tmp_path: Path) -> None:
    sdist = build(tmp_path, "sdist")
    bin = fresh_venv(tmp_path)
    # CC=false: every compiler call fails, as on a machine without gcc
    run([bin / "pip", "install", "--quiet", sdist], tmp_path, CC="false")
    where, status = installed(bin, tmp_path)
    assert where.startswith(str(tmp_path / "venv")), where
    assert set(status.values()) == {"not built (`make native` builds it; it needs gcc)"}
    bench = run([bin / "tablesports", "bench", "hanniball", "--seconds", "1", "--json"], tmp_path)
    assert "compiled twins not built" in bench.stderr
    (figures,) = json.loads(bench.stdout)
    assert figures["game"] == "hanniball" and figures["steps"] > 0
