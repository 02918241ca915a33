"""Set-up: a team puts its players on the pitch, square by square or by a named formation.

Players are set up in shirt-number order (each one is placed on a square or left in the
reserves), which keeps the number of choices small; `remove` takes one back (a bounded number
of times per set-up, house rule). The same procedure re-deploys the players picked for SOLID
DEFENCE (`redeploy`): then only they are placed, and all of them must go back on the pitch.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Place, Remove, Reserve, SetupDone, UseFormation
from tablesports.games.bloodbowl.pitch import coords, index, on_pitch
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.setup_rules import (
    BACKFIELD,
    SETUP_SQUARES,
    SQUARE_CLASS,
    counts,
    formation_squares,
    placement_problem,
    setup_problem,
)
from tablesports.games.bloodbowl.rules_data import Team, formations
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SETUP_DONE = SetupDone()
_PLACES: dict[tuple[int, int], tuple[tuple[int, int, Place], ...]] = {}


def _places(team: int, number: int) -> tuple[tuple[int, int, Place], ...]:
    """Every (square, class, Place action) of the team's half for shirt `number`, made once."""
    key = (team, number)
    if key not in _PLACES:
        _PLACES[key] = tuple(
            (sq, cls, Place(number, *coords(sq))) for sq, cls in SETUP_SQUARES[team]
        )
    return _PLACES[key]


_PLACE_AT: dict[tuple[int, int], dict[int, Place]] = {}


def _place_at(team: int, number: int) -> dict[int, Place]:
    """The Place actions of `_places(team, number)` by square (the same objects)."""
    key = (team, number)
    known = _PLACE_AT.get(key)
    if known is None:
        known = _PLACE_AT[key] = {sq: place for sq, _, place in _places(team, number)}
    return known


_SQUARE_LISTS: dict[tuple[int, tuple[bool, ...]], tuple[list[int], dict[int, int]]] = {}
_PLACE_LISTS: dict[
    tuple[int, int, tuple[bool, ...]], tuple[list[Place], list[int], dict[int, int]]
] = {}
_REMOVE: dict[int, Remove] = {}


def _square_list(team: int, allowed: tuple[bool, ...]) -> tuple[list[int], dict[int, int]]:
    """The squares of the team's half of the allowed classes, in x-then-y order, and each
    square's index in them (made once; shared by every shirt number: read only)."""
    key = (team, allowed)
    known = _SQUARE_LISTS.get(key)
    if known is None:
        squares = [sq for sq, cls in SETUP_SQUARES[team] if allowed[cls]]
        known = _SQUARE_LISTS[key] = (squares, {sq: i for i, sq in enumerate(squares)})
    return known


def _place_list(
    team: int, number: int, allowed: tuple[bool, ...]
) -> tuple[list[Place], list[int], dict[int, int]]:
    """The Place actions of `_places(team, number)` on the squares of the allowed classes,
    their squares in the same order, and each square's index in them (made once)."""
    key = (team, number, allowed)
    known = _PLACE_LISTS.get(key)
    if known is None:
        squares, at = _square_list(team, allowed)
        place_at = _place_at(team, number)
        known = _PLACE_LISTS[key] = ([place_at[sq] for sq in squares], squares, at)
    return known


def prepare(teams: Sequence[Team]) -> None:
    """Make the Place actions of every player of a match's teams, and read the formations,
    when its game is made: once, rather than in its first set-ups (a fifth of a first game)."""
    formations()
    for side, team in enumerate(teams):
        for entry in team.players:
            _place_at(side, entry.number)


def _taken(s: BloodBowlState, at: dict[int, int]) -> list[int]:
    """The indices in `at` of the occupied squares, sorted."""
    pitch = s.pitch
    taken = []
    for p in s.players:
        sq = p.square
        if sq >= 0:
            i = at.get(sq)
            if i is not None and pitch[sq] >= 0:
                taken.append(i)
    taken.sort()
    return taken


def _free(s: BloodBowlState, items: list[Any], at: dict[int, int]) -> list[Any]:
    """`items` (one per square of `at`) without those of the occupied squares, in the same
    order: the list cut around the few occupied squares, rather than every square tested."""
    taken = _taken(s, at)
    if not taken:
        return items.copy()
    out: list[Any] = []
    prev = 0
    for i in taken:
        out += items[prev:i]
        prev = i + 1
    out += items[prev:]
    return out


def _free_places(
    s: BloodBowlState, team: int, number: int, allowed: tuple[bool, ...]
) -> list[Place]:
    """The Place actions of `_places(team, number)` on the empty squares of the allowed
    classes, in the same order."""
    objs, _, at = _place_list(team, number, allowed)
    return _free(s, objs, at)


_ALLOWED: dict[tuple[int, int, int, int, int], tuple[bool, ...]] = {}


