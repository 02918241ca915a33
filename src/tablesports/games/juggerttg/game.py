"""The Jugger TTG game: options, tables, the State class and the action codec."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.errors import NotationError, OptionError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, ActionCodec, Game, GameInfo, State
from tablesports.games.juggerttg import caches, draft, rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import (
    HERO_KINDS,
    HEX_KINDS,
    PLAIN,
    SPAR_IDS,
    Act,
    act,
    parse_action,
)
from tablesports.games.juggerttg.board import EURO_CORNERS, FIELD, HEXES, NEIGHBOURS, SLOTS
from tablesports.games.juggerttg.data import Hero, Spar, load_heroes, load_spars

CHANCE_PHASES = frozenset((S.INIT_ROLL, S.C_ROLL_A, S.C_ROLL_D, S.D_DEAL, S.D_ROLL, S.D_TAKE))


class JuggerOptions(BaseModel):
    """Options of `load("juggerttg", ...)`; the defaults are the rules in rules.md."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    length: Literal["short", "long"] = "short"
    """Short game: 5 heroes, budget 30, the first point wins; long: 8, 50, three points (R8-R15)."""
    heroes: str | None = None
    """A hero file of your own (the fields of data/heroes.toml); None: the house roster."""
    max_stones: int = Field(100, ge=1, le=10_000)
    """The game ends after this many Stones; more points wins, else a draw (house rule G13)."""
    skull_faces: int = Field(3, ge=1, le=5)
    """Skull faces of the six-sided success die (house rule G1)."""
    european_corners: bool = False
    """The European field (R135, G7): the 20 hexes at the corner diagonals are out."""
    teams: Literal["pick", "draft"] = "pick"
    """How teams are built: free pick (R20) or the draft with hidden hands (R16 to R19)."""
    one_attack_per_activation: bool = False
    """G24: a hero attacks (or wrestles) once an activation; a talent's bonus attacks still
    follow (house rule: by default only its FP limit its attacks)."""
    initiative: Literal["reflex", "will"] = "reflex"
    """The initiative value whose dice a player rolls (R31): Reflex (house rule G10) or Will."""
    pick_order: Literal["alternate", "whole-team"] = "alternate"
    """The free pick's order (house rule): one hero each in turn, or red's whole team first,
    then blue's."""
    european_counts: bool = False
    """The European penalties (R24): 5 Stones for close spars, 8 for the chain."""


