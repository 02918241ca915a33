"""Juggers Fallout at the prompt, as a person plays it: the draft, set-up and a flick by target."""

from __future__ import annotations

import math
import random
import re

from typer.testing import CliRunner

from tablesports.cli import shortcuts
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tests.cli.helpers import run

DRAFT = ["choose pick", "pick lince", "pick brace", "pick nebbia", "pick mastino"]


def _play(runner: CliRunner, *lines: str) -> str:
    args = ["play", "juggers", "--vs", "juggers-aim", "--seed", "1"]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_juggers_from_the_draft_to_the_end_of_a_turn_at_the_prompt(runner: CliRunner) -> None:
    out = _play(runner, *DRAFT, "1 c4", "2 c5", "1 a1", "1 at goal", "history")
    assert "dice, coins and cards" not in out
    for pick in DRAFT[1:]:
        assert f"you (seat 0) plays: {pick}\n" in out  # each pick is the person's, taken
    assert "you (seat 0) plays: place 1 at c4" in out  # `1 c4` places at set-up
    assert "a1 is both a cell and a coin: type '1 to a1' for the cell or '1 at A1'" in out
    assert "you (seat 0) plays: flick 1 at 3.1 strength 0.78" in out  # aimed at B's goal
    # the end of the person's turn: the settle is told as what moved, not raw coordinates
    history = out.split("> history")[1]
    # (the distances are the table's physics: the line's form is what is checked)
    assert re.search(
        r"chance: the coins come to rest \(a collision\): A1 c4 -> [a-z]\d+ \(\d+ mm\)", history
    )
    assert "settle A1:" not in out
    assert "(on c4, at 250,350 mm)" in out  # a coin's place as a cell
    assert "shortcuts: 1 c4 (flick or place Jugger 1 to cell c4), 1 at B2" in out


def test_the_draft_market_fits_120_columns_a_line_a_jugger() -> None:
    runner = CliRunner(env={"COLUMNS": "120"})
    out = run(runner, "play", "juggers", "--seed", "1", input="quit\n\n").stdout
    market = out.split("market (")[1].split("  1. ")[0].splitlines()[1:]
    assert len(market) == 14 and all(len(line) <= 120 for line in market)
    assert market[0].startswith("  ferro (Ferro the Rustbucket)  60 d  life 4")


def test_a_flick_to_a_cell_slides_the_coin_there_by_the_aiming_helps_figures() -> None:
    s = load("juggers").new_initial_state()
    rng = random.Random(0)
    s.apply_action(s.parse_action("toss A"))
    while not (
        s.current_player() == 0 and "flick 1 at 0 strength 1" in map(str, s.legal_actions())
    ):
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        texts = [str(a) for a in s.legal_actions()]
        mine = [t for t in ("choose pick", "place 1 at c4", "place 2 at c6") if t in texts]
        s.apply_action(s.parse_action(mine[0] if mine and s.current_player() == 0 else texts[0]))
    assert s.current_player() == 0
    resolved = shortcuts.resolve(s, "flick A1 to e4", [])
    full = s._full_slide()  # type: ignore[attr-defined]
    assert resolved.texts == [f"flick 1 at 0 strength {math.sqrt(200 / full):.2f}"]
    assert shortcuts.resolve(s, "1 to e4 strength 0.5", []).texts == ["flick 1 at 0 strength 0.5"]
    assert "off the table" in shortcuts.resolve(s, "1 to 5000,10", []).problem


def test_the_rules_page_lists_the_short_forms_the_prompt_reads(runner: CliRunner) -> None:
    from pathlib import Path

    from tablesports.cli.shortcuts.juggers import _LINE

    page = (Path(__file__).parents[2] / "docs" / "games" / "juggers.md").read_text()
    table = page.split("| short form | stands for |")[1].split("\n\n")[0]
    forms = re.findall(r"^\| `([^`]+)` \|", table, re.M)
    assert forms[:4] == ["1 c4", "1 at B2", "1 at goal", "1 to 420,350"], forms
    assert all(_LINE.fullmatch(form.lower()) for form in forms)  # the prompt's own reader
    out = _play(runner, *DRAFT, forms[0], "2 c5", forms[2])
    assert "you (seat 0) plays: place 1 at c4" in out  # as the page says
    assert "you (seat 0) plays: flick 1 at 3.1 strength 0.78" in out