def _allowed(c: list[int], placed: int, target: int) -> tuple[bool, ...]:
    """Per class of square, whether the next player may be placed there (`placement_problem`
    is None), by the counts per class and the target (asked once each)."""
    key = (c[0], c[1], c[2], c[3], target)
    known = _ALLOWED.get(key)
    if known is None:
        known = _ALLOWED[key] = tuple(
            placement_problem(c, placed, target, k) is None for k in range(4)
        )
    return known


def _remove(number: int) -> Remove:
    a = _REMOVE.get(number)
    if a is None:
        a = _REMOVE[number] = Remove(number)
    return a


class Setup(Procedure):
    """Phase 0 picks the players to set up; phase 1 takes the coach's set-up actions."""

    __slots__ = ("pool", "redeploy", "reserved", "takebacks", "target", "team")
    name = "setup"
    rule = "set-up (seed)"

    def __init__(self, team: int, pool: list[int] | None = None) -> None:
        super().__init__()
        self.team = team
        self.pool = pool or []
        self.redeploy = pool is not None
        self.reserved: list[int] = []
        self.takebacks = 0
        self.target = 0

    def actor(self, s: BloodBowlState) -> int | None:
        return self.team if self.phase else None

    def describe(self, s: BloodBowlState) -> str:
        what = "re-deploy the SOLID DEFENCE players" if self.redeploy else "set up"
        placed = len(s.on_pitch(self.team))
        return f"{s.team_name(self.team)}: {what} ({placed} of {self.target} on the pitch)"

    # --- what may be done ----------------------------------------------------------------
    def _next(self, s: BloodBowlState) -> Player | None:
        for pid in self.pool:
            p = s.players[pid]
            if p.square < 0 and pid not in self.reserved:
                return p
        return None

    def _undecided(self, s: BloodBowlState) -> int:
        return sum(1 for i in self.pool if s.players[i].square < 0 and i not in self.reserved)

    def _removable(self, s: BloodBowlState) -> list[Player]:
        if self.takebacks >= NUMBERS.setup_takebacks:
            return []
        out = [s.players[i] for i in self.pool if s.players[i].square >= 0 or i in self.reserved]
        return out

    def _may_reserve(self, s: BloodBowlState, placed: int) -> bool:
        return not self.redeploy and self._undecided(s) - 1 >= self.target - placed

    def legal(self, s: BloodBowlState) -> list[Any]:
        head, number, allowed, tail = self._parts(s)
        if number is None:
            return head + tail
        # the set-up's hot loop (some 200 squares a placement): see `_free`
        objs, _, at = _place_list(self.team, number, allowed)
        return head + _free(s, objs, at) + tail

    square_action = Place
    """The action `legal_parts`' squares stand for (for the RL mask's ids)."""

    def legal_parts(self, s: BloodBowlState) -> tuple[list[Any], int, list[int], list[Any]]:
        """`legal(s)` in parts, without listing the placements (for the RL mask and for
        drawing one action): the actions before them, the shirt number of the player to
        place and the squares he may be placed on, in their order (`move_to` makes one
        Place), and the actions after them."""
        head, number, allowed, tail = self._parts(s)
        if number is None:
            return head, 0, [], tail
        _, squares, at = _place_list(self.team, number, allowed)
        return head, number, _free(s, squares, at), tail

    def sample_legal(self, s: BloodBowlState, rng: random.Random) -> Any:
        """`legal(s)[rng.randrange(n)]`, the same draw and the same action, without listing the
        placements: the free squares are counted and the one drawn is found by stepping over
        the few occupied ones (a rollout's set-up is half its steps)."""
        head, number, allowed, tail = self._parts(s)
        if number is None:
            places: list[Any] = []
            taken: list[int] = []
        else:
            places, _, at = _place_list(self.team, number, allowed)
            taken = _taken(s, at)
        n_head = len(head)
        i = rng.randrange(n_head + len(places) - len(taken) + len(tail))
        if i < n_head:
            return head[i]
        i -= n_head
        if i >= len(places) - len(taken):
            return tail[i - len(places) + len(taken)]
        for k in taken:  # sorted: each occupied square at or before the i-th free one shifts it
            if k > i:
                break
            i += 1
        return places[i]

    def move_to(self, s: BloodBowlState, square: int) -> Place:
        """The placement on `square` of `legal(s)` (one of `legal_parts`' squares)."""
        nxt = self._next(s)
        assert nxt is not None
        return _place_at(self.team, nxt.number)[square]

    def _parts(
        self, s: BloodBowlState
    ) -> tuple[list[Any], int | None, tuple[bool, ...], list[Any]]:
        """The actions before the placements, the shirt number of the player to place (None:
        no placement now) and the classes of squares allowed, and the actions after them.
        One pass over the pool gives what `_next`, `_undecided` and `_removable` give."""
        team = self.team
        players = s.players
        classes = SQUARE_CLASS[team]
        c = [0, 0, 0, 0]
        for pid in s.team_pids[team]:
            sq = players[pid].square
            if sq >= 0:
                c[classes.get(sq, BACKFIELD)] += 1
        placed = c[0] + c[1] + c[2] + c[3]
        reserved = self.reserved
        nxt: Player | None = None
        undecided = 0
        removable: list[Any] = []
        # the Remove actions are listed only while take-backs are left (`_removable`)
        take_back = self.takebacks < NUMBERS.setup_takebacks
        made = _REMOVE
        for pid in self.pool:
            p = players[pid]
            if p.square >= 0 or pid in reserved:
                if take_back:
                    removable.append(made.get(p.number) or _remove(p.number))
            else:
                undecided += 1
                if nxt is None:
                    nxt = p
        head: list[Any] = []
        tail: list[Any] = []
        number = None
        allowed: tuple[bool, ...] = ()
        if placed == self.target:
            head.append(SETUP_DONE)
        elif nxt is not None:
            if not self.redeploy and placed == 0 and not reserved:
                head.extend(
                    UseFormation(name)
                    for name in formations()
                    if formation_squares(name, team, self.target) is not None
                )
            number = nxt.number
            allowed = _allowed(c, placed, self.target)
            if not self.redeploy and undecided - 1 >= self.target - placed:  # `_may_reserve`
                tail.append(Reserve(number))
        if removable:
            tail += removable
        return head, number, allowed, tail

    def why(self, s: BloodBowlState, action: Any) -> str:
        team = self.team
        c = counts(s, team)
        placed = sum(c)
        nxt = self._next(s)
        if isinstance(action, SetupDone):
            return setup_problem(s, team, self.target) or "the set-up is not finished"
        if isinstance(action, (Place, Reserve)):
            p = s.player(team, action.number)
            if p is None:
                return f"{s.team_name(team)} have no player #{action.number}"
            if nxt is None or placed >= self.target:
                return f"{self.target} players are already set up; 'setup done' or 'remove N'"
            if p.pid not in self.pool:
                return f"{p.label()} is not available to set up now"
            if p is not nxt:
                return f"players are set up in shirt-number order: place or reserve #{nxt.number}"
            if isinstance(action, Reserve):
                return "the team must set up eleven players, or all it has (seed)"
            if not on_pitch(action.x, action.y):
                return "that square is off the pitch (x 0-25, y 0-14)"
            sq = index(action.x, action.y)
            if sq not in SQUARE_CLASS[team]:
                return "players are set up in their own half, not past the line of scrimmage (seed)"
            if s.pitch[sq] >= 0:
                return "that square is occupied"
            return placement_problem(c, placed, self.target, SQUARE_CLASS[team][sq]) or "?"
        if isinstance(action, Remove):
            if self.takebacks >= NUMBERS.setup_takebacks:
                return f"at most {NUMBERS.setup_takebacks} take-backs per set-up (house rule)"
            return f"#{action.number} was not set up in this set-up"
        if isinstance(action, UseFormation):
            if action.name not in formations():
                return f"no formation {action.name!r} (the formations: {', '.join(formations())})"
            return "a formation is chosen before any player is set up, and must be legal"
        return f"{self.describe(s)}: place, reserve, remove, formation or setup done"

    # --- doing it ----------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self._start(s)
            return False
        team = self.team
        if isinstance(action, Place):
            p = s.player(team, action.number)
            assert p is not None
            s.place(p, index(action.x, action.y))
        elif isinstance(action, Reserve):
            self.reserved.append(s.number_to_pid[team][action.number])
        elif isinstance(action, Remove):
            self.takebacks += 1
            p = s.player(team, action.number)
            assert p is not None
            if p.pid in self.reserved:
                self.reserved.remove(p.pid)
            else:
                s.take_off(p, RESERVES)
        elif isinstance(action, UseFormation):
            squares = formation_squares(action.name, team, self.target)
            assert squares is not None
            for pid, sq in zip(self.pool, squares, strict=False):
                s.place(s.players[pid], sq)
            s.log("setup", f"{s.team_name(team)} set up in the {action.name} formation.", self.rule)
        elif isinstance(action, SetupDone):
            for p in s.on_pitch(team):
                p.played = True
            s.log("setup", f"{s.team_name(team)} have set up {self.target} players.", self.rule)
            return True
        return False

    def _start(self, s: BloodBowlState) -> None:
        self.phase = 1
        team = self.team
        if not self.redeploy:
            self.pool = [p.pid for p in sorted(s.available(team), key=lambda p: p.number)]
        else:
            self.pool.sort(key=lambda i: s.players[i].number)
        others = sum(1 for p in s.on_pitch(team) if p.pid not in self.pool)
        total = others + len(self.pool)
        # SOLID DEFENCE puts back every player it took off, even beyond eleven (Swarming)
        self.target = total if self.redeploy else min(NUMBERS.team_size, total)
