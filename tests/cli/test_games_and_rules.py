"""`tablesports games` and `tablesports rules`, and the errors every command shares."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tablesports.core.registry import load
from tablesports.core.versions import rules_digest
from tests.cli.helpers import assert_clean_error, run


def test_games_lists_registered_games_with_title_players_and_kind(runner: CliRunner) -> None:
    result = run(runner, "games")
    assert result.exit_code == 0, result.output
    lines = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if "│" in line}
    assert "Hidden Pig" in lines["pig"]
    assert "dice, hidden edge; imperfect information" in lines["pig"]
    assert "Nim (test game)" in lines["nim"] and " 2 " in lines["nim"]
    assert "The general agents play every game:" in result.stdout and "random" in result.stdout


def test_rules_prints_the_rules_page_as_plain_text_when_piped(runner: CliRunner) -> None:
    result = run(runner, "rules", "pig")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Hidden Pig (test game)")


def test_unknown_game_lists_the_valid_ids(runner: CliRunner) -> None:
    for command in (["rules", "chess"], ["play", "chess"], ["bench", "chess"]):
        result = run(runner, *command)
        assert_clean_error(result, "unknown game 'chess'", "nim", "pig")


def test_wrong_option_names_the_option_and_what_is_allowed(runner: CliRunner) -> None:
    result = run(runner, "rules", "pig", "--option", "colour=red")
    assert_clean_error(result, "unknown option 'colour'", "the options are: target")
    result = run(runner, "rules", "pig", "--option", "target=1")
    assert_clean_error(result, "option 'target'", "greater than or equal to 5")


def test_option_without_equals_sign_is_explained(runner: CliRunner) -> None:
    result = run(runner, "rules", "pig", "--option", "target")
    assert_clean_error(result, "--option takes key=value, got 'target'")


def test_option_values_are_converted_to_numbers(runner: CliRunner) -> None:
    """`--option` values stay text until the options model (pydantic) gives them their types."""
    from pydantic import BaseModel, ConfigDict

    from tablesports.cli.common import load_game, parse_options
    from tablesports.core.protocol import validate_options

    class Options(BaseModel):
        model_config = ConfigDict(extra="forbid")
        target: int
        x: float
        y: bool
        z: bool
        w: str

    options = parse_options(["target=30", "x=0.5", "y=true", "z=off", "w=left"])
    assert validate_options(Options, options, "test").model_dump() == {
        "target": 30,
        "x": 0.5,
        "y": True,
        "z": False,
        "w": "left",
    }
    assert load_game("pig", ["target=30"]).options.target == 30  # type: ignore[attr-defined]
    result = run(runner, "rules", "pig", "-o", "target=30")
    assert result.exit_code == 0
    result = run(runner, "rules", "pig", "-o", "target=thirty")
    assert_clean_error(result, "option 'target'", "'thirty'")


def test_version_and_help(runner: CliRunner) -> None:
    assert "tablesports 0." in run(runner, "--version").stdout
    result = run(runner)
    for command in ("games", "rules", "play", "simulate", "replay", "bench"):
        assert command in result.output


def test_the_command_itself_exits_2_with_one_line_and_no_traceback() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tablesports.cli", "rules", "chess"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown game 'chess'; the games are: ")
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_help_and_games_list_each_games_options_with_defaults(runner: CliRunner) -> None:
    for command in (["play", "--help"], ["games"]):
        result = run(runner, *command)
        assert result.exit_code == 0, result.output
        assert "bloodbowl: home=human, away=orc, turns_per_half=8" in result.stdout
        assert "hanniball: max_turns=200, repetition_draw=3, max_defenders=none" in result.stdout


def test_help_has_no_type_labels(runner: CliRunner) -> None:
    for command in ("play", "simulate", "arena", "replay", "bench"):
        out = run(runner, command, "--help").stdout
        for label in ("<bool>", "<str>", "<int>", "<path>", "<list"):
            assert label not in out, f"{command} --help shows {label}"
    assert "--vs" in run(runner, "play", "--help").stdout


def test_games_and_rules_show_every_swappable_house_rule_as_an_option(runner: CliRunner) -> None:
    """Issue 37 item 6: each house rule a rules page calls swappable is an option, listed with
    its default by `games` and named as `-o name=...` on the page `rules` prints."""
    out = " ".join(run(runner, "games").stdout.split())  # rich wraps the long lines
    for shown in (
        "juggers: innings=9, starting_morale=6, morale_cap=20, heroic_morale=3, "
        "excite_discount=3, budget=200,",
        "fall_ends_attack=true,",
        "jukem: deck=none, preset=none, hand_size=none, halves=none, tiebreak_deals=none, "
        "goal_rows=none, goal_cols=none",
        "initiative=reflex, pick_order=alternate,",
    ):
        assert shown in out
    pages = {
        "juggers": ("`-o innings=N`", "`-o fall_ends_attack=false`", "`-o budget=N`"),
        "jukem": ("`-o hand_size=N`", "`-o tiebreak_deals=N`", "`-o goal_cols=N`", "`-o halves=N`"),
        "juggerttg": (
            "`-o pick_order=whole-team`",
            "`-o initiative=will`",
            "`-o one_attack_per_activation=true`",
        ),
    }
    for game_id, names in pages.items():
        page = run(runner, "rules", game_id).stdout
        for name in names:
            assert name in page, f"{game_id}: {name}"


def test_the_mini_jukem_preset_is_an_option_on_the_command_line(runner: CliRunner) -> None:
    mini = ("simulate", "jukem", "-a", "random", "random", "-o")
    result = run(runner, *mini, "preset=mini", "--games", "3", "--json")
    assert result.exit_code == 0, result.output
    digest = json.loads(result.stdout)["provenance"]["rules digest"]
    assert digest == rules_digest(load("jukem", preset="mini")) != rules_digest(load("jukem"))
    refused = run(runner, *mini, "preset=maxi", "--games", "1")
    assert refused.exit_code != 0 and "option 'preset': Input should be 'mini'" in refused.output
