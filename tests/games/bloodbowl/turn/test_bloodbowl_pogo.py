"""Pogo (2025 trait): a jump over any adjacent square into the empty square beyond, for two
squares of movement, on an Agility test that ignores every negative modifier. The Goblin team
plays at home (#9 the Pogoer, MA 7, AG 3+), towards x = 25."""

from __future__ import annotations

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    goblins,
    legal_texts,
    log,
    sq,
    who,
)


def test_pogo_ignores_the_players_marking_both_squares() -> None:
    # three humans Mark the square he leaves and the one he lands in: a Leap would be -3
    # (-2 with the skill); the Pogo is a plain 3+
    s = goblins("H9 10,7", "A1 11,7", "A2 11,8", "A3 12,8", "A4 11,6")
    act(s, "move 9")
    assert "leap to 12,7 (pogo 3+)" in legal_texts(s)
    events = act(s, "leap to 12,7", "D6=3")
    assert "leap: D6=3 against 3+: success" in log(events)
    p = who(s, "H9")
    assert p.square == sq("12,7") and p.stance == STANDING and not s.turnover
    assert s.stack[-1].moved == 2  # type: ignore[attr-defined]


def test_a_failed_pogo_falls_over_in_the_landing_square() -> None:
    s = goblins("H9 10,7", "A1 11,7")
    events = act(s, "move 9", "leap to 12,7", "D6=2")
    assert "failure" in log(events) and s.turnover
    assert who(s, "H9").square == sq("12,7") and who(s, "H9").stance == PRONE


def test_pogo_is_offered_in_a_blitz_and_rushes_beyond_ma() -> None:
    s = goblins("H9 10,7", "A1 20,2")
    act(s, "blitz 9", "move 9 to 16,7")  # 6 of MA 7 used: the jump needs one Rush
    assert "leap to 18,7 (pogo 3+, rush 2+)" in legal_texts(s)
    events = act(s, "leap to 18,7", "D6=2", "D6=3")  # the Rush, then the Pogo
    assert "rush" in log(events) and who(s, "H9").square == sq("18,7")


def test_a_player_without_pogo_or_leap_has_no_jump() -> None:
    s = goblins("H1 10,7", "A1 11,7")
    act(s, "move 1")
    assert not any(t.startswith("leap to") for t in legal_texts(s))
