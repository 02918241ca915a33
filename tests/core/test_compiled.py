"""The modules compiled whole (`core/native.COMPILED_MODULES`): `make native` builds them, they
are imported compiled only while their texts are the ones they were built from, and compiled
they play exactly the games their Python texts play."""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tablesports.core import native
from tablesports.core.native import (
    COMPILED_MODULES,
    PURE_ENV,
    _compiled,
    compiled_file,
    native_status,
    sidecar,
    source_path,
)
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import game_ids, load

ROOT = Path(__file__).parents[2]
BLOODBOWL_DATA = source_path("tablesports.games.bloodbowl.state").parent / "data"
TEAMS = sorted(tomllib.loads((BLOODBOWL_DATA / "teams.toml").read_text()))


def require_built() -> None:
    if os.environ.get(PURE_ENV):
        pytest.fail(f"{PURE_ENV} is set: unset it to test the compiled modules")
    status = native_status()
    missing = {m: status[m] for m in COMPILED_MODULES if status[m] != "compiled"}
    assert not missing, (
        f"not compiled: {missing}; run `make native` (after `make setup`; it needs gcc and "
        "Python's headers, which `make test` installs with apt)"
    )


def test_the_hot_modules_run_compiled_after_make_native() -> None:
    require_built()
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        assert module.__file__ == str(compiled_file(source_path(name))), name
        assert native._is_compiled(module), name


def test_a_compiled_module_is_used_only_with_the_text_it_was_built_from(tmp_path: Path) -> None:
    require_built()
    name = "tablesports.core.protocol"
    source = source_path(name)
    copy = tmp_path / source.name
    copy.write_text(source.read_text())
    assert _compiled(name, copy)[1].startswith("not built")
    shutil.copy(compiled_file(source), compiled_file(copy))
    shutil.copy(sidecar(source), sidecar(copy))
    assert _compiled(name, copy) == (compiled_file(copy), "compiled")
    copy.write_text(source.read_text() + "\n# edited\n")
    built, status = _compiled(name, copy)
    assert built is None and status.startswith("stale"), status


