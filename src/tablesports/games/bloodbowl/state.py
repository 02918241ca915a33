"""The Blood Bowl state: a flat pitch, the players, the match counters and the procedure stack."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from tablesports.core.chance import Dice, Roll, sample_outcome
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, State
from tablesports.games.bloodbowl.ball import HELD, NO_BALL
from tablesports.games.bloodbowl.pitch import HEIGHT, NEIGHBOURS, SIZE, WIDTH, coords, square_text
from tablesports.games.bloodbowl.players import PITCH, RESERVES, STANDING, STUNNED, Player
from tablesports.games.bloodbowl.procedures.base import Procedure, copy_procedure, procedure_to_json
from tablesports.games.bloodbowl.rules_data import Team, has_apothecary
from tablesports.games.bloodbowl.tables import NUMBERS, PERFECT, WEATHER_BY_KEY

COUNTERS = (
    "score",
    "turn",
    "rerolls",
    "free_rerolls",
    "bribes",
    "cheering",
    "coach_ejected",
    "apothecaries",
)
SCALARS = (
    "half",
    "drive",
    "first_kicker",
    "kicking",
    "kicker",
    "scorer",
    "turnover",
    "knocked_over",
    "turns_per_half",
)
GLYPH = {
    (0, STANDING): "H",
    (0, "prone"): "h",
    (0, STUNNED): "x",
    (1, STANDING): "A",
    (1, "prone"): "a",
    (1, STUNNED): "y",
}


def drawing(s: BloodBowlState) -> list[str]:
    rows = [["."] * WIDTH for _ in range(HEIGHT)]
    if s.ball >= 0 and s.ball_state != HELD:
        x, y = coords(s.ball)
        rows[y][x] = "o"
    for p in s.players:
        if p.square >= 0:
            x, y = coords(p.square)
            rows[y][x] = GLYPH[(p.team, p.stance)]
    return ["".join(r) for r in rows]


def state_to_json(s: BloodBowlState) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "bloodbowl", "teams": [t.model_dump() for t in s.teams]}
    for key in SCALARS:
        out[key] = getattr(s, key)
    for key in COUNTERS:
        out[key] = list(getattr(s, key))
    out["weather"] = s.weather
    out["ball"] = {"state": s.ball_state, "square": list(coords(s.ball)) if s.ball >= 0 else None}
    out["players"] = [[s.players[i].to_json() for i in s.team_pids[t]] for t in (0, 1)]
    out["stack"] = [procedure_to_json(p) for p in s.stack]
    out["pitch"] = drawing(s)
    out["history"] = s.history_json()
    return out


DICE_OUTCOMES = Procedure.outcomes
"""A procedure whose outcomes are its dice' faces (most chance steps)."""
_SUMS: dict[Dice, tuple[list[Roll], list[float]]] = {}
"""Per dice, the outcomes and the running sums of their probabilities, added in the same order
as `sample_outcome` adds them (so that the same draw picks the same face)."""


def _roll(dice: Dice, rng: random.Random) -> Roll:
    """`sample_outcome(dice.outcomes(), rng)`: the first outcome whose running sum passes the
    draw (a binary search), the last one when rounding leaves the sum below it."""
    table = _SUMS.get(dice)
    if table is None:
        faces = [o for o, _ in dice.outcomes()]
        sums: list[float] = []
        acc = 0.0
        for _, p in dice.outcomes():
            acc += p
            sums.append(acc)
        table = _SUMS[dice] = (faces, sums)
    faces, sums = table
    i = bisect_right(sums, rng.random())
    return faces[i] if i < len(faces) else faces[-1]


