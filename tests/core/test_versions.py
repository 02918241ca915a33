"""Reports and JSON outputs say what pins their games down: the program's version and commit,
the game's version and a digest of its rules data and options (issue 43 item 4)."""

from __future__ import annotations

import json

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
