"""States read back: JSON and pickle round trips of reachable states, unknown fields and bad
values rejected with clear errors, drafted games' positions (issue 32, items 6 and 9)."""

from __future__ import annotations

import pickle

import pytest

from tablesports.core.errors import IllegalActionError, NotationError
from tablesports.core.registry import load
from tablesports.games.juggerttg.actions import act
from tablesports.games.juggerttg.game import JuggerGame, JuggerState
from tablesports.games.juggerttg.notation import position

from .helpers import GAME, pos

WRESTLERS = "r8 nils qwik k6 E 4/3; b8 sami qwik l6 W 4/2"


def wrestling(*defence: str) -> JuggerState:
    st = pos("", "rda=4 init=red active=r8", qwiks=WRESTLERS)
    for t in ("wrestle b8", "no-reaction", "buy 0", *defence):
        st.apply_action(st.parse_action(t))
    return st


def reads_back(st: JuggerState) -> None:
    data = st.to_json()
    assert GAME.state_from_json(data).to_json() == data
    assert pickle.loads(pickle.dumps(st)).to_json() == data


def test_r123_the_state_after_a_wrestling_win_reads_back() -> None:
    st = wrestling("parry", "buy 0", "skulls 1", "skulls 0")
    assert st.phase == "wrestle-result"
    reads_back(st)


def test_r125_the_state_after_a_defence_duel_win_reads_back() -> None:
    st = wrestling("duel", "buy 1", "skulls 1", "skulls 2")
    assert st.phase == "push"
    reads_back(st)


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (act("activate", 99), "hero 99: a seat is 0..15"),
        (act("face", 9), "facing 9: a facing is 0..5"),
        (act("step", -5), "hex -5"),
        (act("spar", 1, 40), "spar 40"),
    ],
)
def test_an_action_with_bad_values_is_an_illegal_action(action: object, why: str) -> None:
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red active=r2")
    before = st.to_json()
    with pytest.raises(IllegalActionError, match=why):
        st.apply_action(action)
    assert st.to_json() == before


def test_state_json_with_an_unknown_field_is_rejected() -> None:
    data = pos("r2 wren long k6 E 3/4", "rda=4 init=red").to_json()
    data["fields"]["exhaustd"] = [0] * 16
    with pytest.raises(NotationError, match="unknown fields \\['exhaustd'\\]"):
        GAME.state_from_json(data)
    data = pos("r2 wren long k6 E 3/4", "rda=4 init=red").to_json()
    data["extra"] = 1
    with pytest.raises(NotationError, match="unknown keys \\['extra'\\]"):
        GAME.state_from_json(data)


def test_a_state_that_is_not_an_object_is_rejected() -> None:
    for data in ([], None, {"fields": []}):
        with pytest.raises(NotationError, match="a JSON object"):
            GAME.state_from_json(data)  # type: ignore[arg-type]


def test_r16_a_drafted_game_loads_positions_its_own_included() -> None:
    game = load("juggerttg", teams="draft")
    assert isinstance(game, JuggerGame)
    st = game.from_position("rda=4 init=red / r2 wren long m6 E 3/4; " + WRESTLERS)
    assert st.pile == [] and st.phase == "turn"
    again = game.from_position(position(st))
    assert position(again) == position(st)
    assert game.state_from_json(st.to_json()).to_json() == st.to_json()
