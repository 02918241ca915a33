"""The compiled twins (`core/native.py`): `make native` builds them, the module uses its twin
only when built from its very text, and the twin finds exactly what the Python module finds."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tablesports.core.native import NATIVE_MODULES, PURE_ENV, _twin, native_status, twin_name
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.turn import paths

PATHS = "tablesports.games.bloodbowl.turn.paths"


def pure_paths() -> ModuleType:
    """The pathfinder's Python text, loaded under another name (so it keeps its own code)."""
    spec = importlib.util.spec_from_file_location("pure_paths", paths.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pathfinder_runs_compiled_after_make_setup() -> None:
    if os.environ.get(PURE_ENV):
        pytest.fail(f"{PURE_ENV} is set: unset it to test the compiled twins")
    status = native_status()[PATHS]
    assert status == "compiled", (
        f"the compiled pathfinder is {status}: run `make native` (after `make setup`; "
        "it needs gcc and Python's headers, which `make test` installs with apt)"
    )
    assert paths.reach.__module__ == twin_name(PATHS)
    assert type(paths.Reach).__name__ == "type" and paths.Reach.__module__ == twin_name(PATHS)
    assert pure_paths().reach.__module__ == "pure_paths"


def test_a_twin_built_from_other_text_is_not_used(tmp_path: Path) -> None:
    edited = tmp_path / "paths.py"
    edited.write_text(Path(paths.__file__).read_text() + "\n# edited\n")
    twin, status = _twin(PATHS, str(edited))
    assert twin is None
    assert status.startswith("stale")


def test_pure_turns_the_twins_off() -> None:
    code = (
        "from tablesports.games.bloodbowl.turn import paths; "
        "from tablesports.core.native import native_status; "
        "print(paths.reach.__module__, native_status())"
    )
    env = {**os.environ, PURE_ENV: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith(f"{PATHS} ")
    assert f"off ({PURE_ENV} is set)" in out


def test_every_module_with_a_twin_calls_use_native() -> None:
    for module in NATIVE_MODULES:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        assert "\nuse_native(globals())\n" in Path(spec.origin).read_text(), module


def fresh(state: Any) -> Any:
    """A copy that has asked the pathfinder nothing (a clone shares its original's answers)."""
    copy = state.clone()
    copy.__dict__.pop("_reach", None)
    copy.__dict__.pop("_moves", None)
    return copy


@pytest.mark.parametrize(("home", "away"), [("human", "orc"), ("snotling", "skaven")])
def test_the_compiled_pathfinder_finds_what_the_python_one_finds(home: str, away: str) -> None:
    """Square for square: the same risks in the same order, the same paths, the same zones,
    over the activations of random playouts (Stunty, Titchy, Prehensile Tail included)."""
    pure = pure_paths()
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(11)
    state = game.new_initial_state()
    compared = dodging = 0
    while not state.is_terminal() and compared < 150:
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        top = state.stack[-1]
        if top.name == "activation" and top.walks(state.players[top.pid]):
            args = (top.pid, top.moved, top._break_tackle(state.players[top.pid]), False)
            compiled = paths.reach(fresh(state), *args)
            python = pure.reach(fresh(state), *args)
            assert list(compiled.risk.items()) == list(python.risk.items())
            assert [compiled.path(sq) for sq in compiled.risk] == [
                python.path(sq) for sq in python.risk
            ]
            assert list(compiled.tz) == list(python.tz)
            assert compiled.rush_target == python.rush_target
            compared += bool(python.risk)
            dodging += bool(python.tz)  # the Dijkstra, not the flood
        state.apply_legal(state.sample_legal(rng))
    assert compared >= 100
    assert dodging >= 30
