"""The wheel holds the compiled twins (`hatch_build.py`): `python -m build` makes a wheel for
this platform, which, installed into a fresh venv, imports the compiled modules, and
`tablesports bench` says so; the sdist still installs where no compiler works, as pure Python.

The wheel is built once a run (Cython compiles 28 modules: a few minutes) and shared: beside the
twins, each documented extra but `train` (docs/rl.md, README) is installed from it into a fresh
venv of its own, where the researcher's walk (`researcher.py`) or the extra's own command runs
for every game, so that a dependency an extra forgot fails here, not on a user's machine.
Marked `slow`; `make test` runs it once."""

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
GAMES = ["bloodbowl", "hanniball", "juggers", "juggerttg", "jukem"]
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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The checkout's wheel with its compiled twins, built once for this module's tests."""
    return build(tmp_path_factory.mktemp("wheel"), "wheel", TABLESPORTS_NATIVE="yes")


def with_extras(wheel: Path, tmp: Path, extras: str) -> Path:
    """A fresh venv with `wheel[extras]` installed; its bin folder."""
    bin = fresh_venv(tmp)
    run([bin / "pip", "install", "--quiet", f"{wheel}[{extras}]"], tmp)
    return bin


def walk(bin: Path, tmp: Path, part: str) -> list[dict[str, object]]:
    """researcher.py's `part` for every game, run by the venv's Python outside the checkout."""
    script = Path(__file__).with_name("researcher.py")
    done = run([bin / "python", script, part], tmp)
    return [json.loads(line) for line in done.stdout.splitlines()]


EVERY_LEVEL = """
import random
from tablesports.agents.registry import make_agent
from tablesports.arena.levels import level_spec, levels
from tablesports.core.registry import game_ids, load
{imports}
for gid in game_ids():
    game = load(gid)
    for level in levels(game):
        agent = make_agent({spec}, game, 0)
        if level == "normal":  # the default level plays a first step (the others search long)
            state = game.new_initial_state()
            while state.current_player() < 0:  # chance (a deal, a kick-off roll) comes first
                state.apply_legal(state.sample_chance(random.Random(0)))
            state.apply_legal(agent.step(state))
    print(gid)
"""
"""Every level of every game made as a face makes it (`spec`), `normal` playing a first step."""
PLAY_EVERY_LEVEL = EVERY_LEVEL.format(imports="", spec="level_spec(level, game)")
"""As `play --vs LEVEL` and `analyse` seat a level."""


def test_the_wheel_installs_the_compiled_twins_and_bench_uses_them(
    wheel: Path, tmp_path: Path
) -> None:
    abi = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"tablesports-0.1.0-{abi}-{abi}-"), wheel.name
    bin = fresh_venv(tmp_path)
    run([bin / "pip", "install", "--quiet", wheel], tmp_path)
    where, status = installed(bin, tmp_path)
    assert where.startswith(str(tmp_path / "venv")), where
    assert status == {m: "compiled" for m in (*NATIVE_MODULES, *COMPILED_MODULES)}
    bench = run([bin / "tablesports", "bench", "hanniball", "--seconds", "1", "--json"], tmp_path)
    assert f"compiled twins in use: {TWINS} of {TWINS} modules" in bench.stderr
    # every level plays on the base install (`play --vs normal`, `analyse`): a learned level
    # reads its network from the package with the base dependencies alone
    played = run([bin / "python", "-c", PLAY_EVERY_LEVEL], tmp_path)
    assert sorted(played.stdout.split()) == sorted(GAMES), played.stdout + played.stderr
    (figures,) = json.loads(bench.stdout)
    assert figures["game"] == "hanniball" and figures["steps"] > 0


def test_the_rl_extra_makes_steps_and_draws_every_game(wheel: Path, tmp_path: Path) -> None:
    """docs/rl.md's Gymnasium and PettingZoo walk with `[rl]` alone: gymnasium.make, masked
    steps (Juggers Fallout's flicks need pymunk), and `rgb_array` frames (matplotlib). Then,
    matplotlib taken away: every game still simulates (pymunk is a dependency of the package,
    not an extra), and an environment asked for pictures says which extra brings them as it
    is made, not at its first render."""
    bin = with_extras(wheel, tmp_path, "rl")
    seen = walk(bin, tmp_path, "rl")
    assert sorted(s["game"] for s in seen) == sorted(GAMES)
    for s in seen:
        height, width, colours = s["frame"]  # type: ignore[misc]
        assert s["steps"] == 40 and height > 100 and width > 100 and colours == 3, s
    run([bin / "pip", "uninstall", "--quiet", "--yes", "matplotlib"], tmp_path)
    for gid in GAMES:
        done = run([bin / "tablesports", "simulate", gid, "--agents", "random", "random",
                    "--games", "1", "--seed", "3"], tmp_path)  # fmt: skip
        assert "1 games" in done.stdout + done.stderr, done.stdout[-500:]
    probe = (
        "import gymnasium, tablesports.envs\n"
        "try:\n"
        "    gymnasium.make('tablesports/hanniball-v0', render_mode='rgb_array')\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    said = run([bin / "python", "-c", probe], tmp_path).stdout
    assert "pip install 'tablesports[rl]'" in said and "matplotlib" in said, said


def test_the_openspiel_extra_loads_and_plays_every_game(wheel: Path, tmp_path: Path) -> None:
    """docs/rl.md's OpenSpiel walk with `[openspiel]` alone: pyspiel.load_game, a playout,
    the observation tensor, and Shimmy's PettingZoo wrapper."""
    bin = with_extras(wheel, tmp_path, "openspiel")
    seen = walk(bin, tmp_path, "openspiel")
    assert sorted(s["game"] for s in seen) == sorted(GAMES)
    for s in seen:
        assert s["steps"] == 40 and s["tensor"] and s["agents"] == ["player_0", "player_1"], s


SEAT_EVERY_LEVEL = EVERY_LEVEL.format(
    imports="from tablesports.web.bots import bot_spec\n"
    "from tablesports.web.settings import ServerSettings",
    spec="bot_spec(level, game, ServerSettings())",  # the server's seat
)


def test_the_web_arena_and_ray_extras_give_their_commands(wheel: Path, tmp_path: Path) -> None:
    """README's `[web]`, `[arena]` and `[ray]`: the server's app imports, an arena draws its
    plot, and an arena's games run as Ray tasks."""
    bin = with_extras(wheel, tmp_path, "web,arena,ray")
    run([bin / "python", "-c", "import tablesports.web.app"], tmp_path)
    # every level the lobby offers is a bot the installed server seats (a learned level reads
    # its network from the package)
    seated = run([bin / "python", "-c", SEAT_EVERY_LEVEL], tmp_path)
    assert sorted(seated.stdout.split()) == sorted(GAMES), seated.stdout + seated.stderr
    run([bin / "tablesports", "arena", "hanniball", "--agents", "random", "hanniball-greedy",
         "--games", "2", "-o", "max_turns=20", "--plot", tmp_path / "ratings.png"],
        tmp_path)  # fmt: skip
    assert (tmp_path / "ratings.png").stat().st_size > 1000
    ray = run([bin / "tablesports", "arena", "hanniball", "--agents", "random", "hanniball-greedy",
               "--games", "2", "-o", "max_turns=20", "--engine", "ray", "--jobs", "1"],
              tmp_path, RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")  # fmt: skip
    assert "2 games played" in ray.stdout + ray.stderr and "ray" in ray.stderr, ray.stderr[-500:]


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
