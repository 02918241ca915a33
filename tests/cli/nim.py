"""Nim for the CLI tests: a perfect-information game with a position notation.

A pile of counters; players take 1 to 3 in turn and whoever takes the last one wins. The
notation is `counters/player to move`, e.g. `5/1`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.errors import ActionParseError, NotationError
from tablesports.core.events import Event
from tablesports.core.protocol import TERMINAL, Action, Game, GameInfo, State


@dataclass(frozen=True, slots=True)
class Take:
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class NimOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    pile: int = Field(7, ge=1, le=50)


class NimGame(Game):
    info = GameInfo(
        id="nim",
        title="Nim (test game)",
        version=1,
        players=2,
        chance="none",
        information="perfect",
        action_kind="discrete",
        kind="counters",
    )
    Options = NimOptions

    def new_initial_state(self) -> NimState:
        return NimState(self, int(self.options.pile), 0)  # type: ignore[attr-defined]

    def parse_action(self, text: str) -> Action:
        word, _, count = text.partition(" ")
        if word != "take" or count not in ("1", "2", "3"):
            raise ActionParseError(text, "actions are take 1, take 2 and take 3")
        return Take(int(count))

    def state_from_json(self, data: dict[str, Any]) -> NimState:
        state = NimState(self, data["pile"], data["to_move"])
        state.history = state.history_from_json(data["history"])
        return state

    def from_position(self, notation: str) -> NimState:
        pile, sep, player = notation.partition("/")
        if not sep or not pile.isdigit() or player not in ("0", "1"):
            raise NotationError(f"nim positions are counters/player, e.g. 5/1; got {notation!r}")
        return NimState(self, int(pile), int(player))


class NimState(State):
    def __init__(self, game: NimGame, pile: int, to_move: int) -> None:
        self.game = game
        self.history = []
        self.pile = pile
        self.to_move = to_move

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def _legal_actions(self) -> list[Action]:
        if self.pile == 0:
            return []
        return [Take(n) for n in (1, 2, 3) if n <= self.pile]

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Take)
        self.pile -= action.count
        self.to_move = 1 - self.to_move
        return [Event("take", f"{action.count} taken, {self.pile} left")]

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.to_move == 1 else [-1.0, 1.0]

    def render(self, player: int | None = None) -> str:
        return f"pile: {'|' * self.pile} ({self.pile}), player {self.to_move} to move"

    def clone(self) -> NimState:
        other = NimState(self.game, self.pile, self.to_move)  # type: ignore[arg-type]
        other.history = list(self.history)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "history": self.history_json()}
