"""Juggers Fallout: facts, options (house rules a player can swap), data, codec and evaluation."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.errors import NotationError, OptionError
from tablesports.core.protocol import ActionCodec, Game, GameInfo, State
from tablesports.games.juggers import data
from tablesports.games.juggers.actions import (
    COLUMNS,
    GRID_FLICKS,
    PASS,
    ROWS,
    Choose,
    Pick,
    Place,
    Settle,
    Shooter,
    Sub,
    Super,
    parse_action,
)
from tablesports.games.juggers.notation import parse_position
from tablesports.games.juggers.pending import FlickResult, PendingFlick
from tablesports.games.juggers.state import JuggersState

ACTIONS_PER_FLICK = 10
"""A bound on the steps one action can take: supermove, flick, noise, settle, up to five falls'
injury rolls and an excitement roll."""


_HOUSE = data.house_rules()


class JuggersOptions(BaseModel):
    """Options of `load("juggers", ...)`: each swaps a house rule; the defaults are those of
    data/house_rules.toml (the house rules of rules.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    innings: int = Field(_HOUSE.innings, ge=1, le=30)
    """R2: the most innings a match has (the seed: nine)."""
    starting_morale: int = Field(_HOUSE.starting_morale, ge=0, le=100)
    """H-MORALE: each team's morale at the start (at most `morale_cap`)."""
    morale_cap: int = Field(_HOUSE.morale_cap, ge=0, le=100)
    """H-MORALE: the most morale a team can hold."""
    heroic_morale: int = Field(_HOUSE.heroic_morale, ge=0, le=30)
    """R25: the morale a heroic action gives (the seed: +3)."""
    excite_discount: int = Field(_HOUSE.excite_discount, ge=0, le=30)
    """R26: how much cheaper excited team-mates' supermoves are (the seed: 3 morale)."""
    budget: int = Field(_HOUSE.budget, ge=0, le=1000)
    """H-MARKET: each team's denari for the draft."""
    attacker_restriction: Literal["between", "free"] = _HOUSE.attacker_restriction
    """H-ATT: "between" (pass between two team-mates, penny football) or "free"."""
    shot_free: bool = _HOUSE.shot_free
    """H-ATT: a flick that scores needs not pass between team-mates."""
    attacker_actions: int = Field(_HOUSE.attacker_actions, ge=1, le=100)
    """H-END: an attack ends after this many attacker actions."""
    fall_ends_attack: bool = _HOUSE.fall_ends_attack
    """H-FALL (R12, R19 3): an attacker's Jugger falling ends the attack."""
    hero_score: bool = _HOUSE.hero_score
    """H-HERO 1: a meta is a heroic action."""
    hero_knock_off: bool = _HOUSE.hero_knock_off
    """H-HERO 2: knocking an opponent off with a valid flick is a heroic action."""
    hero_clean_defence: bool = _HOUSE.hero_clean_defence
    """H-HERO 3: ending the opponent's attack without a meta is a heroic action."""
    sudden_death_cap: int | None = Field(None, ge=1, le=1000)
    """Not set by default: the penalties go on until one side leads (R33), so a match may be
    as long as chance makes it. A number draws the match after that many sudden-death rounds:
    for bounded uses (the RL adapters set `bounded_options`, OpenSpiel's max_game_length)."""


class JuggersGame(Game):
    """Juggers Fallout as in the seed, with the lost lists filled by documented house rules."""

    info: ClassVar[GameInfo] = GameInfo(
        id="juggers",
        title="Juggers Fallout",
        version=1,
        players=2,
        chance="explicit",
        information="perfect",
        action_kind="parametric",
        kind="coin-flick dexterity on 2D physics, innings, characters",
    )
    Options: ClassVar[type[BaseModel]] = JuggersOptions
    options: JuggersOptions
    bounded_options: ClassVar[dict[str, Any]] = {"sudden_death_cap": 50}
    """Options that bound a match's length, which the RL adapters set unless given (R33's
    sudden death has no end of its own)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.house = data.house_rules().model_copy(update=self.options.model_dump())
        if self.house.starting_morale > self.house.morale_cap:
            raise OptionError(
                f"game 'juggers': starting_morale {self.house.starting_morale} is above "
                f"morale_cap {self.house.morale_cap}: a team starts with at most the cap (H-MORALE)"
            )
        self.table = data.table()
        self.characters = data.roster().character
        self.index_of = {c.id: i for i, c in enumerate(self.characters)}
        h = self.house
        bound = None  # the penalties without a cap have no bound (R33)
        if h.sudden_death_cap is not None:
            bound = (
                2
                + 8
                + 2 * h.innings * (5 + 2 * h.attacker_actions * ACTIONS_PER_FLICK)
                + 2 * (5 + h.sudden_death_cap) * 4
            )
        setattr(self, "info", replace(self.info, max_game_length=bound))  # noqa: B010

    def new_initial_state(self) -> JuggersState:
        return JuggersState(self)

    def from_position(self, notation: str) -> JuggersState:
        return parse_position(self, notation)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def state_from_json(self, data: dict[str, Any]) -> State:
        state = JuggersState(self)
        if not isinstance(data, dict):
            raise NotationError(
                f"a Juggers state is a JSON object of its fields (as to_json() writes), "
                f"not {type(data).__name__}"
            )
        fields = {k for k in state.__dict__ if k != "game" and k[0] != "_"} - {"history"}
        missing = sorted(fields - set(data))
        if missing:  # never filled in with the start's values
            raise NotationError(f"not a Juggers state: no {', '.join(missing)}")
        try:
            for key, value in data.items():
                if key in ("history", "result", "pos", "flick", "rolls"):
                    continue
                if key not in state.__dict__:
                    raise KeyError(key)
                setattr(state, key, value)
            state.pos = [tuple(p) if p is not None else None for p in data["pos"]]
            state.flick = PendingFlick(*data["flick"]) if data["flick"] is not None else None
            state.rolls = [(str(k), int(s)) for k, s in data["rolls"]]
            if data["result"] is not None:
                text, fallen, *flags = data["result"]
                if not isinstance(text, str):
                    raise TypeError(f"result starts with the settle action's text, not {text!r}")
                settle = parse_action(text)
                assert isinstance(settle, Settle)
                state.result = FlickResult(settle, list(fallen), *flags)
        except (KeyError, TypeError, ValueError, AssertionError) as exc:
            raise NotationError(f"not a Juggers state: {exc!r}") from None
        state.history = state.history_from_json(data.get("history", []))
        return state

    def check_state(self, state: State) -> None:
        """Characters drafted once, counters and the clock within the match's limits, coins
        alive and on the table, the phase's own fields consistent (`invariants.py`)."""
        from tablesports.games.juggers.invariants import check_state

        assert isinstance(state, JuggersState)
        check_state(state)

    def action_codec(self) -> ActionCodec:
        return self._codec

    @cached_property
    def _codec(self) -> ActionCodec:
        """Player actions with a fixed layout: picks, choices, placements, the discrete flicks
        (jugger x 24 angles x 5 strengths), supermoves, substitutions, shooters, pass."""
        actions: list[Any] = [Pick(c.id) for c in self.characters]
        actions += [Choose("pick"), Choose("attack")]
        actions += [
            Place(j, c, r) for j in range(1, 5) for c in range(len(COLUMNS)) for r in range(ROWS)
        ]
        for j in range(1, 5):
            actions += GRID_FLICKS[j]
        actions += [Super(j) for j in range(1, 5)]
        actions += [Sub(o, i) for o in range(1, 5) for i in range(1, 5) if o != i]
        actions += [Shooter(j) for j in range(1, 5)]
        actions.append(PASS)
        return ActionCodec(actions)

    def bench_figures(self, seconds: float = 3.0) -> dict[str, float]:
        """Flicks resolved per second among eight coins, for `tablesports bench juggers`."""
        import random
        import time

        from tablesports.games.juggers import physics

        rng = random.Random(0)
        t = self.table
        discs = [
            (s, s // 4, 250.0 + 150.0 * (s % 4) + 100.0 * (s // 4), 250.0 + 300.0 * (s // 4))
            for s in range(8)
        ]
        flicks = 0
        steps = 0
        # CPU time of this process: "per second on one core" even on a shared machine
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < min(seconds, 3.0) or flicks < 20:
            slot = rng.randrange(8)
            speed = rng.uniform(0.2, 1.0) * t.max_speed
            velocity = physics.flick_velocity(rng.uniform(0.0, 360.0), speed)
            out = physics.simulate(t, discs, slot, velocity, goal=1, gate=None)
            flicks += 1
            steps += out.steps
        used = time.process_time() - cpu
        return {
            "flicks per CPU-second among eight coins": flicks / used,
            "physics steps per flick": steps / flicks,
        }

    def evaluate(self, state: State) -> list[float]:
        """Mete ahead (and penalty goals), squashed; life and morale break ties a little."""
        assert isinstance(state, JuggersState)
        if state.is_terminal():
            return state.returns()
        lead = (state.score[0] - state.score[1]) + 0.5 * (state.pen_goals[0] - state.pen_goals[1])
        life = (sum(state.hp[:4]) - sum(state.hp[4:])) / 12.0
        morale = (state.morale[0] - state.morale[1]) / 40.0
        value = max(-0.95, min(0.95, 0.5 * lead + 0.1 * life + 0.05 * morale))
        return [value, -value]
