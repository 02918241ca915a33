"""Blood Bowl's state check: counters within a match, players who exist, the procedure stack's
fields by their meaning, on the JSON and the notation path alike."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tablesports.core.errors import StateError
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tests.games.bloodbowl.helpers import to_first_turn

GAME = load("bloodbowl")


def _turn() -> dict[str, Any]:
    return to_first_turn().to_json()


def _refused(data: dict[str, Any], match: str) -> None:
    with pytest.raises(StateError, match=match):
        GAME.state_from_json(data)
    with pytest.raises(StateError, match=match):  # the notation is a JSON state too
        GAME.from_position(json.dumps(data))


def test_negative_or_oversized_counters_are_refused() -> None:
    data = _turn()
    _refused({**data, "score": [-1, 0]}, r"score\[0\] is -1; 0 to 24 touchdowns")
    _refused({**data, "rerolls": [9, 3]}, r"rerolls\[0\] is 9")
    _refused({**data, "bribes": [0, 7]}, r"bribes\[1\] is 7")
    _refused({**data, "turn": [0, 12]}, r"turn\[1\] is 12; 0 to 8")


def test_a_turn_beyond_the_last_is_refused() -> None:
    _refused({**_turn(), "turn": [9, 0]}, r"turn\[0\] is 9; 0 to 8 \(turns_per_half\)")


def test_a_player_who_does_not_exist_is_refused() -> None:
    data = _turn()
    _refused({**data, "kicker": 99}, "kicker is 99")
    _refused({**data, "scorer": 24}, "scorer is 24; -1 \\(none\\) or a player \\(0 to 23\\)")


def test_a_procedure_field_out_of_range_is_refused() -> None:
    data = _turn()
    turn = next(i for i, p in enumerate(data["stack"]) if p["proc"] == "team_turn")
    data["stack"][turn]["team"] = 2
    _refused(data, r"stack\[\d+\] \(team_turn\).team is 2; a team: 0 \(home\) or 1 \(away\)")


@pytest.mark.parametrize("value", ["1", -1, None])
def test_a_procedure_s_team_must_be_a_number_0_or_1(value: Any) -> None:
    data = _turn()
    turn = next(i for i, p in enumerate(data["stack"]) if p["proc"] == "team_turn")
    data["stack"][turn]["team"] = value
    _refused(data, r"stack\[\d+\] \(team_turn\).team is .*; a team: 0 \(home\) or 1 \(away\)")


def _at_set_up() -> dict[str, Any]:
    """A state whose top procedure is a team's set-up with its pool of players chosen."""
    rng = random.Random(0)
    s = GAME.new_initial_state()
    while not (s.stack[-1].name == "setup" and s.stack[-1].pool):
        if s.current_player() == CHANCE:
            s.apply_legal(s.sample_chance(rng))
        else:
            s.apply_legal(s.legal_actions()[0])
    return s.to_json()


def test_a_set_up_pool_holds_each_player_of_the_team_setting_up_once() -> None:
    data = _at_set_up()
    top = data["stack"][-1]
    team = top["team"]
    other = next(i for i, p in enumerate(GAME.state_from_json(data).players) if p.team != team)
    for bad, match in (
        ([other, *top["pool"][1:]], rf"pool.*players of team {team}"),
        ([top["pool"][0], *top["pool"]], r"pool.*each player once"),
        ([99, *top["pool"][1:]], r"pool.*players 0 to"),
    ):
        stack = [*data["stack"][:-1], {**top, "pool": bad}]
        _refused({**data, "stack": stack}, match)
