"""The plain data of a Jugger TTG position: flat lists per hero seat, counters and the phase.

Seats 0..7 are red's (player 0), 8..15 blue's; a seat not in use has ``card == -1``. The rules
that change these fields live in the rules package (rules/table.py maps each phase to
its options and effect); this module only holds, copies and serialises them.
"""

from __future__ import annotations

from typing import Any

from tablesports.core.errors import NotationError
from tablesports.games.juggerttg.combat_record import (
    FIELDS as COMBAT_FIELDS,
)
from tablesports.games.juggerttg.combat_record import (
    Combat,
    combat_from_json,
    combat_json,
)

SEATS = 16

# phases: who decides what (rules/table.py says where each is played)
RECRUIT, FIELD, QWIK, SPAR = "recruit", "field", "qwik", "spar"
INIT_ROLL, INIT_CHOOSE, PLACE, STAND, TURN, ACT = (
    "init-roll",
    "init-choose",
    "place",
    "stand",
    "turn",
    "act",
)
HOLD_START, BONUS = "hold-start", "bonus"
C_REACT, C_BUY_A, C_DEFEND, C_BUY_D, C_ROLL_A, C_ROLL_D = (
    "react",
    "buy-attack",
    "defend",
    "buy-defence",
    "roll-attack",
    "roll-defence",
)
C_WRESTLE, C_PUSH, C_DROP, C_FACE = "wrestle-result", "push", "drop", "face-after"
AOO, AOO_FACE, OVER = "aoo", "aoo-face", "over"
C_REROLL = "reroll"  # a re-roll talent may answer the roll just made (R5, R88)
D_DEAL, D_ROLL, D_FIRST, D_DRAW, D_TAKE, D_PICK, D_DISCARD = (
    "draft-deal",
    "draft-roll",
    "draft-first",
    "draft-draw",
    "draft-take",
    "draft-pick",
    "draft-discard",
)
DRAFT_PHASES = frozenset((D_DEAL, D_ROLL, D_FIRST, D_DRAW, D_TAKE, D_PICK, D_DISCARD))
LINEUP_PHASES = (RECRUIT, FIELD, QWIK, SPAR)
"""Building and fielding the teams, in order (the draft's phases apart)."""
PLAY_PHASES = (
    *(INIT_ROLL, INIT_CHOOSE, PLACE, STAND, TURN, ACT, HOLD_START, BONUS),
    *(C_REACT, C_BUY_A, C_DEFEND, C_BUY_D, C_ROLL_A, C_ROLL_D, C_WRESTLE, C_PUSH, C_DROP),
    *(C_FACE, AOO, AOO_FACE, C_REROLL),
)
"""The drive's phases, in order: the observation tensor's planes follow it."""

HERO_LISTS = (
    "card",  # roster index
    "role",  # 0 Qwik, 1 pompfer, 2 substitute
    "spar",  # spar index
    "pos",  # hex, -1 off the board
    "facing",
    "fp",
    "ap",
    "penalty",  # Stones left kneeling
    "down",  # 1 kneeling
    "pinned_by",  # seat or -1
    "exhausted",
    "chain_ready",
    "activated",
    "delayed",
    "start_hex",  # where the current activation began (flank and back attacks)
)
SCALARS = (
    "phase",
    "player",  # who decides in a player phase (the roller for INIT_ROLL)
    "stone",  # Stones played in this game so far (the cap counts them)
    "drive_stone",  # Stone number within the drive, from 1
    "rda",
    "init",  # initiative player
    "turn_player",  # whose turn in the activation phase
    "turn_step",  # 0 the initiative player's turn at this RDA, 1 the other's
    "active",  # activating seat or -1
    "moves_left",  # hexes left of the declared movement, -1 none declared
    "may_face",
    "jugg",  # hex of a loose Jugg, -1 when carried
    "carrier",  # seat or -1
    "holder",  # seat of the holding Qwik or -1
    "held",
    "winner",  # -1 none, 0, 1, 2 draw
    "reason",
    "roll0",  # initiative skulls of player 0 this roll, -1 not rolled
    "bonus_left",
    "attacked",  # the active hero has declared an attack (the one_attack_per_activation option)
    "exhausting",  # bit h: seat h spent its last AP in the action under way (R48)
    # the step that attacks of opportunity and quicksteps answer
    "aoo_mover",
    "aoo_from",  # the mover's hex before the step (the range terms of R65)
    "d_left",  # draft: draws or recruits left in this step
    "d_turns",  # draft turns played
)
LISTS = (
    *HERO_LISTS,
    "score",
    "tpp",
    "team_cost",
    "queue",
    "hand0",
    "hand1",
    "pile",
    "discard",
)


