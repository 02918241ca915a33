"""`check_state` (invariants.py): impossible Jugger TTG states are rejected with a StateError
naming the field, the value and what is allowed, from JSON and from the notation alike."""

from __future__ import annotations

from typing import Any

import pytest

from tablesports.core.errors import StateError
from tablesports.core.registry import load
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.board import COLS

from .helpers import GAME, h, pos, x

BASE = "r2 wren long k6 E 3/4; b2 bex long m6 W 5/3"


def fields() -> dict[str, Any]:
    data: dict[str, Any] = pos(BASE, "rda=4 init=red").to_json()
    return data


def rejected(data: dict[str, Any], *words: str) -> StateError:
    with pytest.raises(StateError) as info:
        GAME.state_from_json(data)
    for w in words:
        assert w in str(info.value), str(info.value)
    return info.value


def test_a_reachable_position_passes() -> None:
    st = GAME.state_from_json(fields())
    GAME.check_state(st)
    assert st.pos[h("r2")] == x("k6")


def test_two_heroes_on_one_hex_are_rejected() -> None:
    data = fields()
    data["fields"]["pos"][h("b2")] = x("k6")
    err = rejected(data, "pos[9] (b2)", "r2 stands there")
    assert err.field == "pos[9] (b2)" and err.value == x("k6")


def test_a_hero_on_a_hex_that_does_not_exist_is_rejected() -> None:
    data = fields()
    data["fields"]["pos"][h("r2")] = 0 * COLS + 20  # row 1 runs a..t: there is no u1
    rejected(data, "pos[1] (r2)", "a hex of the board")


def test_a_facing_beyond_the_six_is_rejected() -> None:
    data = fields()
    data["fields"]["facing"][h("r2")] = 6
    rejected(data, "facing[1] (r2) is 6", "0..5")


def test_focus_and_stamina_points_beyond_the_card_are_rejected() -> None:
    data = fields()
    data["fields"]["fp"][h("r2")] = 4  # wren's Focus is 3
    rejected(data, "fp[1] (r2) is 4", "Focus (3)")
    data = fields()
    data["fields"]["ap"][h("b2")] = -1
    rejected(data, "ap[9] (b2) is -1", "Stamina (3)")


def test_a_penalty_without_kneeling_is_rejected() -> None:
    data = fields()
    data["fields"]["penalty"][h("r2")] = 2
    rejected(data, "penalty[1] (r2) is 2", "not kneeling")


def test_a_pin_by_a_teammate_is_rejected() -> None:
    st = pos("r2 wren long k6 E 3/4; r3 bex long l6 W 0/3 down1", "rda=4 init=red")
    data = st.to_json()
    data["fields"]["pinned_by"][h("r3")] = h("r2")
    rejected(data, "pinned_by[2] (r3)", "standing enemy")


def test_the_jugg_in_two_places_is_rejected() -> None:
    data = fields()
    data["fields"]["carrier"] = h("r8")  # r8 is red's Qwik; the Jugg also lies on k6
    rejected(data, "jugg is", "-1 while a hero carries the Jugg")


def test_a_pompfer_carrying_the_jugg_is_rejected() -> None:
    data = fields()
    data["fields"]["carrier"] = h("r2")
    data["fields"]["jugg"] = -1
    rejected(data, "carrier is 1", "only a Qwik carries the Jugg")


def test_scores_beyond_the_match_limit_and_a_result_naming_no_player_are_rejected() -> None:
    data = fields()
    data["fields"]["score"] = [0, 2]  # the short game ends at the first point
    rejected(data, "score[1] is 2", "0 to 1 points")
    data = fields()
    data["fields"]["score"] = [-1, 0]
    rejected(data, "score[0] is -1")
    data = fields()
    f = data["fields"]
    f["phase"], f["winner"], f["reason"], f["score"] = S.OVER, 3, "a point", [1, 0]
    rejected(data, "winner is 3", "0 (red), 1 (blue) or 2 (a draw)")
    f["winner"] = 1
    rejected(data, "winner is 1", "0, as the score 1-0 says")


def test_stone_and_activation_counters_out_of_range_are_rejected() -> None:
    data = fields()
    data["fields"]["rda"] = 6
    rejected(data, "rda is 6", "5..1")
    data = fields()
    data["fields"]["stone"] = 100  # the game ended after 100 Stones
    rejected(data, "stone is 100", "0 to 99")
    data = fields()
    data["fields"]["turn_step"] = 1  # red has the initiative and the turn: step 0
    rejected(data, "turn_player is 0", "the other at step 1")
    data = fields()
    data["fields"]["moves_left"] = 13
    rejected(data, "moves_left is 13")


def test_an_activation_without_an_active_hero_is_rejected() -> None:
    data = pos(BASE, "rda=4 init=red active=r2").to_json()
    data["fields"]["active"] = -1
    rejected(data, "active is -1", "an activated hero on the board in phase 'act'")


def test_a_team_cost_that_is_not_the_sum_of_its_heroes_is_rejected() -> None:
    data = fields()
    data["fields"]["team_cost"][0] += 1
    rejected(data, "team_cost[0]", "the team's recruit costs")


def test_a_team_that_does_not_exist_is_rejected() -> None:
    data = fields()
    data["fields"]["init"] = 2
    rejected(data, "init is 2", "0 or 1")


def test_a_draft_card_in_two_places_is_rejected() -> None:
    game = load("juggerttg", teams="draft")
    st = game.new_initial_state()
    st.apply_action(st.chance_outcomes()[0][0])  # deal the first card to red
    data = st.to_json()
    data["fields"]["pile"].append(data["fields"]["hand0"][0])
    with pytest.raises(StateError, match="a card in one place only"):
        game.state_from_json(data)


def test_the_notation_is_checked_too() -> None:
    with pytest.raises(StateError, match=r"fp\[1\] \(r2\) is 9; 0 to the hero's Focus \(3\)"):
        pos("r2 wren long k6 E 9/4", "rda=4 init=red")