class BloodBowlState(State):
    """A Blood Bowl match in progress.

    `players[pid]` (team 0's players first), `pitch[square]` holds a pid or -1, and `stack`
    holds the procedures still to run (the top, `stack[-1]`, is the one acting now).
    Per-team counters are two-element lists indexed by team (0 home, 1 away).
    """

    def __init__(self, game: Any, teams: list[Team], players: list[Player]) -> None:
        self.game = game
        self.teams = teams
        self.players = players
        self.number_to_pid: list[dict[int, int]] = [{}, {}]
        for p in players:
            self.number_to_pid[p.team][p.number] = p.pid
        self.team_pids: list[list[int]] = [[p.pid for p in players if p.team == t] for t in (0, 1)]
        self.pitch = [-1] * SIZE
        self.turns_per_half: int = getattr(game.options, "turns_per_half", NUMBERS.turns_per_half)
        self.score = [0, 0]
        self.turn = [0, 0]
        self.rerolls = [teams[0].rerolls, teams[1].rerolls]
        self.free_rerolls = [0, 0]
        self.bribes = [0, 0]
        self.cheering = [False, False]
        self.coach_ejected = [False, False]
        self.apothecaries = [int(has_apothecary(t)) for t in teams]
        self.half = 0
        self.drive = 0
        self.first_kicker = -1
        self.kicking = -1
        self.weather = PERFECT
        self.ball = -1
        self.ball_state = NO_BALL
        self.kicker = -1
        self.scorer = -1
        self.turnover = False
        self.knocked_over = -1
        self.stack: list[Procedure] = []
        self.events: list[Event] = []
        self.history = []

    # --- the protocol ----------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.stack:
            return TERMINAL
        actor = self.stack[-1].actor(self)
        return CHANCE if actor is None else actor

    legal_actions: Callable[[], list[Any]]  # the base's, typed as before

    def _legal_actions(self) -> list[Any]:
        if not self.stack:
            return []
        top = self.stack[-1]
        actor = top.actor(self)
        return top.legal(self) if actor is not None and actor >= 0 else []

    def sample_legal(self, rng: random.Random) -> Any:
        """`legal_actions()[rng.randrange(n)]` (the same draw, an equal action), without making
        every move of an activation: its list comes in parts (`legal_parts`)."""
        stack = self.stack
        if stack:
            top: Any = stack[-1]  # an Activation when it has `legal_parts`
            sample = getattr(top, "sample_legal", None)  # a Set-up draws its own
            if sample is not None:
                actor = top.actor(self)
                if actor is not None and actor >= 0:
                    return sample(self, rng)
            parts_of = getattr(top, "legal_parts", None)
            if parts_of is not None:
                actor = top.actor(self)
                parts = parts_of(self) if actor is not None and actor >= 0 else None
                if parts is not None:
                    head, _, squares, tail = parts
                    i = rng.randrange(len(head) + len(squares) + len(tail))
                    if i < len(head):
                        return head[i]
                    i -= len(head)
                    return (
                        top.move_to(self, squares[i])
                        if i < len(squares)
                        else tail[i - len(squares)]
                    )
        return super().sample_legal(rng)

    def sample_chance(self, rng: random.Random) -> Any:
        """`sample_outcome(chance_outcomes(), rng)`: the same draw and the same outcome, without
        listing and keeping a copy of the outcomes (dice: a search of their running sums)."""
        stack = self.stack
        if stack:
            top = stack[-1]
            if top.actor(self) == CHANCE:
                if type(top).outcomes is DICE_OUTCOMES:
                    dice = top.dice(self)
                    if dice is not None:
                        return _roll(dice, rng)
                else:
                    outcomes = top.outcomes(self)
                    if outcomes:
                        return sample_outcome(outcomes, rng)
        return super().sample_chance(rng)  # not a chance node: its error

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.stack or self.stack[-1].actor(self) != CHANCE:
            return []
        return self.stack[-1].outcomes(self)

    def why_illegal(self, action: Any) -> str:
        if not self.stack:
            return "the match is over"
        top = self.stack[-1]
        if top.actor(self) == CHANCE:
            return super().why_illegal(action)
        return top.why(self, action)

    def _apply(self, action: Any) -> list[Event]:
        self.events = []
        at = len(self.stack) - 1
        if self.stack[at].step(self, action):
            del self.stack[at]
        self.run()
        return self.events

    def run(self) -> None:
        """Run procedures that need no input until one needs a decision or a roll."""
        stack = self.stack
        while stack:
            top = stack[-1]
            if top.actor(self) is not None:
                return
            at = len(stack) - 1
            if top.step(self, None):
                del stack[at]

    def is_terminal(self) -> bool:
        return not self.stack

    def returns(self) -> list[float]:
        if self.stack or self.score[0] == self.score[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.score[0] > self.score[1] else [-1.0, 1.0]

    def clone(self) -> BloodBowlState:
        new = BloodBowlState.__new__(BloodBowlState)
        new.__dict__.update(self.__dict__)
        new.players = [p.copy() for p in self.players]
        new.pitch = self.pitch.copy()
        for key in (
            "score",
            "turn",
            "rerolls",
            "free_rerolls",
            "bribes",
            "cheering",
            "coach_ejected",
            "apothecaries",
        ):
            setattr(new, key, getattr(self, key).copy())
        new.stack = [copy_procedure(p) for p in self.stack]
        new.events = []
        new.history = self.history.copy()
        return new

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    def render(self, player: int | None = None) -> str:
        from tablesports.games.bloodbowl.render import render

        return render(self)

    # --- helpers for procedures --------------------------------------------------------------
    def push(self, *procs: Procedure) -> None:
        """Push procedures so that they run in the order given."""
        self.stack.extend(reversed(procs))

    def log(self, kind: str, text: str, rule: str | None = None, **data: Any) -> None:
        self.events.append(Event(kind, text, data, rule))

    @property
    def receiving(self) -> int:
        return 1 - self.kicking

    def team_name(self, team: int) -> str:
        return self.teams[team].name

    def player(self, team: int, number: int) -> Player | None:
        pid = self.number_to_pid[team].get(number, -1)
        return self.players[pid] if pid >= 0 else None

    def on_pitch(self, team: int) -> list[Player]:
        return [self.players[i] for i in self.team_pids[team] if self.players[i].square >= 0]

    def available(self, team: int) -> list[Player]:
        """Players who may be set up for this drive (in the reserves and not sitting out)."""
        return [
            p
            for i in self.team_pids[team]
            if (p := self.players[i]).box == RESERVES and p.sits_out != self.drive
        ]

    def place(self, p: Player, square: int) -> None:
        if p.square >= 0:
            self.pitch[p.square] = -1
        p.square = square
        p.box = PITCH
        self.pitch[square] = p.pid

    def take_off(self, p: Player, box: str) -> None:
        """Move a player off the pitch into a dugout box, standing again."""
        if p.square >= 0:
            self.pitch[p.square] = -1
            if self.ball_state == HELD and self.ball == p.square:
                self.ball_state = NO_BALL
                self.ball = -1
        p.square = -1
        p.box = box
        p.stance = STANDING
        p.distracted = False
        p.rooted = False
        p.gouged = False

    def markers(self, team: int, square: int) -> int:
        """Standing opponents of `team` next to `square` (they Mark a player there), unless
        distracted (Bone Head, Really Stupid, Animal Savagery: no tackle zones)."""
        pitch, players = self.pitch, self.players
        count = 0
        for sq in NEIGHBOURS[square]:
            pid = pitch[sq]
            if pid >= 0:
                q = players[pid]
                if q.team != team and q.stance == STANDING and not q.distracted:
                    count += 1
        return count

    def is_open(self, p: Player) -> bool:
        """A Standing player on the pitch not Marked by any opponent."""
        return p.square >= 0 and p.stance == STANDING and self.markers(p.team, p.square) == 0

    def carrier(self) -> Player | None:
        if self.ball_state != HELD:
            return None
        pid = self.pitch[self.ball]
        return self.players[pid] if pid >= 0 else None

    def touchdown(self, p: Player) -> None:
        """`p` holds the ball, Standing in the opponent's end zone: a touchdown."""
        self.score[p.team] += 1
        self.scorer = p.team
        self.log(
            "touchdown",
            f"TOUCHDOWN! {p.label()} scores for {self.team_name(p.team)}: "
            f"{self.score[0]}-{self.score[1]}.",
            "touchdown (BB2020)",
            team=p.team,
        )

    def weather_entry(self) -> Any:
        return WEATHER_BY_KEY[self.weather]

    def where(self, square: int) -> str:
        return square_text(square)
