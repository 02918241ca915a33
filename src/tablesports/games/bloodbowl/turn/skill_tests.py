"""The D6 tests of the issue-19 skills (BB2020 wording): Leap's Agility test, Take Root's roll
on activation and Jump Up's Agility test to block from Prone. Each may be re-rolled with a team
re-roll (Loner first), as any test."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.turn.common import Test, marking
from tablesports.games.bloodbowl.turn.diving_tackle import offer_dive
from tablesports.games.bloodbowl.turn.foul_appearance import end_activation

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

TAKE_ROOT_ROLL = 2
"""Take Root: a 1 roots the player (BB2020)."""


def leap_modifier(s: BloodBowlState, p: Player, frm: int, to: int) -> int:
    """Jump (BB2020 p.45): -1 per player Marking the square left or the square landed in,
    whichever is more; Leap makes a negative modifier 1 better, but never better than -1;
    Pogo (2025 trait) ignores them all."""
    if "Pogo" in p.skills:
        return 0
    mod = -max(marking(s, p.team, frm), marking(s, p.team, to))
    return min(mod + 1, -1) if mod < 0 else 0


class LeapTest(Test):
    """Leap (BB2020 skill): over any one adjacent square into the square beyond (two squares
    of movement, no Dodge); an Agility test; a failure Falls Over where he would land."""

    name = "leap"
    kind = "leap"
    rule = "Leap: an Agility test, -1 per player Marking either square, one less (BB2020)"

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return leap_modifier(s, p, p.square, self.square)

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        offer_dive(s, self, p)

    def fail(self, s: BloodBowlState, p: Player) -> None:
        from tablesports.games.bloodbowl.turn.falling import fall_away

        fall_away(s, p, self.square)


class TakeRoot(Test):
    """Take Root (BB2020 trait): on activation, even Prone, D6: a 1 roots him (he may not
    leave his square, for any reason, until he is Knocked Down or Placed Prone or the drive
    ends); he goes on with his action without moving."""

    name = "take_root"
    kind = "take root"
    rule = "Take Root (BB2020)"

    def live(self, s: BloodBowlState) -> bool:
        return s.players[self.pid].square >= 0

    def target(self, s: BloodBowlState, p: Player) -> int:
        return TAKE_ROOT_ROLL

    def fail(self, s: BloodBowlState, p: Player) -> None:
        p.rooted = True
        s.log("rooted", f"{p.label()} takes root: he may not move this drive.", self.rule)


class JumpUp(Test):
    """Jump Up (BB2020 skill): a Prone player declared for a Block makes an Agility test at
    +1; passed, he stands up and blocks; failed, he stays Prone and his activation ends."""

    name = "jump_up"
    kind = "jump up"
    rule = "Jump Up: an Agility test +1 to stand up and Block (BB2020)"

    def live(self, s: BloodBowlState) -> bool:
        return s.players[self.pid].square >= 0

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return 1

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        p.stance = STANDING

    def fail(self, s: BloodBowlState, p: Player) -> None:
        end_activation(s)
