"""`benchmarks/web_load.py --attack` at a tiny size: it runs against a real server, makes every
attack of issue 44, and prints its three tables (the figures themselves are not judged)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATTACKS = ("H1", "H2", "H3", "L2", "L4", "M2")


def run_attack_benchmark() -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [
            *(sys.executable, str(ROOT / "benchmarks" / "web_load.py"), "--attack"),
            *("--processes", "1", "--seconds", "3", "--matches", "2", "--clients", "2"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def rows_after(text: str, header: str) -> list[list[str]]:
    """The whitespace-split lines under the line that starts with `header`, up to a blank."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rows.append(line.split())
    return rows


def test_attack_mode_makes_every_attack_and_prints_its_tables() -> None:
    out = run_attack_benchmark()

    latency = rows_after(out, "processes  attack  actions")
    assert [(r[0], r[1]) for r in latency] == [("1", "no"), ("1", "yes")]
    for row in latency:
        assert len(row) == 10  # actions, ack p50/p95/max, answer p50/p95/max, lost or doubled
        assert all(re.fullmatch(r"\d+(\.\d+)?|nan", cell) for cell in row[2:]), row
        assert row[-1] == "0"  # no move lost or doubled
    assert int(latency[0][2]) > 0  # the players moved without the attack

    attacks = {r[0]: r for r in rows_after(out, "attack  processes   made")}
    assert set(attacks) == set(ATTACKS)
    for name, row in attacks.items():
        made, answered, refused, unanswered = map(int, row[2:6])
        assert made > 0, f"{name} made no request"
        told = answered + refused + unanswered
        # each HTTP request is answered, refused or still waiting at the end; M2's
        # messages too, and a refused connection of M2's counts as a refusal besides
        assert told == made if name != "M2" else told >= made, row
    # H3 asks for the `strongest` level of games that have one: refused for the client's
    # allowance (429), never as a bad request (a game whose levels stop below `strongest`)
    assert int(attacks["H3"][3]) > 0 and "400:" not in attacks["H3"][6:], attacks["H3"]

    resources = rows_after(out, "processes  attack  server RSS MB")
    assert [(r[0], r[1]) for r in resources] == [("1", "no"), ("1", "yes")]
    for row in resources:
        assert re.fullmatch(r"\d+ -> \d+", " ".join(row[2:5])), row  # one process's RSS
