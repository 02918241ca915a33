"""Hidden Pig: a tiny dice game kept in the tests as the conformance suite's own subject.

Each player is dealt a secret edge (D3) that only they see. On your turn you roll a D6 as often
as you like: a 1 loses the turn's points and passes the turn; `hold` banks them (legal once you
have rolled at least once this turn). You win on reaching `target - edge` banked points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.chance import D3, D6, Roll
from tablesports.core.errors import ActionParseError, StateError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, GameInfo, State


@dataclass(frozen=True, slots=True)
class Choice:
    """A player's choice: `roll` or `hold`."""

    word: str

    def __str__(self) -> str:
        return self.word


ROLL = Choice("roll")
HOLD = Choice("hold")


class PigOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    target: int = Field(20, ge=5, le=100)


class PigGame(Game):
    info = GameInfo(
        id="pig",
        title="Hidden Pig (test game)",
        version=1,
        players=2,
        chance="explicit",
        information="imperfect",
        action_kind="discrete",
        kind="dice, hidden edge",
    )
    Options = PigOptions

    def new_initial_state(self) -> PigState:
        return PigState(self)

    def parse_action(self, text: str) -> Action:
        if text in ("roll", "hold"):
            return Choice(text)
        for die in (D6, D3):
            if text.startswith(die.name + "="):
                try:
                    return die.parse(text)
                except ValueError as exc:
                    raise ActionParseError(text, str(exc)) from None
        raise ActionParseError(text, "actions are roll, hold, D3=n (deal) and D6=n (roll)")

    def state_from_json(self, data: dict[str, Any]) -> PigState:
        state = PigState(self)
        try:
            state.edges = list(data["edges"])
            state.banked = list(data["banked"])
        except (KeyError, TypeError) as exc:
            raise StateError("pig", "edges/banked", exc, "lists of numbers") from None
        state.turn_total = data["turn_total"]
        state.to_move = data["to_move"]
        state.rolling = data["rolling"]
        state.rolled_this_turn = data["rolled_this_turn"]
        state.history = state.history_from_json(data["history"])
        return state

    def check_state(self, state: State) -> None:
        assert isinstance(state, PigState)

        def whole(field: str, value: Any, low: int, high: int) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise StateError("pig", field, value, f"a whole number from {low} to {high}")

        if not isinstance(state.edges, list) or len(state.edges) > 2:
            raise StateError("pig", "edges", state.edges, "at most 2 edges, one per player")
        for edge in state.edges:
            whole("edges", edge, 1, 3)
        if not isinstance(state.banked, list) or len(state.banked) != 2:
            raise StateError("pig", "banked", state.banked, "two totals, one per player")
        for total in state.banked:
            whole("banked", total, 0, 10_000)
        whole("turn_total", state.turn_total, 0, 10_000)
        whole("to_move", state.to_move, 0, 1)
        for field in ("rolling", "rolled_this_turn"):
            if not isinstance(getattr(state, field), bool):
                raise StateError("pig", field, getattr(state, field), "true or false")


class PigState(State):
    def __init__(self, game: PigGame) -> None:
        self.game = game
        self.history = []
        self.edges: list[int] = []  # dealt by chance first, one per player
        self.banked = [0, 0]
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False  # a D6 is about to be rolled
        self.rolled_this_turn = False

    @property
    def target(self) -> int:
        return int(self.game.options.target)  # type: ignore[attr-defined]

    def winner(self) -> int | None:
        for p in (0, 1):
            if len(self.edges) == 2 and self.banked[p] >= self.target - self.edges[p]:
                return p
        return None

    def current_player(self) -> int:
        if self.winner() is not None:
            return TERMINAL
        if len(self.edges) < 2 or self.rolling:
            return CHANCE
        return self.to_move

    def _legal_actions(self) -> list[Action]:
        if self.current_player() < 0:
            return []
        return [ROLL, HOLD] if self.rolled_this_turn else [ROLL]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        return list(D3.outcomes() if len(self.edges) < 2 else D6.outcomes())

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Roll) and action.die == "D3":
            self.edges.append(action.value)
            return [Event("deal", f"player {len(self.edges) - 1} is dealt a secret edge")]
        if isinstance(action, Roll):
            self.rolling = False
            self.rolled_this_turn = True
            if action.value == 1:
                self._pass_turn()
                return [Event("roll", "rolled 1: the turn's points are lost", {"roll": 1})]
            self.turn_total += action.value
            return [Event("roll", f"rolled {action.value}", {"roll": action.value})]
        if action == ROLL:
            self.rolling = True
            return []
        self.banked[self.to_move] += self.turn_total
        event = Event("hold", f"player {self.to_move} banks {self.turn_total}")
        self._pass_turn()
        return [event]

    def _pass_turn(self) -> None:
        self.turn_total = 0
        self.rolled_this_turn = False
        if self.winner() is None:
            self.to_move = 1 - self.to_move

    def is_terminal(self) -> bool:
        return self.winner() is not None

    def returns(self) -> list[float]:
        w = self.winner()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        done = self.is_terminal()
        edges = [e if (p == player or done) else None for p, e in enumerate(self.edges)]
        return {
            "edges": edges,
            "banked": list(self.banked),
            "turn_total": self.turn_total,
            "to_move": self.to_move,
            "rolling": self.rolling,
        }

    def resample_hidden(self, player: int, rng: random.Random) -> PigState:
        state = self.clone()
        if not self.is_terminal():
            for p in range(len(state.edges)):
                if p != player:
                    # only edges under which that player has not already won are consistent
                    fits = [e for e in (1, 2, 3) if self.banked[p] < self.target - e]
                    state.edges[p] = rng.choice(fits)
        return state

    def action_seen_by(self, action: Action, viewer: int) -> str | None:
        if isinstance(action, Roll) and action.die == "D3" and len(self.edges) != viewer:
            return None  # another player's secret edge
        return str(action)

    def render(self, player: int | None = None) -> str:
        edges = self.observation(player) if player is not None else {"edges": self.edges}
        return (
            f"banked {self.banked[0]}-{self.banked[1]}, turn total {self.turn_total}, "
            f"player {self.to_move} to move, edges {edges['edges']}"
        )

    def clone(self) -> PigState:
        other = type(self)(self.game)  # type: ignore[arg-type]
        other.edges = list(self.edges)
        other.banked = list(self.banked)
        other.turn_total = self.turn_total
        other.to_move = self.to_move
        other.rolling = self.rolling
        other.rolled_this_turn = self.rolled_this_turn
        other.history = list(self.history)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "edges": list(self.edges),
            "banked": list(self.banked),
            "turn_total": self.turn_total,
            "to_move": self.to_move,
            "rolling": self.rolling,
            "rolled_this_turn": self.rolled_this_turn,
            "history": self.history_json(),
        }
