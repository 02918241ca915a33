"""Toss: a toy game whose quality metrics are known, for the analysis tests.

Each player in turn calls `heads` or `tails` (two legal actions each, which change nothing);
then, by the option `rule`:

- `coin`: a fair coin is tossed, heads wins for seat 0, tails for seat 1 (balance 1, skill gap
  0, first-player advantage 1/2, no draws);
- `first`: seat 0 wins (first-player advantage 1, balance 0);
- `draw`: the game is drawn (drawishness 1, completion 0).

Its evaluation: 0 for both until the coin falls (`coin`, `draw`), +1/2 for seat 0 from the
start under `first` (the leader never changes, the winner is never behind).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from tablesports.core.errors import ActionParseError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, GameInfo, State


@dataclass(frozen=True, slots=True)
class Side:
    word: str

    def __str__(self) -> str:
        return self.word


HEADS, TAILS = Side("heads"), Side("tails")
COIN_HEADS, COIN_TAILS = Side("coin=heads"), Side("coin=tails")


class TossOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rule: Literal["coin", "first", "draw"] = "coin"


class TossGame(Game):
    info = GameInfo(
        id="toss",
        title="Toss (test game)",
        version=1,
        players=2,
        chance="explicit",
        information="perfect",
        action_kind="discrete",
        kind="coin",
    )
    Options = TossOptions

    @property
    def rule(self) -> str:
        return str(self.options.rule)  # type: ignore[attr-defined]

    def new_initial_state(self) -> TossState:
        return TossState(self)

    def parse_action(self, text: str) -> Action:
        for side in (HEADS, TAILS, COIN_HEADS, COIN_TAILS):
            if text == side.word:
                return side
        raise ActionParseError(text, "actions are heads, tails, coin=heads and coin=tails")

    def state_from_json(self, data: dict[str, Any]) -> TossState:
        state = TossState(self)
        for _, action in state.history_from_json(data["history"]):
            state.apply_action(action)
        return state

    def evaluate(self, state: State) -> list[float]:
        if state.is_terminal():
            return state.returns()
        lead = 0.5 if self.rule == "first" else 0.0
        return [lead, -lead]


class TossState(State):
    def __init__(self, game: TossGame) -> None:
        self.game = game
        self.history = []
        self.calls = 0
        self.coin: Side | None = None

    def current_player(self) -> int:
        if self.calls < 2:
            return self.calls
        if self.game.rule == "coin" and self.coin is None:
            return CHANCE
        return TERMINAL

    def _legal_actions(self) -> list[Action]:
        return [HEADS, TAILS] if self.calls < 2 else []

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(COIN_HEADS, 0.5), (COIN_TAILS, 0.5)] if self.current_player() == CHANCE else []

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Side)
        if action in (COIN_HEADS, COIN_TAILS):
            self.coin = action
        else:
            self.calls += 1
        return [Event("call", str(action))]

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        rule = self.game.rule
        if rule == "first" or (rule == "coin" and self.coin == COIN_HEADS):
            return [1.0, -1.0]
        if rule == "coin":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def render(self, player: int | None = None) -> str:
        return f"calls {self.calls}, coin {self.coin}"

    def clone(self) -> TossState:
        other = TossState(self.game)  # type: ignore[arg-type]
        other.history = list(self.history)
        other.calls, other.coin = self.calls, self.coin
        return other

    def to_json(self) -> dict[str, Any]:
        return {"history": self.history_json()}