KNOWN = frozenset((*SCALARS, *LISTS, *COMBAT_FIELDS))
ADDED = {"aoo_from": -1, "exhausting": 0, "attacked": 0}
"""Fields newer than some saved states: a state without them reads these values."""


class StateData:
    """Every field of a position; ``copy_from`` and ``fields_json`` serve clone and JSON."""

    card: list[int]
    role: list[int]
    spar: list[int]
    pos: list[int]
    facing: list[int]
    fp: list[int]
    ap: list[int]
    penalty: list[int]
    down: list[int]
    pinned_by: list[int]
    exhausted: list[int]
    chain_ready: list[int]
    activated: list[int]
    delayed: list[int]
    start_hex: list[int]
    score: list[int]
    tpp: list[int]
    team_cost: list[int]
    queue: list[int]
    phase: str
    player: int
    stone: int
    drive_stone: int
    rda: int
    init: int
    turn_player: int
    turn_step: int
    active: int
    moves_left: int
    may_face: int
    jugg: int
    carrier: int
    holder: int
    held: int
    winner: int
    reason: str
    roll0: int
    bonus_left: int
    attacked: int
    exhausting: int
    aoo_mover: int
    combat: Combat
    aoo_from: int
    d_left: int
    d_turns: int
    hand0: list[int]
    hand1: list[int]
    pile: list[int]
    discard: list[int]

    def init_fields(self, n_cards: int) -> None:
        for f in HERO_LISTS:
            setattr(self, f, [-1 if f in ("card", "pos", "pinned_by", "start_hex") else 0] * SEATS)
        self.role = [2] * SEATS
        self.phase = RECRUIT
        self.player = 0
        self.stone = 0
        self.drive_stone = 1
        self.rda = 5
        self.init = 0
        self.turn_player = 0
        self.turn_step = 0
        self.active = -1
        self.moves_left = -1
        self.may_face = 0
        self.jugg = -1
        self.carrier = -1
        self.holder = -1
        self.held = -1
        self.winner = -1
        self.reason = ""
        self.roll0 = -1
        self.bonus_left = 0
        self.attacked = 0
        self.exhausting = 0
        self.combat = Combat()
        self.aoo_mover = -1
        self.aoo_from = -1
        self.score = [0, 0]
        self.tpp = [0, 0]
        self.team_cost = [0, 0]
        self.queue = []  # follow-up decisions: [kind, seat] pairs flattened
        self.d_left = self.d_turns = 0
        self.hand0, self.hand1 = [], []
        self.pile = []  # the draw pile as a sorted set: its order is hidden, never stored
        self.discard = []  # face up, the last card on top

    def copy_from(self, other: StateData) -> None:
        for f in SCALARS:
            setattr(self, f, getattr(other, f))
        for f in LISTS:
            setattr(self, f, list(getattr(other, f)))
        self.combat = other.combat.copy()

    def fields_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {f: getattr(self, f) for f in SCALARS}
        out.update({f: list(getattr(self, f)) for f in LISTS})
        out.update(combat_json(self.combat))
        return out

    def load_fields(self, data: dict[str, Any]) -> None:
        unknown = sorted(set(data) - KNOWN)
        if unknown:
            raise NotationError(
                f"not a Jugger TTG state: unknown fields {unknown} (the fields are those of "
                "state.SCALARS and state.LISTS)"
            )
        for f in SCALARS:
            setattr(self, f, data[f] if f in data or f not in ADDED else ADDED[f])
        for f in LISTS:
            setattr(self, f, list(data[f]))
        try:
            self.combat = combat_from_json(data)
        except ValueError as exc:
            raise NotationError(f"not a Jugger TTG state: {exc}") from None
