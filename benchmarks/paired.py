"""Paired speed ratios beside OpenSpiel (a script that prints figures, not a test).

`../shared/bench/side_by_side.sh` runs three rounds; on a shared machine whose speed swings by
a third within a minute, three ratios can straddle a threshold. This runs the same loop files
with the same game counts (`os_playouts.py` for the anchor, `ts_playouts.py` for the game: the
public loop, chance drawn from `chance_outcomes()`) REPS times, each repetition an anchor run
then every checkout in alternating order, and prints each checkout's ratio to the anchor of its
own repetition: the median and the range. `--against REV` adds a git revision (checked out in
a temporary worktree, its compiled twins built with its own `scripts/native.py` when it has
one) to compare with the working tree in the same repetitions. It first keeps the CPU busy for
`--warmup` seconds: after a pause this machine runs the first seconds of load about a third
faster, which would favour the first anchor.

    .venv/bin/python benchmarks/paired.py bloodbowl --against ca54cb4 --reps 9
    .venv/bin/python benchmarks/paired.py            # the five games, the working tree alone

The two loop files are not in the project: they are the ones the OpenSpiel comparison was first
run with, in `shared/bench` beside the project's folder. A clone without them names their folder
with `--loops DIR` (or `TABLESPORTS_BENCH=DIR`); `tablesports bench` measures the project alone.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _args  # benchmarks/_args.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(os.environ.get("TABLESPORTS_BENCH", ROOT.parent / "shared" / "bench"))
LOOPS = ("os_playouts.py", "ts_playouts.py")
# side_by_side.sh's anchors and counts
ANCHOR = {"jukem": ("python_kuhn_poker", 20000), "hanniball": ("chess", 300)}
DEFAULT_ANCHOR = ("python_block_dominoes", 2000)
GAMES = {"jukem": 300, "hanniball": 60, "bloodbowl": 10, "juggerttg": 20, "juggers": 20}


def openspiel_python() -> str:
    """The venv side_by_side.sh makes for OpenSpiel (made here the same way when missing)."""
    venv = Path(os.environ.get("OS_VENV", Path(tempfile.gettempdir()) / "openspiel-venv"))
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"making {venv} with open-spiel (once)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "open-spiel"], check=True)
    return str(python)


def rate(command: list[str], src: Path | None = None) -> float:
    """all_steps/s of one run of a loop file."""
    env = {k: v for k, v in os.environ.items() if k != "TABLESPORTS_PURE"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    found = re.search(r"all_steps/s=(\d+)", done.stdout)
    if done.returncode or found is None:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout[-1500:]}{done.stderr[-1500:]}")
    return float(found.group(1))


def checkout(revision: str, where: Path) -> Path:
    """`revision` in a worktree at `where`, its twins built; returns its src/."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(where), revision],
        check=True,
    )
    if (where / "scripts" / "native.py").exists():
        subprocess.run(
            [sys.executable, str(where / "scripts" / "native.py")],
            cwd=where,
            env={**os.environ, "PYTHONPATH": str(where / "src")},
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return where / "src"


def main() -> None:
    parser = _args.parser(__doc__, GAMES, reps=7)
    parser.add_argument("--against", action="append", default=[], metavar="REV")
    parser.add_argument("--warmup", type=float, default=20, help="seconds of load first")
    parser.add_argument(
        "--loops", type=Path, default=BENCH, help=f"the folder of {' and '.join(LOOPS)}"
    )
    args = _args.parse(parser, GAMES)
    if args.warmup < 0:
        parser.error("--warmup takes a number of seconds, 0 or more")
    missing = [name for name in LOOPS if not (args.loops / name).is_file()]
    if missing:
        parser.error(
            f"{', '.join(missing)} not found in {args.loops}: the loop files of the OpenSpiel "
            "comparison are kept outside the project (shared/bench beside its folder); give "
            "their folder with --loops DIR or TABLESPORTS_BENCH=DIR (tablesports bench "
            "measures the project without them)"
        )
    osp = openspiel_python()
    with tempfile.TemporaryDirectory() as tmp:
        sides: dict[str, Path] = {}
        try:
            for i, revision in enumerate(args.against):
                sides[revision] = checkout(revision, Path(tmp) / f"rev{i}")
            sides["now"] = ROOT / "src"
            end = time.perf_counter() + args.warmup
            while time.perf_counter() < end:
                sum(range(10_000))
            for game in args.games:
                measure(game, sides, args.reps, osp, args.loops)
        finally:
            for i in range(len(args.against)):
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", f"{tmp}/rev{i}"],
                    stderr=subprocess.DEVNULL,
                )


def measure(game: str, sides: dict[str, Path], reps: int, osp: str, loops: Path) -> None:
    anchor, anchor_games = ANCHOR.get(game, DEFAULT_ANCHOR)
    ratios: dict[str, list[float]] = {s: [] for s in sides}
    rates: dict[str, list[float]] = {s: [] for s in ["anchor", *sides]}
    names = list(sides)
    for r in range(reps):
        base = rate([osp, str(loops / "os_playouts.py"), anchor, str(anchor_games), str(r + 1)])
        rates["anchor"].append(base)
        for side in names if r % 2 == 0 else names[::-1]:
            if not (sides[side] / "tablesports" / "games" / game).is_dir():
                continue  # a revision from before the game
            loop = [sys.executable, str(loops / "ts_playouts.py"), game, str(GAMES[game])]
            x = rate([*loop, str(r + 1)], sides[side])
            rates[side].append(x)
            ratios[side].append(x / base)
    print(f"{game} beside {anchor}, {reps} paired repetitions (all steps/s; ratio in a repetition)")
    print(f"  {'anchor':>10}  {statistics.median(rates['anchor']):>9,.0f}")
    for side in names:
        if ratios[side]:
            q = sorted(ratios[side])
            print(
                f"  {side:>10}  {statistics.median(rates[side]):>9,.0f}  ratio "
                f"{statistics.median(q):.2f} (range {q[0]:.2f}-{q[-1]:.2f})"
            )
    now = rates["now"]
    for side in names[:-1]:
        if rates[side]:
            g = sorted(n / b for n, b in zip(now, rates[side], strict=True))
            print(f"  now / {side}: {statistics.median(g):.2f} (range {g[0]:.2f}-{g[-1]:.2f})")


if __name__ == "__main__":
    main()
