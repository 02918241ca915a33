"""`tablesports teams`: the published Blood Bowl teams, and one roster's positions."""

from __future__ import annotations

from typer.testing import CliRunner

from tablesports.games.bloodbowl.rules_data import teams
from tests.cli.helpers import assert_clean_error, run


def test_teams_lists_every_published_team_with_its_roster_and_source(runner: CliRunner) -> None:
    result = run(runner, "teams")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    keys = {line.split()[0] for line in lines if line.startswith("  ") and line.strip()}
    assert set(teams()) <= keys
    assert "Flayed Rock All-Stars" in result.stdout and "BSData/bloodbowl" in result.stdout


def test_the_team_list_stays_readable_at_80_columns() -> None:
    runner = CliRunner(env={"COLUMNS": "80"})
    result = run(runner, "teams")
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    table = lines[lines.index("") + 3 : lines.index("", lines.index("") + 1)]
    rows = [line for line in table if line.startswith("  ") and line[2] != " "]
    assert len(rows) == len(teams())
    assert len(table) <= 3 * len(rows)  # a team takes three lines at most, not twenty-five
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_teams_with_a_roster_lists_its_positions(runner: CliRunner) -> None:
    result = run(runner, "teams", "ogre")
    assert result.exit_code == 0, result.output
    assert "Ogre Runt Punter" in result.stdout and "Kick Team-mate" in result.stdout


def test_an_unknown_roster_lists_the_rosters(runner: CliRunner) -> None:
    result = run(runner, "teams", "elves")
    assert_clean_error(result, "unknown roster 'elves'", "ogre", "necromantic")


def test_a_match_between_two_published_teams_is_picked_by_key(runner: CliRunner) -> None:
    result = run(
        runner,
        "simulate",
        "bloodbowl",
        "-o",
        "home=elven-union",
        "-o",
        "away=necromantic",
        "--games",
        "1",
        "--agents",
        "bloodbowl-scripted",
        "bloodbowl-scripted",
    )
    assert result.exit_code == 0, result.output
