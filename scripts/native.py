"""Build the compiled twins of `tablesports.core.native` (run by `make native`): for
`NATIVE_MODULES`, with Cython from the module's `_<name>_native.pyx` when it has one, else with
mypyc from a copy of its text; for `COMPILED_MODULES`, the module's own text compiled whole by
Cython (all from the dev extra; they need setuptools and gcc). A twin already built from the
current texts is kept. usage: python scripts/native.py [--force]"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tablesports.core.native import (
    COMPILED_MODULES,
    CYTHON_DIRECTIVES,
    NATIVE_MODULES,
    compiled_file,
    cython_source,
    digest,
    sidecar,
    source_path,
    twin_name,
)

MYPYC = """
import sys
from setuptools import setup
from mypyc.build import mypycify
target = sys.argv[1]
setup(
    name="tablesports-native",
    ext_modules=mypycify([sys.argv[2]], opt_level="3", target_dir=target),
    script_args=["build_ext", "--inplace", "--build-temp", target, "--build-lib", target + "/lib",
                 "--quiet"],
)
"""

CYTHON = """
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
target, name, source = sys.argv[1:4]
setup(
    name="tablesports-native",
    ext_modules=cythonize(
        [Extension(name, [source], extra_compile_args=["-O3"])], quiet=True, build_dir=target
    ),
    script_args=["build_ext", "--inplace", "--build-temp", target, "--build-lib", target + "/lib",
                 "--quiet"],
)
"""


WHOLE = """
import json
import os
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
target, directives, *pairs = sys.argv[1:]
jobs = str(os.cpu_count() or 1)
modules = [Extension(n, [s], extra_compile_args=["-O2"]) for n, s in zip(pairs[::2], pairs[1::2])]
setup(
    name="tablesports-compiled",
    ext_modules=cythonize(
        modules, compiler_directives=json.loads(directives), quiet=True, build_dir=target,
        nthreads=int(jobs),
    ),
    script_args=["build_ext", "--build-lib", target + "/lib", "--build-temp", target,
                 "--parallel", jobs, "--quiet"],
)
"""


def build_whole(modules: tuple[str, ...], force: bool) -> None:
    """Compile the modules' own texts with Cython (one build for all that changed), each into
    `_<name>_native` beside it, with the digest of the text it was built from."""
    todo = []
    for module in modules:
        source = source_path(module)
        stamp = sidecar(source)
        current = stamp.exists() and stamp.read_text().strip() == digest(module, source)
        if force or not current or not compiled_file(source).exists():
            todo.append(module)
            compiled_file(source).unlink(missing_ok=True)
            stamp.unlink(missing_ok=True)
    if not todo:
        print(f"{len(modules)} modules compiled whole: up to date")
        return
    root = package_root(todo[0])
    with tempfile.TemporaryDirectory() as tmp:
        pairs = [x for m in todo for x in (m, str(source_path(m).relative_to(root)))]
        done = subprocess.run(
            [sys.executable, "-c", WHOLE, tmp, json.dumps(CYTHON_DIRECTIVES), *pairs],
            cwd=root,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            sys.exit(
                f"the Cython build of {', '.join(todo)} failed (it needs gcc and Python's "
                f"headers):\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
            )
        for module in todo:
            source = source_path(module)
            made = Path(tmp, "lib", *module.split(".")[:-1])
            (built,) = made.glob(source.stem + ".*.so")
            shutil.move(built, compiled_file(source))
            sidecar(source).write_text(digest(module, source) + "\n")
    print(f"{len(todo)} of {len(modules)} modules compiled whole (Cython): {', '.join(todo)}")


def package_root(module: str) -> Path:
    """The folder that holds `tablesports`, where the builds run."""
    return source_path(module).parents[len(module.split(".")) - 1]


def build(module: str, force: bool) -> None:
    source = source_path(module)
    root = package_root(module)
    name = twin_name(module)
    twin = source.with_name(name.rpartition(".")[2] + ".py")
    stamp_file = sidecar(source)
    built = list(twin.parent.glob(twin.stem + ".*.so")) + list(
        twin.parent.glob(twin.stem + "__mypyc.*.so")
    )
    want = digest(module, source)
    if not force and built and stamp_file.exists() and stamp_file.read_text().strip() == want:
        print(f"{module}: compiled twin up to date")
        return
    for old in [*built, stamp_file]:
        old.unlink(missing_ok=True)
    stamp = f'\nNATIVE_SOURCE = "{want}"\n'
    pyx = cython_source(source)
    with tempfile.TemporaryDirectory() as tmp:
        if pyx.exists():
            # the C text is built from a stamped copy, so that the twin knows what it was built from
            copy = Path(tmp) / pyx.name
            shutil.copyfile(pyx, copy)
            with copy.open("a") as f:
                f.write(stamp)
            command, tool = [CYTHON, tmp, name, str(copy)], "Cython"
        else:
            twin.write_text(source.read_text() + stamp)
            command, tool = [MYPYC, tmp, str(twin.relative_to(root))], "mypyc"
        try:
            done = subprocess.run(
                [sys.executable, "-c", *command], cwd=root, capture_output=True, text=True
            )
        finally:
            twin.unlink(missing_ok=True)
    if done.returncode:
        sys.exit(
            f"{module}: the {tool} build failed (it needs gcc and Python's headers):\n"
            f"{done.stdout[-2000:]}{done.stderr[-2000:]}"
        )
    stamp_file.write_text(want + "\n")
    print(f"{module}: compiled twin built ({tool})")


if __name__ == "__main__":
    for name in NATIVE_MODULES:
        build(name, "--force" in sys.argv[1:])
    build_whole(COMPILED_MODULES, "--force" in sys.argv[1:])