class JuggerGame(Game):
    """Jugger TTG: Dogskull Heroes, as in the seed, with the house rules in rules.md."""

    info: ClassVar[GameInfo] = GameInfo(
        id="juggerttg",
        title="Jugger TTG: Dogskull Heroes",
        version=2,
        players=2,
        chance="explicit",
        information="perfect",
        action_kind="discrete",
        kind="hex board, dice, hero cards, reactions",
        max_game_length=400_000,
    )
    Options: ClassVar[type[BaseModel]] = JuggerOptions
    options: JuggerOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.heroes: tuple[Hero, ...] = load_heroes(o.heroes)
        self.spars: tuple[Spar, ...] = load_spars()
        self.hero_index = {h.id: i for i, h in enumerate(self.heroes)}
        self.roster_ids = frozenset(self.hero_index)
        self.qwik_card = next(i for i, s in enumerate(self.spars) if s.qwik)
        self.team_size = 5 if o.length == "short" else 8
        self.budget = 30 if o.length == "short" else 50
        self.points_to_win = 1 if o.length == "short" else 3
        self.max_stones = o.max_stones
        self.skull_chance = o.skull_faces / 6
        if o.teams == "draft" and o.pick_order != "alternate":
            raise OptionError(
                f"game 'juggerttg': option 'pick_order' {o.pick_order!r} orders the free pick "
                "(teams=pick); the draft (teams=draft) has its own order (R17)"
            )
        if o.teams == "draft":
            from dataclasses import replace

            setattr(self, "info", replace(self.info, information="imperfect"))  # noqa: B010
        self.field: list[bool] = [
            f and not (o.european_corners and i in EURO_CORNERS) for i, f in enumerate(FIELD)
        ]
        self.names = tuple(h.name for h in self.heroes)
        self.out = tuple(i for i, f in enumerate(FIELD) if f and not self.field[i])
        self.field_neighbours = tuple(
            tuple(n for n in NEIGHBOURS[x] if n >= 0 and self.field[n]) for x in range(len(FIELD))
        )
        self._share_caches()
        if [s.id for s in self.spars] != list(SPAR_IDS):
            raise ValueError(f"the spar file must list the spars {SPAR_IDS}")
        cheapest = sorted(h.cost for h in self.heroes)[: self.team_size]
        if len(self.heroes) < self.team_size or sum(cheapest) > self.budget:
            from tablesports.core.errors import DataFileError

            raise DataFileError(
                f"{o.heroes or 'heroes.toml'}: no team of {self.team_size} heroes fits the "
                f"budget of {self.budget} (R11, R15)"
            )

    def stones(self, spar: Spar) -> int:
        """The penalty a hit with this spar gives (R133; R24's European counts)."""
        if not self.options.european_counts:
            return spar.stones
        return 8 if spar.chain else 5

    def _share_caches(self) -> None:
        self.reach_cache = caches.REACHES.setdefault(self.out, {})
        self.path_cache = caches.PATHS.setdefault(self.out, {})

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the shared caches (a worker process has its own)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("reach_cache", "path_cache")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._share_caches()

    def new_initial_state(self) -> JuggerState:
        return JuggerState(self)

    def parse_action(self, text: str) -> Act:
        return parse_action(text, self.roster_ids)

    def state_from_json(self, data: dict[str, Any]) -> JuggerState:
        st = JuggerState(self)
        if not isinstance(data, dict) or not isinstance(data.get("fields"), dict):
            raise NotationError("a Jugger TTG state is a JSON object {fields: {...}, history}")
        unknown = sorted(set(data) - {"fields", "history"})
        if unknown:
            raise NotationError(f"not a Jugger TTG state: unknown keys {unknown}")
        try:
            st.load_fields(data["fields"])
        except KeyError as exc:
            raise NotationError(f"not a Jugger TTG state: missing {exc}") from None
        except TypeError as exc:
            raise NotationError(f"not a Jugger TTG state: {exc}") from None
        st.history = st.history_from_json(data.get("history", []))
        return st

    def from_position(self, notation: str) -> JuggerState:
        from tablesports.games.juggerttg.notation import parse_position

        return parse_position(JuggerState(self), notation)

    def check_state(self, state: State) -> None:
        """Heroes, hexes, points, the Jugg, the combat, the draft and the phase within what
        play allows (`invariants.py`)."""
        from tablesports.games.juggerttg.invariants import check_state

        assert isinstance(state, JuggerState)
        check_state(state)

    def action_codec(self) -> ActionCodec:
        return self._codec

    @cached_property
    def _codec(self) -> ActionCodec:
        acts: list[Act] = [act(k) for k in sorted(PLAIN)]
        acts += [act(k, s=h.id) for k in ("recruit", "deal", "discard") for h in self.heroes]
        acts += [act("swap", s, s=h.id) for s in range(S.SEATS) for h in self.heroes]
        acts += [act("first", p) for p in (0, 1)]
        acts += [act(k, h) for k in sorted(HERO_KINDS) for h in range(S.SEATS)]
        acts += [act(k, x) for k in sorted(HEX_KINDS) for x in HEXES]
        acts += [act("face", d) for d in range(6)]
        acts += [act("skulls", n) for n in range(31)]
        acts += [act("buy", n) for n in range(rules.MAX_BUY + 1)]
        acts += [act("initiative", p) for p in (0, 1)]
        acts += [act("place", h, x) for h in range(S.SEATS) for x in SLOTS[h // 8]]
        acts += [act("quickstep", h, x) for h in range(S.SEATS) for x in HEXES if FIELD[x]]
        acts += [act("spar", h, i) for h in range(S.SEATS) for i in range(len(SPAR_IDS))]
        return ActionCodec(acts)

    def evaluate(self, state: State) -> list[float]:
        from tablesports.games.juggerttg.evaluate import evaluate

        assert isinstance(state, JuggerState)
        return evaluate(state)


class JuggerState(S.StateData, State):
    """A position of a Jugger TTG match."""

    game: JuggerGame

    def __init__(self, game: JuggerGame, blank: bool = False) -> None:
        self.game = game
        self.history = []
        if not blank:
            self.init_fields(len(game.heroes))
            if game.options.teams == "draft":
                self.phase = S.D_DEAL
                self.pile = list(range(len(game.heroes)))

    def current_player(self) -> int:
        if self.phase == S.OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.player

    legal_actions: Callable[[], list[Act]]  # type: ignore[assignment]  # the base's, typed

    def _legal_actions(self) -> list[Act]:  # type: ignore[override]
        if self.phase == S.OVER or self.phase in CHANCE_PHASES:
            return []
        if self.phase in S.DRAFT_PHASES:
            return draft.legal(self)
        return rules.legal(self)

    def _chance_outcomes(self) -> list[tuple[Act, float]]:  # type: ignore[override]
        ph = self.phase
        if ph in S.DRAFT_PHASES:
            return draft.chance_outcomes(self)
        if ph == S.INIT_ROLL:
            return rules.dice_outcomes(self, rules.init_dice(self, 0 if self.roll0 < 0 else 1))
        if ph == S.C_ROLL_A:
            return rules.dice_outcomes(self, self.combat.attack_dice)
        if ph == S.C_ROLL_D:
            return rules.dice_outcomes(self, self.combat.defence_dice)
        return []

    def _apply(self, action: Any) -> list[Event]:
        if self.phase in S.DRAFT_PHASES:
            ev: list[Event] = []
            draft.apply(self, action, ev)
            return ev
        return rules.apply(self, action)

    def observation(self, player: int) -> dict[str, Any]:
        """Everything but the other hand and the pile's cards (their counts stay)."""
        fields = self.fields_json()
        other = "hand1" if player == 0 else "hand0"
        fields[other] = [-1] * len(fields[other])
        fields["pile"] = [-1] * len(fields["pile"])
        # public constants for boards: the roster's names and the hexes out of play (R135)
        game = self.game
        return {
            "fields": fields,
            "player": player,
            "names": list(game.names),
            "out": list(game.out),
        }

    def resample_hidden(self, player: int, rng: random.Random) -> JuggerState:
        """A state the player cannot tell apart: the other hand and the pile dealt anew."""
        other = self.clone()
        theirs = other.hand1 if player == 0 else other.hand0
        unknown = theirs + other.pile
        rng.shuffle(unknown)
        theirs[:] = unknown[: len(theirs)]
        other.pile = sorted(unknown[len(theirs) :])
        return other

    def action_seen_by(self, action: Any, viewer: int) -> str | None:
        """A dealt card is seen by its receiver only."""
        if self.phase in (S.D_DEAL, S.D_TAKE) and draft.receiver(self) != viewer:
            return "deal (hidden)"
        return str(action)

    def is_terminal(self) -> bool:
        return self.phase == S.OVER

    def returns(self) -> list[float]:
        if self.phase != S.OVER or self.winner == 2:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self) -> JuggerState:
        other = JuggerState(self.game, blank=True)
        other.copy_from(self)
        other.history = list(self.history)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"fields": self.fields_json(), "history": self.history_json()}

    def why_illegal(self, action: Any) -> str:
        from tablesports.games.juggerttg.legality import illegal_reason

        return illegal_reason(self, action) or super().why_illegal(action)

    def render(self, player: int | None = None) -> str:
        from tablesports.games.juggerttg.render import render

        return render(self, player)
