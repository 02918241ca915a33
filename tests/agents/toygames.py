"""Two tiny games for the search agents' tests (tests/conftest.py registers them).

`ttt`: tic-tac-toe (perfect information, no chance), positions written as nine characters
("x", "o", "."), e.g. `xx.oo....` with x to move when the counts are equal.
`kuhn`: Kuhn poker (three cards, one hidden each; returns are the chips won, halved).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tablesports.core.errors import ActionParseError, NotationError, StateError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, GameInfo, State

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(Game):
    info = GameInfo(
        id="ttt",
        title="Tic-tac-toe (test game)",
        version=1,
        players=2,
        chance="none",
        information="perfect",
        action_kind="discrete",
        kind="board",
        max_game_length=9,
    )

    def new_initial_state(self) -> TTTState:
        return TTTState(self)

    def parse_action(self, text: str) -> Action:
        if text.isdigit() and 0 <= int(text) < 9:
            return int(text)
        raise ActionParseError(text, "actions are squares 0 to 8")

    def state_from_json(self, data: dict[str, Any]) -> TTTState:
        state = self.from_position(data["board"])
        state.history = state.history_from_json(data["history"])
        return state

    def from_position(self, notation: str) -> TTTState:
        if not isinstance(notation, str) or len(notation) != 9 or set(notation) - set("xo."):
            raise NotationError(f"a position is nine of x, o, . (got {notation!r})")
        state = TTTState(self)
        state.board = [{"x": 0, "o": 1, ".": -1}[ch] for ch in notation]
        return state

    def check_state(self, state: State) -> None:
        assert isinstance(state, TTTState)
        x, o = state.board.count(0), state.board.count(1)
        if x - o not in (0, 1):
            raise StateError(
                "ttt", "board", f"{x} x and {o} o", "x moves first: as many or one more"
            )
        wins = {state.board[i] for i, j, k in LINES if state.board[i] >= 0}
        wins = {
            w
            for w in wins
            if any(state.board[i] == state.board[j] == state.board[k] == w for i, j, k in LINES)
        }
        if len(wins) > 1:
            raise StateError(
                "ttt", "board", "two lines of three", "the game ends at the first line"
            )


class TTTState(State):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.history = []
        self.board = [-1] * 9

    def winner(self) -> int | None:
        b = self.board
        for i, j, k in LINES:
            if b[i] >= 0 and b[i] == b[j] == b[k]:
                return b[i]
        return None

    def current_player(self) -> int:
        if self.winner() is not None or -1 not in self.board:
            return TERMINAL
        return 0 if self.board.count(0) == self.board.count(1) else 1

    def _legal_actions(self) -> list[Action]:
        if self.current_player() < 0:
            return []
        return [i for i, v in enumerate(self.board) if v < 0]

    def _apply(self, action: Action) -> list[Event]:
        self.board[action] = self.current_player()  # type: ignore[index]
        return []

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        w = self.winner()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def clone(self) -> TTTState:
        other = TTTState(self.game)
        other.board = list(self.board)
        other.history = list(self.history)
        return other

    def to_json(self) -> dict[str, Any]:
        board = "".join(".xo"[v + 1] for v in self.board)
        return {"board": board, "history": self.history_json()}


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance outcome dealing `card` (1 = J, 2 = Q, 3 = K) to the next player."""

    card: int

    def __str__(self) -> str:
        return f"deal{self.card}"


class Kuhn(Game):
    info = GameInfo(
        id="kuhn",
        title="Kuhn poker (test game)",
        version=1,
        players=2,
        chance="explicit",
        information="imperfect",
        action_kind="discrete",
        kind="cards",
        max_game_length=5,
    )

    def new_initial_state(self) -> KuhnState:
        return KuhnState(self)

    def parse_action(self, text: str) -> Action:
        if text in ("pass", "bet"):
            return text
        if text in ("deal1", "deal2", "deal3"):
            return Deal(int(text[-1]))
        raise ActionParseError(text, "actions are pass, bet and deal1..deal3")

    def state_from_json(self, data: dict[str, Any]) -> KuhnState:
        state = KuhnState(self)
        try:
            state.cards = list(data["cards"])
            state.bets = list(data["bets"])
        except (KeyError, TypeError) as exc:
            raise NotationError(f"not a Kuhn state: {exc}") from None
        state.history = state.history_from_json(data["history"])
        return state

    def check_state(self, state: State) -> None:
        assert isinstance(state, KuhnState)
        cards = state.cards
        if len(cards) > 2 or len(set(cards)) != len(cards) or not set(cards) <= {1, 2, 3}:
            raise StateError("kuhn", "cards", cards, "up to two different cards of 1, 2, 3")
        if state.bets and len(cards) < 2:
            raise StateError("kuhn", "bets", state.bets, "none before both cards are dealt")
        if state.bets not in KUHN_BETS:
            raise StateError("kuhn", "bets", state.bets, "a betting round of pass and bet")


KUHN_BETS = [[], ["pass"], ["bet"], ["pass", "pass"], ["pass", "bet"], ["bet", "bet"]]
KUHN_BETS += [["bet", "pass"], ["pass", "bet", "bet"], ["pass", "bet", "pass"]]


class KuhnState(State):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.history = []
        self.cards: list[int] = []
        self.bets: list[str] = []

    def _over(self) -> bool:
        b = self.bets
        return b in (["pass", "pass"], ["bet", "bet"], ["bet", "pass"]) or len(b) == 3

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if self._over():
            return TERMINAL
        return len(self.bets) % 2

    def _legal_actions(self) -> list[Action]:
        return ["pass", "bet"] if self.current_player() >= 0 else []

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        left = [c for c in (1, 2, 3) if c not in self.cards]
        return [(Deal(c), 1 / len(left)) for c in left]

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            self.cards.append(action.card)
        else:
            self.bets.append(str(action))
        return []

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        b = self.bets
        if b == ["bet", "pass"]:
            return [0.5, -0.5]
        if b == ["pass", "bet", "pass"]:
            return [-0.5, 0.5]
        stake = 1.0 if "bet" in b else 0.5  # the pot, in units of two chips
        return [stake, -stake] if self.cards[0] > self.cards[1] else [-stake, stake]

    def observation(self, player: int) -> dict[str, Any]:
        done = self.is_terminal()
        cards = [c if (p == player or done) else None for p, c in enumerate(self.cards)]
        return {"cards": cards, "bets": list(self.bets)}

    def action_seen_by(self, action: Action, viewer: int) -> str | None:
        if isinstance(action, Deal) and len(self.cards) != viewer:
            return None  # a card dealt to the other player
        return str(action)

    def resample_hidden(self, player: int, rng: random.Random) -> KuhnState:
        state = self.clone()
        if self.is_terminal():
            return state  # every card is shown at the end
        mine = self.cards[player] if player < len(self.cards) else None
        unseen = [c for c in (1, 2, 3) if c != mine]
        rng.shuffle(unseen)
        for p in range(len(state.cards)):
            if p != player:
                state.cards[p] = unseen.pop()  # the others' cards: distinct, never the player's
        return state

    def clone(self) -> KuhnState:
        other = KuhnState(self.game)
        other.cards = list(self.cards)
        other.bets = list(self.bets)
        other.history = list(self.history)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "bets": self.bets, "history": self.history_json()}
