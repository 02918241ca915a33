"""Players: a small mutable object each, with the roster line shared between copies."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.pitch import WIDTH
from tablesports.games.bloodbowl.rules_data import Position, Team, rosters

# Where a player is (the dugout boxes of the seed, and the pitch).
PITCH = "pitch"
RESERVES = "reserves"
KO = "ko"
CASUALTY = "casualty"
SENT_OFF = "sent_off"
BOXES = (PITCH, RESERVES, KO, CASUALTY, SENT_OFF)

# How a player on the pitch is lying.
STANDING = "standing"
PRONE = "prone"
STUNNED = "stunned"
STANCES = (STANDING, PRONE, STUNNED)

NO_BALL = frozenset(("No Hands", "No Ball"))
"""The traits of a player who may never hold the ball (No Hands, BB2020; No Ball, 2025)."""


class Player:
    """One player of a team: its roster line and its state in the match.

    `pid` indexes `state.players` (team 0's players first); `number` is the shirt number the
    coach uses in actions. `ma_mod`/`av_mod` are drive-long changes (DODGY SNACK); `rooted`
    (Take Root) holds him in his square until he goes down or the drive ends;
    `sits_out` is the number of a drive the player may not be set up for.
    """

    __slots__ = (
        "av_mod",
        "box",
        "distracted",
        "gouged",
        "ma_mod",
        "name",
        "number",
        "pid",
        "played",
        "position",
        "rooted",
        "sits_out",
        "skills",
        "square",
        "stance",
        "team",
        "used",
    )

    def __init__(
        self, pid: int, team: int, number: int, position: Position, name: str = ""
    ) -> None:
        self.pid = pid
        self.team = team
        self.number = number
        self.position = position
        self.name = name
        self.skills = frozenset(position.skills)
        self.box = RESERVES
        self.square = -1
        self.stance = STANDING
        self.ma_mod = 0
        self.av_mod = 0
        self.sits_out = 0
        self.played = False
        self.used = False
        self.distracted = False
        self.rooted = False  # Take Root: may not leave his square this drive
        self.gouged = False  # Eye Gouge: gives no assists until he is next activated

    # characteristics with the drive-long changes
    @property
    def ma(self) -> int:
        return max(1, self.position.ma + self.ma_mod)

    @property
    def st(self) -> int:
        return self.position.st

    @property
    def ag(self) -> int:
        return self.position.ag

    @property
    def pa(self) -> int:
        return self.position.pa

    @property
    def av(self) -> int:
        return max(3, self.position.av + self.av_mod)

    @property
    def on_pitch(self) -> bool:
        return self.square >= 0

    @property
    def standing(self) -> bool:
        return self.square >= 0 and self.stance == STANDING

    def has(self, skill: str) -> bool:
        return skill in self.skills

    def no_ball(self) -> bool:
        """No Hands or No Ball: he never catches, picks up, intercepts nor holds the ball."""
        return not NO_BALL.isdisjoint(self.skills)

    def copy(self) -> Player:
        new = Player.__new__(Player)
        _copy_slots(self, new)
        return new

    def label(self) -> str:
        return f"#{self.number} {self.position.name}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "position": self.position.name}
        if self.square >= 0:
            out["square"] = [self.square % WIDTH, self.square // WIDTH]
        else:
            out["box"] = self.box
        if self.stance != STANDING:
            out["stance"] = self.stance
        for key in ("ma_mod", "av_mod", "sits_out"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        for key in ("played", "used", "distracted", "rooted", "gouged"):
            if getattr(self, key):
                out[key] = True
        if self.name:
            out["name"] = self.name
        return out


def _slot_copier() -> Any:
    """One function assigning every slot of a Player to another: a clone copies 22 to 32
    players, and a loop of getattr/setattr over the slots was most of it."""
    body = "".join(f"    b.{name} = a.{name}\n" for name in Player.__slots__)
    namespace: dict[str, Any] = {}
    exec(f"def copy_slots(a, b):\n{body}", namespace)
    return namespace["copy_slots"]


_copy_slots = _slot_copier()


def make_players(teams: list[Team]) -> list[Player]:
    """The players of both teams, team 0 first, each in shirt-number order."""
    players: list[Player] = []
    for t, team in enumerate(teams):
        roster = rosters()[team.roster]
        for entry in sorted(team.players, key=lambda e: e.number):
            position = roster.position(entry.position)
            assert position is not None  # checked when the team was loaded
            players.append(Player(len(players), t, entry.number, position, entry.name))
    return players
