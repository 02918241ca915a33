"""The state of a Juggers Fallout match and the procedure of its turns.

Slots 0-3 are team A's Juggers (in the order drafted), 4-7 team B's. Team A attacks the goal at
x = width, team B the goal at x = 0. Flat lists per slot keep `clone` a handful of list copies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, Action, State
from tablesports.games.juggers import physics
from tablesports.games.juggers.actions import (
    ANGLE_BUCKETS,
    CALM,
    CELL_OF,
    COLUMNS,
    EXCITED,
    GRID_FLICKS,
    INJURED,
    NOISES,
    PASS,
    PLACES,
    ROWS,
    STRENGTH_BUCKETS,
    SUBS,
    SUPERS,
    TEAM_LETTERS,
    UNHURT,
    Choose,
    Flick,
    Noise,
    Pick,
    Place,
    Roll,
    Settle,
    Shooter,
    Sub,
    Super,
    Toss,
    cell_centre,
    malformed,
    slot_name,
)
from tablesports.games.juggers.pending import FlickResult, PendingFlick
from tablesports.games.juggers.phases import (
    CHOOSE,
    DRAFT,
    NOISE,
    OVER,
    PLACE,
    PLAY,
    ROLL,
    SETTLE,
    SHOOT,
    SHOOTER,
    TOSS,
)

if TYPE_CHECKING:
    from tablesports.games.juggers.game import JuggersGame

NOBODY = -1
HALF_CELLS = (range(0, 6 * ROWS), range(6 * ROWS, 12 * ROWS))
"""Each team's own half (H-PLACE) as cell indices column * ROWS + row: columns a-f, g-l."""

_AW = [math.exp(-(k * k) / 2.0) for k in ANGLE_BUCKETS]
_SW = {k: math.exp(-(k * k) / 2.0) for k in STRENGTH_BUCKETS}
_TOTAL = math.fsum(_AW) * math.fsum(_SW.values())
NOISE_OUTCOMES: list[tuple[Action, float]] = [
    (n, math.exp(-(n.angle**2) / 2.0) * _SW[n.strength] / _TOTAL) for n in NOISES
]
"""Execution noise (R6): angle and strength buckets with normal weights, summing to 1."""