def test_how_it_is_compiled_is_in_the_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module built with other Cython directives is stale too."""
    require_built()
    name = "tablesports.core.events"
    assert _compiled(name)[1] == "compiled"
    monkeypatch.setitem(native.CYTHON_DIRECTIVES, "binding", False)
    assert _compiled(name)[1].startswith("stale")


def test_pure_imports_every_python_text() -> None:
    code = (
        "import importlib, json; from tablesports.core.native import COMPILED_MODULES, "
        "native_status; print(json.dumps([[importlib.import_module(m).__file__, "
        "native_status()[m]] for m in COMPILED_MODULES]))"
    )
    out = run_python(code, pure=True)
    for (file, status), name in zip(json.loads(out), COMPILED_MODULES, strict=True):
        assert file == str(source_path(name)), name
        assert status == f"off ({PURE_ENV} is set)", name


def play_digests(game_id: str) -> list[str]:
    """One digest per seeded public-loop game of `game_id` (Blood Bowl: one game per team, as
    home): of every legal list, every chance outcome with its probability, every action, every
    event, an observation every tenth step, and the end (its JSON, returns, figures, picture).
    """
    games: list[tuple[dict[str, Any], int]]
    if game_id == "bloodbowl":
        games = [({"home": t, "away": TEAMS[i - 1]}, i) for i, t in enumerate(TEAMS)]
    else:
        games = [({}, seed) for seed in range(3)]
    out = []
    for options, seed in games:
        game = load(game_id, **options)
        rng = random.Random(seed)
        h = hashlib.sha256()
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                h.update(repr([(str(a), p) for a, p in outcomes]).encode())
                if outcomes:
                    action = rng.choices(*zip(*outcomes, strict=True))[0]
                else:
                    action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                h.update(repr([str(a) for a in legal]).encode())
                action = rng.choice(legal)
                if step % 10 == 0:
                    h.update(json.dumps(state.observation(player), default=str).encode())
            for e in state.apply_action(action):
                h.update(repr((str(action), e.kind, e.text, e.rule)).encode())
                h.update(json.dumps(e.data, sort_keys=True, default=str).encode())
            step += 1
        h.update(json.dumps(state.to_json(), sort_keys=True, default=str).encode())
        h.update(repr((state.returns(), state.figures(), str(state))).encode())
        out.append(f"{options} {seed} {step} {h.hexdigest()}")
    return out


def run_python(code: str, pure: bool) -> str:
    env = {**os.environ}
    env.pop(PURE_ENV, None)
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("game_id", game_ids())
def test_compiled_and_python_play_the_same_games(game_id: str) -> None:
    """Every game plays through the compiled protocol, chance and events; Blood Bowl through its
    compiled turn too: the same seeds give the same games, step for step, as the Python texts."""
    require_built()
    compiled = play_digests(game_id)
    code = (
        # the tests' own games (kuhn, pig, ttt) are registered by conftest
        "import json, tests.conftest; from tests.core.test_compiled import play_digests; "
        f"print(json.dumps(play_digests({game_id!r})))"
    )
    python = json.loads(run_python(code, pure=True))
    assert compiled == python
    assert len({d.split()[-1] for d in compiled}) == len(compiled)  # the games differ


SCOPES = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def run_twice(module: ast.Module) -> list[int]:
    """The lines of the comprehensions a module's own code (outside functions) may run more than
    once: inside another comprehension, or in a loop's body."""
    found: list[int] = []

    def walk(node: ast.AST, repeated: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, SCOPES) and repeated:
                found.append(child.lineno)
            loop = isinstance(child, (ast.For, ast.AsyncFor, ast.While, *SCOPES))
            walk(child, repeated or loop)

    walk(module, False)
    return found


def test_no_compiled_module_runs_a_comprehension_twice_outside_a_function() -> None:
    """Cython (3.0 to 3.3.1, at least) leaves a module-level comprehension's variable holding a
    None it never counted: each later run of it takes one reference from None. Jugger TTG's
    board tables, nested comprehensions over 231 hexes, took 700, and a script that imported
    the board alone died at exit ("Fatal Python error: none_dealloc"). Such tables are made by
    a function, where a comprehension's variables are the function's own."""
    wrong = {}
    for name in COMPILED_MODULES:
        lines = sorted(set(run_twice(ast.parse(source_path(name).read_text()))))
        if lines:
            wrong[name] = lines
    assert not wrong, f"make these tables in a function (the lines): {wrong}"
    sample = ast.parse("A = [[b for b in r] for a in r]\nfor i in r:\n    B = {j for j in r}\n")
    assert run_twice(sample) == [1, 3]  # the check finds both kinds


def test_each_compiled_module_imported_alone_takes_no_reference_from_none() -> None:
    """Importing a compiled module, alone in a fresh interpreter (no collection meanwhile),
    leaves None about as many references as it found, and the interpreter exits cleanly: the
    board's import took 700 before its tables were made by functions, and the interpreter
    died at exit. (The importer itself frees a few: a Blood Bowl module's import shows -13.)"""
    require_built()
    code = (
        "import gc, importlib, sys\n"
        "import tablesports\n"
        "gc.collect()\n"
        "gc.disable()\n"
        "before = sys.getrefcount(None)\n"
        "importlib.import_module(sys.argv[1])\n"
        "print(sys.getrefcount(None) - before)\n"
    )
    taken = {}
    for name in COMPILED_MODULES:
        env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
        done = subprocess.run(
            [sys.executable, "-c", code, name], env=env, cwd=ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, (name, done.stderr[-2000:])
        taken[name] = int(done.stdout)
    assert not {n: k for n, k in taken.items() if k < -100}, taken
