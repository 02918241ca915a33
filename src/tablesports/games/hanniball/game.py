"""The HanniBall game: its facts, options, set-up, notation and action codec."""

from __future__ import annotations

import importlib.resources
from functools import cached_property
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablesports.core.errors import DataFileError, NotationError
from tablesports.core.files import loads_toml, read_resource
from tablesports.core.protocol import ActionCodec, Game, GameInfo, State
from tablesports.games.hanniball.actions import END, LEAVE, MOVE, RICOCHET, SHOT, End, Step
from tablesports.games.hanniball.actions import parse_action as parse_step
from tablesports.games.hanniball.actions import step as make_step
from tablesports.games.hanniball.board import (
    COLOR_OF,
    HEIGHT,
    KING,
    KNIGHT,
    MONKEY_SHOTS,
    RICOCHETS,
    SQUARES,
    WIDTH,
)
from tablesports.games.hanniball.invariants import check_state
from tablesports.games.hanniball.notation import parse_position
from tablesports.games.hanniball.state import HanniBallState

MAX_ACTIONS_PER_TURN = 9
"""Four steps, a ricochet after each, and `end`: a bound on a turn's actions."""


class HanniBallOptions(BaseModel):
    """Options of `load("hanniball", ...)`; the defaults are the rules in rules.md."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_turns: int = Field(200, ge=1, le=100_000)
    """The game is drawn when this many turns (both sides counted) pass without a goal."""
    repetition_draw: int | None = Field(3, ge=0)
    """The game is drawn when a position starts a turn this often (None or 0: never)."""
    max_defenders: int | None = Field(None, ge=0, le=10)
    """Anti-clustering variant: at most this many pieces besides the Monkey in one's own goal
    area and goal at the end of one's turn (None: the seed's rules, no limit)."""

    @field_validator("repetition_draw")
    @classmethod
    def _at_least_two(cls, value: int | None) -> int | None:
        if value == 1:
            raise ValueError("a position always occurs once: use 2 or more, or 0 for never")
        return value or None


class SetupFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    start: str


class HanniBallGame(Game):
    """HanniBall (Freeling & Sandler, 2009) as in the seed, with documented house rules."""

    info: ClassVar[GameInfo] = GameInfo(
        id="hanniball",
        title="HanniBall",
        version=1,
        players=2,
        chance="none",
        information="perfect",
        action_kind="discrete",
        kind="square board, perfect information, multi-step turns",
        max_game_length=200 * MAX_ACTIONS_PER_TURN,
    )
    Options: ClassVar[type[BaseModel]] = HanniBallOptions
    options: HanniBallOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        bound = self.options.max_turns * MAX_ACTIONS_PER_TURN
        if bound != self.info.max_game_length:
            from dataclasses import replace

            setattr(self, "info", replace(self.info, max_game_length=bound))  # noqa: B010

    @cached_property
    def start_notation(self) -> str:
        return load_setup()

    def new_initial_state(self) -> HanniBallState:
        return HanniBallState(self, parse_position(self.start_notation))

    def from_position(self, notation: str) -> HanniBallState:
        """The state of a position in the notation (see notation.py, or rules.md)."""
        return HanniBallState(self, parse_position(notation))

    def check_state(self, state: State) -> None:
        """The turn within max_turns, the outcome against the board, the repetitions
        (`invariants.py`); the notation checks the pieces, squares and steps."""
        assert isinstance(state, HanniBallState)
        check_state(state)

    def parse_action(self, text: str) -> Step | End:
        return parse_step(text)

    def state_from_json(self, data: dict[str, Any]) -> State:
        try:
            state = self.from_position(data["position"])
            state.repetitions = [int(k, 16) for k in data["repetitions"]]
            outcome = data.get("outcome")
            if outcome is not None:
                state._finish(outcome["winner"], outcome["reason"])
            else:
                state.over, state.winner, state.reason = False, None, ""
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, NotationError):
                raise
            raise NotationError(f"not a HanniBall state: {exc!r}") from None
        state.history = state.history_from_json(data.get("history", []))
        return state

    def action_codec(self) -> ActionCodec:
        return self._codec

    @cached_property
    def _codec(self) -> ActionCodec:
        actions: dict[Step | End, None] = {}
        for s in SQUARES:
            moves = KING[s] + KNIGHT[s]
            for t in moves:
                actions[make_step(MOVE, s, t)] = None
                actions[make_step(LEAVE, s, t)] = None
            for t in moves + MONKEY_SHOTS[0][s] + MONKEY_SHOTS[1][s]:
                actions[make_step(SHOT, s, t)] = None
            for t in RICOCHETS[s]:
                actions[make_step(RICOCHET, s, t)] = None
        actions[END] = None
        return ActionCodec(list(actions))

    def evaluate(self, state: State) -> list[float]:
        """Ball advance towards Black's goal and possession, from White's side; [v, -v]."""
        assert isinstance(state, HanniBallState)
        if state.over:
            return state.returns()
        row = state.ball // WIDTH
        advance = (row - (HEIGHT - 1) / 2) / ((HEIGHT - 1) / 2)
        holder = COLOR_OF[state.board[state.ball]] if not state.pending else -1
        possession = (0.0, 1.0, -1.0)[holder + 1]
        value = max(-0.95, min(0.95, 0.6 * advance + 0.3 * possession))
        return [value, -value]


def load_setup() -> str:
    """The start position from the package's data/setup.toml."""
    resource = importlib.resources.files("tablesports.games.hanniball") / "data" / "setup.toml"
    where = "hanniball/data/setup.toml"
    return parse_setup(read_resource(resource, where), where)


def parse_setup(text: str, name: str) -> str:
    """Validate a set-up file's text; a bad file raises DataFileError naming file and entry."""
    try:
        setup = SetupFile.model_validate(loads_toml(text, name))
        parse_position(setup.start)
    except ValidationError as exc:
        problems = "; ".join(
            f"entry {'.'.join(map(str, e['loc']))!r}: {e['msg']}" for e in exc.errors()
        )
        raise DataFileError(f"{name}: {problems}") from None
    except NotationError as exc:
        raise DataFileError(f"{name}: entry 'start': {exc}") from None
    return setup.start