class JuggersState(State):
    """A match: the draft, nine innings of two turns each, then penalties if tied."""

    game: JuggersGame

    def __init__(self, game: JuggersGame) -> None:
        self.game = game
        self.history = []
        h = game.house
        self.phase = TOSS
        self.to_move = CHANCE
        self.chars = [-1] * 8  # index into game.characters, -1 before the draft
        self.hp = [0] * 8
        self.paid = [False] * 8
        self.pos: list[tuple[float, float] | None] = [None] * 8
        self.played = [False] * 8  # put on the table this turn
        self.injured_until = [-1] * 8  # injured while turn <= this
        self.excited_until = [-1] * 8
        self.score = [0, 0]
        self.morale = [h.starting_morale, h.starting_morale]
        self.budget = [h.budget, h.budget]
        self.subs = [0, 0]
        self.first_picker = NOBODY
        self.toss_winner = NOBODY
        self.inning = 0
        self.half = 0
        self.turn = 0
        self.attacker = NOBODY
        self.actions = 0  # actions taken this turn (a substitution is one)
        self.declared = -1  # slot whose supermove is declared for the coming flick
        self.flick: PendingFlick | None = None  # waiting for its noise and settling
        self.result: FlickResult | None = None  # the physics' outcome of that flick
        self.rolls: list[tuple[str, int]] = []  # ("injury" | "excite", slot) still to roll
        self.turn_ends = False
        self.meta_this_turn = False
        self.pen_shots = [0, 0]
        self.pen_goals = [0, 0]
        self.shooter = -1
        self.winner = NOBODY
        self.reason = ""
        self._extra: list[Event] = []

    # --- the protocol ---------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner == NOBODY:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self) -> JuggersState:
        new = JuggersState.__new__(JuggersState)
        d = self.__dict__.copy()
        for key in (
            "history", "chars", "hp", "paid", "pos", "played", "injured_until", "excited_until",
            "score", "morale", "budget", "subs", "rolls", "pen_shots", "pen_goals",
        ):  # fmt: skip
            d[key] = d[key][:]
        new.__dict__.update(d)
        return new

    # --- helpers ---------------------------------------------------------------------------
    def team_of(self, slot: int) -> int:
        return slot // 4

    def character(self, slot: int) -> Any:
        return self.game.characters[self.chars[slot]]

    def fieldable(self, team: int) -> int:
        return sum(1 for s in range(team * 4, team * 4 + 4) if self.hp[s] > 0)

    def on_table(self, team: int) -> list[int]:
        return [s for s in range(team * 4, team * 4 + 4) if self.pos[s] is not None]

    def injured(self, slot: int) -> bool:
        return self.turn <= self.injured_until[slot]

    def super_cost(self, slot: int) -> int:
        cost = self.character(slot).supermove.morale
        if self.turn <= self.excited_until[slot]:
            cost = max(0, cost - self.game.house.excite_discount)
        return cost

    def defender(self) -> int:
        return 1 - self.attacker

    def flickable(self, slot: int) -> bool:
        return self.pos[slot] is not None and not self.injured(slot)

    # --- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if self.to_move < 0:
            return []
        team = self.to_move
        base = team * 4
        if phase == PLAY:
            if self.declared >= 0:
                return list(GRID_FLICKS[self.declared - base + 1])
            flicks, supers, subs = self.play_choices()
            out: list[Action] = []
            for j in flicks:
                out += GRID_FLICKS[j]
            out += [SUPERS[j] for j in supers]
            out += [SUBS.get(pair) or Sub(*pair) for pair in subs]
            if not out:
                out.append(PASS)
            return out
        if phase == PLACE:
            out = []
            cells = self.free_cell_indices(team)
            for j in self.placeable(team):
                grid = PLACES[j]
                out += [grid[i] for i in cells]
            return out
        if phase == SHOOT:
            return list(GRID_FLICKS[self.shooter - base + 1])
        if phase == SHOOTER:
            return [Shooter(j) for j in self.shooters(team)]
        if phase == DRAFT:
            taken = set(self.chars)
            return [Pick(c.id) for i, c in enumerate(self.game.characters) if i not in taken]
        if phase == CHOOSE:
            return [Choose("pick"), Choose("attack")]
        return []

    def play_choices(self) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """In the play phase with no supermove declared, the mover's choices besides `pass`:
        the Juggers (1-4) it may flick, those whose supermove it may declare, and its
        substitutions (out, in). `legal_actions` and the tensor's `legal_ids` read these."""
        team = self.to_move
        base = team * 4
        slots = range(base, base + 4)
        flicks = [s - base + 1 for s in slots if self.flickable(s)]
        supers = [s - base + 1 for s in slots if self.can_declare(s)]
        subs: list[tuple[int, int]] = []
        if not self.subs[team]:
            bench = [s - base + 1 for s in slots if not self.played[s] and self.hp[s] > 0]
            if bench:
                subs = [(s - base + 1, b) for s in slots if self.pos[s] is not None for b in bench]
        return flicks, supers, subs

    def placeable(self, team: int) -> list[int]:
        """The team's Juggers (1-4) it may still place this turn (R4, R22)."""
        base = team * 4
        return [
            s - base + 1
            for s in range(base, base + 4)
            if self.hp[s] > 0 and self.pos[s] is None and not self.played[s]
        ]

    def shooters(self, team: int) -> list[int]:
        """The team's Juggers (1-4) that may take a penalty: those with life (R22); a team
        with nobody alive fields any of its four (house rule H-PEN-NONE: a penalty costs no
        life)."""
        base = team * 4
        alive = [j for j in range(1, 5) if self.hp[base + j - 1] > 0]
        return alive or [1, 2, 3, 4]

    def can_declare(self, slot: int) -> bool:
        return (
            self.flickable(slot)
            and self.paid[slot]
            and self.morale[self.team_of(slot)] >= self.super_cost(slot)
        )

    def free_cells(self, team: int) -> list[tuple[int, int]]:
        """Cells of the team's own half with no coin on them (H-PLACE), as (column, row)."""
        return [divmod(i, ROWS) for i in self.free_cell_indices(team)]

    def free_cell_indices(self, team: int) -> list[int]:
        """`free_cells` as indices column * ROWS + row, in order."""
        half = HALF_CELLS[team]
        taken = [CELL_OF.get(p, -1) for p in self.pos if p is not None]
        if not taken:
            return list(half)
        return [i for i in half if i not in taken]

    def is_legal(self, action: Action) -> bool:
        if malformed(action):  # a hand-built action of the wrong types (never a listed one)
            return False
        if self.to_move == CHANCE:
            return any(action == o for o, _ in self.chance_outcomes())
        if self.to_move < 0:
            return False
        if isinstance(action, Flick):
            return self.why_flick_illegal(action) is None
        return action in self.legal_actions()

    def why_flick_illegal(self, f: Flick) -> str | None:
        """None when the flick is legal now, else the rule that forbids it."""
        if not (0.0 <= f.angle < 360.0 and 0.0 < f.strength <= 1.0 and -1.0 <= f.offset <= 1.0):
            return "the angle is 0 to under 360, the strength over 0 to 1, the offset -1 to 1"
        if not 1 <= f.jugger <= 4:
            return "your Juggers are numbered 1 to 4"
        slot = self.to_move * 4 + f.jugger - 1
        if self.phase == SHOOT:
            if slot != self.shooter:
                return f"only the shooter, Jugger {self.shooter % 4 + 1}, takes this penalty"
            return None
        if self.phase != PLAY:
            return f"no flick now: this is the {self.phase} phase"
        if self.declared >= 0 and slot != self.declared:
            return (
                f"the supermove of Jugger {self.declared % 4 + 1} is declared: the flick is "
                "on that Jugger (R23)"
            )
        if self.pos[slot] is None:
            return f"Jugger {f.jugger} is not on the table (R9, R11: flick your own Jugger in play)"
        if self.injured(slot):
            return (
                f"Jugger {f.jugger} is injured until the end of turn {self.injured_until[slot]} "
                "and cannot be flicked (R15)"
            )
        return None

    def why_illegal(self, action: Action) -> str:
        from tablesports.games.juggers.reasons import why_illegal

        return why_illegal(self, action) or super().why_illegal(action)

    # --- chance -----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.to_move != CHANCE:
            return []
        phase = self.phase
        if phase == NOISE:
            return NOISE_OUTCOMES
        if phase == SETTLE:
            assert self.result is not None
            return [(self.result.settle, 1.0)]
        if phase == ROLL:
            kind, slot = self.rolls[0]
            c = self.character(slot)
            if kind == "injury":
                p = c.stamina / 100.0
                return _two(UNHURT, p, INJURED)
            return _two(EXCITED, c.charisma / 100.0, CALM)
        if phase == TOSS:
            return [(Toss(0), 0.5), (Toss(1), 0.5)]
        return []

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._extra = []  # what the procedures add on the way (turn ends...)
        events = self._dispatch(action)
        if self._extra:
            events.extend(self._extra)
            self._extra = []
        return events

    def _dispatch(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase == PLAY:
            if isinstance(action, Flick):
                return self._do_flick(action)
            if isinstance(action, Super):
                return self._do_super(action)
            if isinstance(action, Sub):
                return self._do_sub(action)
            team = self.to_move
            self._next_action()
            return [Event("pass", f"team {TEAM_LETTERS[team]} passes: nothing to flick")]
        if phase == NOISE:
            assert isinstance(action, Noise)
            return self._do_noise(action)
        if phase == SETTLE:
            assert isinstance(action, Settle)
            return self._do_settle()
        if phase == ROLL:
            assert isinstance(action, Roll)
            return self._do_roll(action)
        if phase == PLACE:
            assert isinstance(action, Place)
            return self._do_place(action)
        if phase == SHOOT:
            assert isinstance(action, Flick)
            return self._do_flick(action)
        if phase == SHOOTER:
            assert isinstance(action, Shooter)
            team = self.to_move
            self.shooter = team * 4 + action.jugger - 1
            self.pos = [None] * 8
            t = self.game.table
            self.pos[self.shooter] = (t.width / 2, t.height / 2)
            self.phase = SHOOT
            return [Event("shooter", f"{self.label(self.shooter)} takes the penalty", rule="R31")]
        if phase == DRAFT:
            assert isinstance(action, Pick)
            return self._do_pick(action)
        if phase == CHOOSE:
            assert isinstance(action, Choose)
            me = self.to_move
            self.first_picker = me if action.what == "pick" else 1 - me
            self.phase, self.to_move = DRAFT, self.first_picker
            return [
                Event("choose", f"team {TEAM_LETTERS[self.first_picker]} picks first", rule="R3")
            ]
        if phase == TOSS:
            assert isinstance(action, Toss)
            self.toss_winner = action.winner
            self.phase, self.to_move = CHOOSE, action.winner
            return [
                Event("toss", f"team {TEAM_LETTERS[action.winner]} wins the toss", rule="H-TOSS")
            ]
        raise AssertionError(f"no action in phase {phase}")

    def label(self, slot: int) -> str:
        name = self.game.characters[self.chars[slot]].name if self.chars[slot] >= 0 else "?"
        return f"{slot_name(slot)} {name}"

    def _do_pick(self, action: Pick) -> list[Event]:
        team = self.to_move
        index = self.game.index_of[action.character]
        slot = team * 4 + sum(1 for s in range(team * 4, team * 4 + 4) if self.chars[s] >= 0)
        c = self.game.characters[index]
        self.chars[slot] = index
        self.hp[slot] = c.life
        if c.cost <= self.budget[team]:
            self.budget[team] -= c.cost
            self.paid[slot] = True
            text = f"team {TEAM_LETTERS[team]} drafts {c.name} for {c.cost} denari"
        else:
            text = f"team {TEAM_LETTERS[team]} drafts {c.name} over budget: no supermove (R27)"
        picked = sum(1 for s in self.chars if s >= 0)
        if picked == 8:
            self.inning = 1
            self.half = 0
            self._start_turn()
        else:
            self.to_move = 1 - team
        return [Event("pick", text, {"character": c.id}, rule="R35")]

    # turns ------------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """Begin inning `inning`, turn `half`: the team that did not pick first attacks first."""
        h = self.game.house
        while True:
            if self.inning > h.innings or (self.fieldable(0) < 3 and self.fieldable(1) < 3):
                if self.inning > h.innings:  # R2: the ninth inning was the last
                    self.inning, self.half = h.innings, 1
                self._end_of_match()
                return
            self.attacker = (1 - self.first_picker) if self.half == 0 else self.first_picker
            self.turn += 1
            if self.fieldable(self.attacker) > 0:
                break
            self._advance_half()  # H-SHORT: a team with nobody to field loses its attack
        self.pos = [None] * 8
        self.played = [False] * 8
        self.subs = [0, 0]
        self.actions = 0
        self.declared = -1
        self.meta_this_turn = False
        self.phase = PLACE
        self.to_move = self.attacker
        self._placement_next()

    def _advance_half(self) -> None:
        if self.half == 0:
            self.half = 1
        else:
            self.half = 0
            self.inning += 1

    def placed(self, team: int) -> int:
        return sum(self.played[team * 4 : team * 4 + 4])

    def _placement_next(self) -> None:
        a, d = self.attacker, 1 - self.attacker
        if self.placed(a) < min(3, self.fieldable(a)):
            self.to_move = a
        elif self.placed(d) < min(2, self.fieldable(d)):
            self.to_move = d
        else:
            self.phase = PLAY
            self.to_move = a

    def _do_place(self, action: Place) -> list[Event]:
        slot = self.to_move * 4 + action.jugger - 1
        self.pos[slot] = cell_centre(action.col, action.row)
        self.played[slot] = True
        self._placement_next()
        return [
            Event(
                "place", f"{self.label(slot)} placed on {str(action).rsplit(' ', 1)[-1]}", rule="R4"
            )
        ]

    def _do_super(self, action: Super) -> list[Event]:
        slot = self.to_move * 4 + action.jugger - 1
        cost = self.super_cost(slot)
        self.morale[self.to_move] -= cost
        self.declared = slot
        sm = self.character(slot).supermove
        return [
            Event(
                "supermove",
                f"{self.label(slot)} declares {sm.name} ({sm.effects()}) for {cost} morale",
                {"slot": slot, "cost": cost},
                rule="R23",
            )
        ]

    def _do_sub(self, action: Sub) -> list[Event]:
        team = self.to_move
        out, into = team * 4 + action.out - 1, team * 4 + action.into - 1
        self.pos[into], self.pos[out] = self.pos[out], None
        self.played[into] = True
        self.subs[team] = 1
        text = f"{self.label(into)} comes on for {self.label(out)}"
        self._next_action()
        return [Event("substitution", text, rule="R17")]

    def _do_flick(self, f: Flick) -> list[Event]:
        slot = self.to_move * 4 + f.jugger - 1
        used = self.declared == slot
        self.flick = PendingFlick(slot, f.angle, f.strength, f.offset, used)
        self.declared = -1
        self.phase = NOISE
        self.to_move = CHANCE
        return [Event("flick", f"{self.label(slot)}: {f}", rule="R6")]

    def _do_noise(self, n: Noise) -> list[Event]:
        assert self.flick is not None
        slot, angle, strength, offset, used = self.flick
        t = self.game.table
        c = self.character(slot)
        sm = c.supermove
        spread = sm.precision if used else 1.0
        power = sm.power if used else 1.0
        heavy = sm.heavy if used else 1.0
        ghost = sm.ghost and used
        real_angle = angle + n.angle * c.precision * spread
        real_strength = max(0.01, strength * (1.0 + n.strength * t.strength_spread * spread))
        speed = real_strength * power * t.max_speed
        team = self.team_of(slot)
        penalty = self.shooter >= 0
        attacking = penalty or team == self.attacker
        goal = (1 if team == 0 else -1) if attacking else 0
        gate = None
        if not penalty and attacking and self.game.house.attacker_restriction == "between":
            mates = [s for s in self.on_table(team) if s != slot]
            if len(mates) == 2:
                gate = (mates[0], mates[1])
        discs = [(s, s // 4, p[0], p[1]) for s, p in enumerate(self.pos) if p is not None]
        out = physics.simulate(
            t,
            discs,
            slot,
            physics.flick_velocity(real_angle, speed),
            physics.flick_spin(t, offset, speed, heavy),
            heavy,
            ghost,
            goal,
            gate,
        )
        # a coin left wholly inside a goal is caught there: off the table (H-GOAL)
        settle = Settle(
            tuple(
                (s, x, y)
                for s, (x, y) in sorted(out.positions.items())
                if not (physics.in_goal(t, 1, x, y) or physics.in_goal(t, -1, x, y))
            )
        )
        self.result = FlickResult(
            settle, out.fallen, out.scored, gate is not None, out.crossed, out.touched_mate
        )
        self.phase = SETTLE
        text = f"the flick goes off at {real_angle:.1f} degrees, strength {real_strength:.2f}" + (
            f" ({sm.name})" if used else ""
        )
        return [Event("noise", text, {"angle": real_angle, "strength": real_strength}, rule="R6")]

    def _do_settle(self) -> list[Event]:
        assert self.result is not None and self.flick is not None
        settle, fallen, scored, gated, crossed, touched = self.result
        slot, used = self.flick.slot, self.flick.supermove
        team = self.team_of(slot)
        h = self.game.house
        before = self.pos
        self.pos = [None] * 8
        for s, x, y in settle.positions:
            self.pos[s] = (x, y)
        events: list[Event] = [
            Event("caught", f"{self.label(s)} rests inside a goal: off the table", rule="H-GOAL")
            for s, p in enumerate(before)
            if p is not None
            and self.pos[s] is None
            and s not in fallen
            and not (scored and s == slot)
        ]
        if self.shooter >= 0:  # a penalty: no life points, no injuries (H-PEN)
            self.pen_shots[team] += 1
            if scored:
                self.pen_goals[team] += 1
            events.append(
                Event(
                    "penalty",
                    f"penalty by {self.label(slot)}: {'META' if scored else 'missed'} "
                    f"({self.pen_goals[0]}-{self.pen_goals[1]})",
                    rule="R31",
                )
            )
            self.result = self.flick = None
            self.shooter = -1
            self._after_penalty()
            return events
        attacking = team == self.attacker
        valid = True
        if attacking and gated and not (crossed and not touched):
            valid = bool(h.shot_free and scored)
            if not valid:
                why = "touched a team-mate" if touched else "did not pass between its team-mates"
                events.append(
                    Event("foul", f"{self.label(slot)} {why}: the attack ends", rule="H-ATT")
                )
        hero = False
        if scored and attacking and valid:
            self.score[team] += 1
            self.meta_this_turn = True
            hero = hero or h.hero_score
            events.append(
                Event("meta", f"META! {self.label(slot)} is wholly inside the posts", rule="R10")
            )
        elif scored:
            events.append(
                Event("no-meta", "the coin went in, but after a foul: no meta", rule="H-ATT")
            )
        for s in fallen:
            if valid:
                self.hp[s] -= 1
            events.append(
                Event(
                    "fall",
                    f"{self.label(s)} falls off the table"
                    + (f", {self.hp[s]} life left" if valid else " (foul flick: no life lost)"),
                    {"slot": s},
                    rule="R14",
                )
            )
            self.rolls.append(("injury", s))
        if (
            valid
            and h.hero_knock_off
            and slot not in fallen
            and any(s // 4 != team for s in fallen)
        ):
            hero = True
        if hero:
            self._gain(team, events)
        if used:
            self.rolls.append(("excite", slot))
        ends = (
            (attacking and (not valid or self.meta_this_turn))
            or scored
            or (h.fall_ends_attack and any(s // 4 == self.attacker for s in fallen))
        )
        self.turn_ends = ends
        self.result = self.flick = None
        self._after_rolls()
        return events

    def _gain(self, team: int, events: list[Event]) -> None:
        h = self.game.house
        before = self.morale[team]
        self.morale[team] = min(h.morale_cap, before + h.heroic_morale)
        events.append(
            Event(
                "heroic",
                f"heroic action: team {TEAM_LETTERS[team]} morale {before} -> {self.morale[team]}",
                rule="R25",
            )
        )

    def _do_roll(self, roll: Roll) -> list[Event]:
        kind, slot = self.rolls.pop(0)
        if kind == "injury":
            if roll == INJURED:
                self.injured_until[slot] = self.turn + 1
                text = f"{self.label(slot)} is injured until the end of the next turn"
            else:
                text = f"{self.label(slot)} is unhurt (stamina {self.character(slot).stamina}%)"
            event = Event("injury", text, {"slot": slot, "injured": roll == INJURED}, rule="R15")
        else:
            if roll == EXCITED:
                base = slot - slot % 4
                for s in range(base, base + 4):
                    if s != slot:
                        self.excited_until[s] = self.turn + 1
                less = self.game.house.excite_discount
                text = (
                    f"{self.label(slot)}'s team-mates are excited: supermoves {less} morale cheaper"
                )
            else:
                text = f"{self.label(slot)}'s team-mates stay calm"
            event = Event("excite", text, {"slot": slot, "excited": roll == EXCITED}, rule="R26")
        self._after_rolls()
        return [event]

    def _after_rolls(self) -> None:
        if self.rolls:
            self.phase, self.to_move = ROLL, CHANCE
            return
        self.phase = PLAY
        if self.turn_ends:
            self.turn_ends = False
            self._end_turn()
        else:
            self._next_action()

    def _next_action(self) -> None:
        """The other side acts next; the attack ends after its action limit (H-END)."""
        self.actions += 1
        if self.actions >= 2 * self.game.house.attacker_actions:
            self._end_turn()
            return
        self.phase = PLAY
        self.to_move = self.attacker if self.actions % 2 == 0 else 1 - self.attacker
        a = self.attacker
        stuck = not any(self.flickable(s) for s in self.on_table(a))
        if self.to_move == a and stuck and not self.can_sub(a):
            self._end_turn()  # H-END 4: the attacker has nothing to flick

    def can_sub(self, team: int) -> bool:
        if self.subs[team]:
            return False
        base = team * 4
        team_slots = range(base, base + 4)
        bench = any(not self.played[s] and self.hp[s] > 0 for s in team_slots)
        return bench and any(self.pos[s] is not None for s in team_slots)

    def _end_turn(self) -> None:
        h = self.game.house
        if not self.meta_this_turn and h.hero_clean_defence:
            self._gain(1 - self.attacker, self._extra)
        self.pos = [None] * 8
        self._advance_half()
        self._start_turn()

    # the end ----------------------------------------------------------------------------------
    def _end_of_match(self) -> None:
        self.pos = [None] * 8
        if self.score[0] != self.score[1]:
            self._finish(0 if self.score[0] > self.score[1] else 1, "more mete")
            return
        self.attacker = NOBODY
        self.phase = SHOOTER
        self.to_move = 1 - self.first_picker  # the team that attacked first shoots first (H-PEN)

    def _after_penalty(self) -> None:
        a, b = self.pen_shots
        first = 1 - self.first_picker
        if a == b:
            ga, gb = self.pen_goals
            if a >= 5 and ga != gb:
                self._finish(0 if ga > gb else 1, f"penalties {ga}-{gb}")
                return
            cap = self.game.house.sudden_death_cap  # None: "a oltranza" (R33)
            if cap is not None and a >= 5 + cap:
                self._finish(NOBODY, "penalties capped: drawn (the sudden_death_cap option)")
                return
            self.to_move = first
        else:
            self.to_move = 1 - first
        self.pos = [None] * 8
        self.phase = SHOOTER

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self.to_move = TERMINAL
        self.winner = winner
        self.reason = reason
        self.pos = [None] * 8

    # --- views --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        skip = ("game", "history", "result", "_extra")
        # underscored attributes are caches (the protocol's kept legal list among them)
        out = {k: v for k, v in self.__dict__.items() if k not in skip and k[0] != "_"}
        out["pos"] = [list(p) if p is not None else None for p in self.pos]
        out["flick"] = list(self.flick) if self.flick is not None else None
        out["rolls"] = [list(r) for r in self.rolls]
        r = self.result
        out["result"] = None if r is None else [str(r.settle), list(r.fallen), *r[2:]]
        out["history"] = self.history_json()
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """The whole state (perfect information), with the table's geometry and the Juggers'
        names so that a board (the web app's) draws the table without the game's data files."""
        out = self.to_json()
        t = self.game.table
        out["table"] = {
            "width": t.width,
            "height": t.height,
            "goal_line": t.goal_line,
            "mouth": t.mouth,
            "post_radius": t.post_radius,
            "coin_radius": t.coin_radius,
        }
        out["names"] = [self.character(s).name if self.chars[s] >= 0 else None for s in range(8)]
        return out

    def render(self, player: int | None = None) -> str:
        from tablesports.games.juggers.render import render_text

        return render_text(self)

    def render_png(self, path: str) -> None:
        from tablesports.games.juggers.render import render_png

        render_png(self, path)

    def action_hint(self) -> str | None:
        """For the terminal: how to type the actions, where there are too many to list."""
        legal = self.legal_actions()
        if len(legal) <= 40:
            return None
        flicks = sorted({a.jugger for a in legal if isinstance(a, Flick)})
        places = sorted({a.jugger for a in legal if isinstance(a, Place)})
        rest = [str(a) for a in legal if not isinstance(a, (Flick, Place))]
        lines = []
        if flicks:
            lines.append(
                f"flick J at ANGLE strength S [offset O]   J: {', '.join(map(str, flicks))}; "
                "ANGLE in degrees: 0 right (to B's goal), 90 up, 180 left (to A's goal); "
                f"S over 0 to 1 (a coin slides S x S x {self._full_slide():.0f} mm); "
                "O -1..1 hits off centre"
            )
            lines.append("aiming help: " + "; ".join(self._aims(flicks)))
        if places:
            cells = sorted({(a.col, a.row) for a in legal if isinstance(a, Place)})
            lo, hi = cells[0], cells[-1]
            lines.append(
                f"place J at CELL   J: {', '.join(map(str, places))}; free cells of your half "
                f"from {COLUMNS[lo[0]]}{lo[1] + 1} to {COLUMNS[hi[0]]}{hi[1] + 1} (100 mm cells)"
            )
        if rest:
            lines.append("also: " + ", ".join(rest))
        return "\n".join(lines)

    def _full_slide(self) -> float:
        t = self.game.table
        return t.max_speed**2 / (2 * t.sliding_friction * t.gravity)

    def _aims(self, juggers: list[int]) -> list[str]:
        """Angles from each Jugger to the goal it attacks and to the gap between its mates."""
        t = self.game.table
        team = self.to_move
        goal_x = t.width - t.goal_line / 2 if team == 0 else t.goal_line / 2
        out = []
        for j in juggers:
            slot = team * 4 + j - 1
            p = self.pos[slot]
            if p is None:
                continue
            aims = [f"goal {_angle(p, (goal_x, t.height / 2)):.0f}"]
            mates = [s for s in self.on_table(team) if s != slot]
            if len(mates) == 2 and team == self.attacker:
                a, b = self.pos[mates[0]], self.pos[mates[1]]
                assert a is not None and b is not None
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                aims.append(f"gap {_angle(p, mid):.0f}, {math.dist(p, mid):.0f} mm")
            for o in self.on_table(1 - team):
                q = self.pos[o]
                assert q is not None
                aims.append(f"{slot_name(o)} {_angle(p, q):.0f}")
            out.append(f"{j} to " + ", ".join(aims))
        return out

    def summary(self) -> str:
        return (
            f"inning {self.inning} turn {self.half + 1}, attack {TEAM_LETTERS[self.attacker]}"
            if self.attacker >= 0
            else self.phase
        ) + f", mete {self.score[0]}-{self.score[1]}, morale {self.morale[0]}-{self.morale[1]}"


def _angle(frm: tuple[float, float], to: tuple[float, float]) -> float:
    return math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0])) % 360.0


def _two(first: Roll, p: float, second: Roll) -> list[tuple[Action, float]]:
    if p >= 1.0:
        return [(first, 1.0)]
    if p <= 0.0:
        return [(second, 1.0)]
    return [(first, p), (second, 1.0 - p)]
