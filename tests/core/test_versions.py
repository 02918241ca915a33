"""Reports and JSON outputs say what pins their games down: the program's version and commit,
the game's version and a digest of its rules data and options (issue 43 item 4)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

import tablesports
from tablesports.core.versions import program_commit, provenance, rules_digest
from tests.cli.helpers import run


def test_the_rules_digest_tells_apart_options_games_and_nothing_else() -> None:
    jukem = tablesports.load("jukem")
    assert rules_digest(jukem) == rules_digest(tablesports.load("jukem"))
    assert rules_digest(jukem) != rules_digest(tablesports.load("jukem", hand_size=6))
    assert rules_digest(jukem) != rules_digest(tablesports.load("hanniball"))
    assert len(rules_digest(jukem)) == 16


def test_provenance_names_the_program_its_commit_and_the_games_version() -> None:
    facts = provenance(tablesports.load("bloodbowl"))
    assert facts["tablesports"] == tablesports.__version__
    assert facts["game version"] == str(tablesports.load("bloodbowl").info.version)
    assert facts["commit"] == program_commit()  # the tests run in a checkout
    assert facts["commit"] is not None and len(facts["commit"].rstrip("+")) == 12


def test_simulate_and_arena_json_carry_the_provenance() -> None:
    runner = CliRunner(env={"COLUMNS": "160"})
    out = run(runner, "simulate", "jukem", "-a", "random", "jukem-greedy", "-n", "2", "--json")
    assert json.loads(out.stdout)["provenance"]["rules digest"] == rules_digest(
        tablesports.load("jukem")
    )
    args = ["arena", "hanniball", "-a", "random", "hanniball-greedy", "-n", "2"]
    out = run(runner, *args, "-o", "max_turns=10", "--json")
    assert json.loads(out.stdout)["provenance"]["game"] == "hanniball"


def test_simulate_and_compare_csv_carry_the_provenance_in_every_row(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "160"})
    sim = tmp_path / "sim.csv"
    run(runner, "simulate", "jukem", "-a", "random", "jukem-greedy", "-n", "2", "--csv", str(sim))
    rows = list(csv.DictReader(sim.open(encoding="utf-8")))
    assert len(rows) == 2
    digest = rules_digest(tablesports.load("jukem"))
    assert {(r["game version"], r["rules digest"], r["tablesports"]) for r in rows} == {
        (str(tablesports.load("jukem").info.version), digest, tablesports.__version__)
    }
    cmp = tmp_path / "cmp.csv"
    args = ["compare", "hanniball", "--a", "max_turns=60", "--b", "max_turns=30", "-n", "2"]
    run(runner, *args, "--csv", str(cmp))
    rows = list(csv.DictReader(cmp.open(encoding="utf-8")))
    a = tablesports.load("hanniball", max_turns=60)
    assert rows and {r["rules digest"] for r in rows} == {rules_digest(a)}
    assert {r["game"] for r in rows} == {"hanniball"}
