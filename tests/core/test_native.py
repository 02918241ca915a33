"""The compiled twins (`core/native.py`): `make native` builds them, the module uses its twin
only when built from its very text, and the twin finds exactly what the Python module finds."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tablesports.core.native import (
    MIRRORED,
    NATIVE_MODULES,
    PURE_ENV,
    _twin,
    cython_source,
    digest,
    native_status,
    twin_name,
)
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.turn import paths

PATHS = "tablesports.games.bloodbowl.turn.paths"
DATA = Path(paths.__file__).parents[1] / "data"


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
    twin = importlib.import_module(twin_name(PATHS))
    assert set(twin.NATIVE_NAMES) >= {"reach", "_safest", "_flood", "moves_by_square"}
    for name in twin.NATIVE_NAMES:
        assert getattr(paths, name) is getattr(twin, name), name
    assert paths.Reach.__module__ == PATHS  # the classes stay the module's own
    assert pure_paths().reach.__module__ == "pure_paths"


def test_a_twin_built_from_other_text_is_not_used(tmp_path: Path) -> None:
    edited = tmp_path / "paths.py"
    edited.write_text(Path(paths.__file__).read_text() + "\n# edited\n")
    twin, status = _twin(PATHS, str(edited))
    assert twin is None
    assert status.startswith("stale")


def test_a_twin_built_from_other_c_text_is_not_used(tmp_path: Path) -> None:
    """The Cython text is in the digest: a twin built before it was edited is not used."""
    module = tmp_path / "paths.py"
    module.write_text(Path(paths.__file__).read_text())
    assert _twin(PATHS, str(module))[1].startswith("stale")  # no C text beside it
    pyx = cython_source(paths.__file__)
    cython_source(module).write_text(pyx.read_text())
    assert _twin(PATHS, str(module))[1] == "compiled"  # the same texts
    cython_source(module).write_text(pyx.read_text() + "\n# edited\n")
    assert _twin(PATHS, str(module))[1].startswith("stale")


def test_the_modules_a_twin_mirrors_are_in_its_digest(tmp_path: Path) -> None:
    module = tmp_path / "paths.py"
    module.write_text(Path(paths.__file__).read_text())
    cython_source(module).write_text(cython_source(paths.__file__).read_text())
    before = digest(PATHS, module)
    assert digest("another.module", module) != before  # one that mirrors nothing
    assert MIRRORED[PATHS], "the pathfinder's twin counts tackle zones as common.py does"


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


TEAMS = tomllib.loads((DATA / "teams.toml").read_text())
"""Every published team, each met once as home and once as away below."""


@pytest.mark.parametrize("home", sorted(TEAMS))
def test_the_compiled_pathfinder_finds_what_the_python_one_finds(home: str) -> None:
    """Square for square: the same risks in the same order, the same paths, the same zones and
    the same moves, over the activations of random playouts of every team (Stunty, Titchy,
    Prehensile Tail, Break Tackle and Sprint included)."""
    teams = sorted(TEAMS)
    away = teams[(teams.index(home) + 1) % len(teams)]
    pure = pure_paths()
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(sum(map(ord, home)))
    state = game.new_initial_state()
    compared = 0
    while not state.is_terminal() and compared < 60:
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        top = state.stack[-1]
        if top.name == "activation" and top.walks(state.players[top.pid]):
            p = state.players[top.pid]
            for sprint in (False, True):
                args = (top.pid, top.moved, top._break_tackle(p), sprint)
                compiled = paths.reach(fresh(state), *args)
                python = pure.reach(fresh(state), *args)
                assert list(compiled.risk.items()) == list(python.risk.items())
                assert [compiled.path(sq) for sq in compiled.risk] == [
                    python.path(sq) for sq in python.risk
                ]
                assert list(compiled.tz) == list(python.tz)
                assert compiled.rush_target == python.rush_target
                assert same_moves(compiled, python, pure)
            compared += 1
        state.apply_legal(state.sample_legal(rng))
    assert compared >= 20 or state.is_terminal()


def same_moves(compiled: Any, python: Any, pure: ModuleType) -> bool:
    """`moves_by_square` of both: the same moves, field for field, to the same squares."""
    number = python.player.number
    c_moves, c_squares = paths.moves_by_square(compiled, number)
    p_moves, p_squares = pure.moves_by_square(python, number)
    return c_squares == p_squares and [fields(a) for a in c_moves] == [fields(a) for a in p_moves]


def fields(a: Any) -> tuple[Any, ...]:
    return (type(a), a.number, a.x, a.y, a.risk, str(a), repr(a), hash(a))


def test_a_compiled_move_is_a_move_path_like_any_other() -> None:
    """The twin makes MovePaths without their `__init__`: they compare, hash, print, copy,
    pickle and stay frozen as those made by it do."""
    import copy
    import dataclasses
    import pickle

    from tablesports.games.bloodbowl.turn.actions import MovePath

    game = load("bloodbowl")
    state = game.new_initial_state()
    r = paths.Reach((0, 0, 0, False, False), state.players[0], 3 * 26 + 4)
    r.risk.update({3 * 26 + 5: "", 4 * 26 + 5: "dodge 3+", 2 * 26 + 3: "rush 2+"})
    moves, squares = paths.moves_by_square(r, 7)
    assert squares == [2 * 26 + 3, 3 * 26 + 5, 4 * 26 + 5]
    made = [MovePath(7, 3, 2, "rush 2+"), MovePath(7, 5, 3, ""), MovePath(7, 5, 4, "dodge 3+")]
    assert moves == made
    assert [str(a) for a in moves] == [str(a) for a in made]
    assert [hash(a) for a in moves] == [hash(a) for a in made]
    assert {moves[0]: 1}[made[0]] == 1
    for a, b in zip(moves, made, strict=True):
        assert pickle.loads(pickle.dumps(a)) == b and pickle.loads(pickle.dumps(a)).risk == b.risk
        assert copy.deepcopy(a).risk == b.risk
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
        assert dataclasses.replace(a, risk="x") == b
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.x = 0  # type: ignore[misc]


def test_the_pathfinders_agree_with_players_on_every_square() -> None:
    """Positions the playouts rarely reach: a crowded pitch, the ball loose among players,
    each agree square for square."""
    pure = pure_paths()
    game = load("bloodbowl", home="skaven", away="lizardmen")
    rng = random.Random(3)
    checked = dodging = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal() and checked < 400:
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng))
                continue
            top = state.stack[-1]
            if top.name == "activation":
                # every player of the pitch, as if activated here, after 0..3 squares
                for q in state.players:
                    if q.square >= 0:
                        args = (q.pid, rng.randrange(4), rng.random() < 0.3, rng.random() < 0.3)
                        compiled = paths.reach(fresh(state), *args)
                        python = pure.reach(fresh(state), *args)
                        assert list(compiled.risk.items()) == list(python.risk.items())
                        assert [compiled.path(sq) for sq in compiled.risk] == [
                            python.path(sq) for sq in python.risk
                        ]
                        checked += 1
                        dodging += bool(python.tz)  # the Dijkstra, not the flood
            state.apply_legal(state.sample_legal(rng))
    assert checked >= 400
    assert dodging >= 100
