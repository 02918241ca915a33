"""The position notation: the state's JSON with a pitch drawing; bad positions are refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablesports.core.errors import ActionParseError, NotationError
from tablesports.games.bloodbowl.actions import parse_action
from tests.games.bloodbowl.helpers import GAME, HOME, play, to_first_turn, to_kickoff_event


def position(change: Any = None) -> str:
    data = to_first_turn().to_json()
    if change:
        change(data)
    return json.dumps(data)


def test_round_trip_through_the_notation() -> None:
    s = to_kickoff_event()
    again = GAME.from_position(json.dumps(s.to_json()))
    assert again.to_json() == s.to_json()
    assert again.render() == s.render()
    assert [str(o) for o, _ in again.chance_outcomes()] == [str(o) for o, _ in s.chance_outcomes()]


def test_a_position_plays_on_like_the_original() -> None:
    s = to_first_turn()
    again = GAME.from_position(json.dumps(s.to_json()))
    for state in (s, again):
        play(state, "move 11", "move 11 to 20,7")
    assert again.to_json()["players"] == s.to_json()["players"]


def test_the_pitch_drawing_shows_the_players_and_the_ball() -> None:
    data = to_kickoff_event().to_json()
    drawing = data["pitch"]
    assert len(drawing) == 15 and all(len(row) == 26 for row in drawing)
    assert drawing[7][12] == "H" and drawing[7][13] == "A" and drawing[6][19] == "o"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["pitch"].__setitem__(0, "H" + d["pitch"][0][1:]), "drawing does not agree"),
        (lambda d: d.update(stack="dance"), "stack must be"),
        (lambda d: d.update(kicking=5), "kicking must be"),
        (lambda d: d.update(half=3), "half must be"),
        (lambda d: d.update(weather="fog"), "weather must be one of"),
        (lambda d: d["stack"].append({"proc": "dance"}), "unknown procedure 'dance'"),
        (lambda d: d["players"][HOME][0].update(square=[30, 3]), "off the pitch"),
        (lambda d: d["players"][HOME][0].update(square=[13, 7]), "two players"),
        (lambda d: d["players"][HOME][0].update(stance="asleep"), "stance must be"),
        (lambda d: d["players"][HOME][0].update(number=77), "no player #77"),
        (lambda d: d.update(score=[1]), "two values"),
    ],
)
def test_a_bad_position_raises_a_notation_error(change: Any, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.from_position(position(change))


def test_a_position_must_be_json() -> None:
    with pytest.raises(NotationError, match="JSON"):
        GAME.from_position("H . . A")


@pytest.mark.parametrize(
    "text",
    [
        "place 7 at 12,7",
        "reserve 12",
        "remove 3",
        "formation wedge",
        "setup done",
        "kicker 8",
        "kick at 19,7",
        "select 4",
        "selection done",
        "shift 4 to 13,4",
        "give ball to 8",
        "ball at 20,3",
        "argue the call",
        "use bribe",
        "accept",
        "move 5",
        "move 5 to 6,0 (dodge 3+, rush 2+)",
        "blitz 14,6",
        "block dice=both-down,pow",
        "choose pow",
        "reroll",
        "no reroll",
        "push to 15,6",
        "push into the crowd",
        "follow up",
        "stay",
        "pass to 20,5",
        "hand-off to 15,7",
        "D16=9",
        "interfere 5",
        "no interference",
        "end activation",
        "end charge",
        "end turn",
        "call heads",
        "coin=tails",
        "choose kick",
        "pick 7",
        "D6=4",
        "2D6=3+5",
        "D8=2",
        "D3=1",
    ],
)
def test_every_action_text_parses_back(text: str) -> None:
    assert str(parse_action(text)) == text


def test_a_bad_action_text_lists_the_forms() -> None:
    with pytest.raises(ActionParseError, match="place 7 at 12,7"):
        parse_action("kick 7")


def test_a_hand_written_position_needs_only_the_players_and_the_team_to_move() -> None:
    text = json.dumps(
        {
            "teams": ["human", "orc"],
            "kicking": 0,
            "to_move": 1,
            "turn": [3, 4],
            "players": [
                [{"number": 2, "square": [1, 6]}],
                [{"number": 11, "square": [1, 7]}, {"number": 5, "box": "ko"}],
            ],
            "ball": {"state": "held", "square": [1, 7]},
        }
    )
    s = GAME.from_position(text)
    assert s.current_player() == 1 and s.turn == [3, 4]
    assert s.player(1, 5).box == "ko" and s.player(1, 4).box == "reserves"
    events = play(s, "move 11", "move 11 to 0,8", "D6=4")  # a Dodge away from human #2
    assert s.score == [0, 1] and "TOUCHDOWN" in " ".join(e.text for e in events)
    play(s, "D6=2")  # orc #5 stays knocked out
    assert s.kicking == 1 and s.drive == 2  # the next drive: the orcs kick
    assert s.player(1, 5).box == "ko"


def test_a_hand_written_position_with_a_bad_team_is_refused() -> None:
    with pytest.raises(NotationError, match="unknown team 'elves'"):
        GAME.from_position(json.dumps({"teams": ["human", "elves"]}))
