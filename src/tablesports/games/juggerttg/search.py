"""`juggerttg-mcts`: UCT over the greedy bot's move and a few others, with greedy playouts.

At a decision with a choice the search builds a tree (UCT, values in [-1, 1] per mover):
every decision node's children are the greedy bot's move and up to `width` others that the
bot does not make (`candidates`: stopping, the other attack targets, the other movements and
steps, the other defences and dice to buy, ...); chance nodes draw their outcome. A leaf is
scored by a playout of the rest of the game with `juggerttg-greedy` on both sides (a short
game ends with the first point, so a playout sees the drive's end), cut off after `stones`
more Stones and scored with `evaluate` if `stones` is set. The k-th playout under each of the
root's children uses the k-th dice seed (common random numbers), so the children are compared
on the same dice. The bot's move is played unless another child, the most visited, beats it
playout by playout (on the same seeds) by `margin` on average. Team building and the line-up
are left to the bot unless `lineup=true`.
"""

from __future__ import annotations

import random
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.protocol import CHANCE, TERMINAL, Game, State, validate_options
from tablesports.core.uct import ucb1
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act
from tablesports.games.juggerttg.board import DIST, MAL
from tablesports.games.juggerttg.bot import GreedyBot
from tablesports.games.juggerttg.evaluate import evaluate
from tablesports.games.juggerttg.game import JuggerState


class SearchOptions(BaseModel):
    """The budget and shape of `juggerttg-mcts`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    iterations: int = Field(8, ge=1, description="playouts per decision with a choice")
    width: int = Field(2, ge=0, description="moves tried beside the bot's at a node (0: the bot)")
    c: float = Field(0.6, ge=0.0, description="UCT exploration constant")
    margin: float = Field(
        0.05, ge=0.0, description="mean value another move needs above the bot's to be played"
    )
    stones: int = Field(
        0, ge=0, description="Stones played out after this one before evaluate (0: to the end)"
    )
    seconds: float = Field(0.0, ge=0.0, description="time cap per decision (0: none)")
    lineup: bool = Field(
        False, description="search team building and the line-up too (else the bot's choice)"
    )


class Node:
    """A tree node: children by action (or chance outcome); `value` sums the returns of
    `mover`, the player whose action led here."""

    __slots__ = ("children", "mover", "untried", "value", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[Any, Node] = {}
        self.mover = mover
        self.untried: list[Act] | None = None
        self.value = 0.0
        self.visits = 0


class MCTSBot:
    """UCT over the greedy bot's move and its alternatives, scored by greedy playouts."""

    name = "juggerttg-mcts"
    Options = SearchOptions

    def __init__(self, game: Game | None = None, seed: int = 0, **params: Any) -> None:
        options = validate_options(SearchOptions, params, f"agent {self.name!r}")
        assert isinstance(options, SearchOptions)
        self.options = options
        self.seed = seed
        self.bot = GreedyBot(game, seed)
        self.decisions = 0
        self.searched = 0
        self.overruled = 0
        """Decisions searched and bot moves overruled (for the figures)."""
        self.last_root: Node | None = None
        """The last search tree (for tests and analysis)."""
        self.last_iterations = 0
        self.samples: dict[Act, list[float]] = {}
        """The root's playout values per move, in dice-seed order (the paired comparison)."""

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.bot.reset(seed)
        self.decisions = self.searched = self.overruled = 0

    def step(self, state: State) -> Act:
        assert isinstance(state, JuggerState)
        legal = state.legal_actions()
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        default = self.bot_move(state)
        self.decisions += 1
        if self.options.width == 0 or (not self.options.lineup and state.phase in LINEUP):
            return default
        root = Node(-1)
        self.samples = {}
        root.untried = candidates(state, legal, default, self.options.width)
        if len(root.untried) == 1:
            return default
        self.searched += 1
        self._search(state, root)
        self.last_root = root
        choice = self._final(root, default)
        if choice != default:
            self.overruled += 1
        return choice

    def bot_move(self, st: JuggerState) -> Act:
        a = self.bot.step(st)
        assert isinstance(a, Act)
        return a

    def _search(self, state: JuggerState, root: Node) -> None:
        opts = self.options
        deadline = time.perf_counter() + opts.seconds if opts.seconds else 0.0
        base = (self.seed * 1_000_003 + self.decisions * 7_919) & 0xFFFFFFFF
        done = 0
        while done < opts.iterations:
            if deadline and done and time.perf_counter() > deadline:
                break
            self._simulate(state, root, base)
            done += 1
        self.last_iterations = done

    def _final(self, root: Node, default: Act) -> Act:
        """The most visited child, if its playouts beat the bot's move's on the same dice
        (paired, playout k against playout k) by `margin` on average; else the bot's move."""
        best, key = default, (-1, -2.0)
        for a, ch in root.children.items():
            k = (ch.visits, ch.value / ch.visits)
            if k > key:
                best, key = a, k
        if best == default:
            return default
        mine, other = self.samples.get(default, []), self.samples[best]
        n = min(len(mine), len(other))
        if n == 0:
            return default
        gain = sum(other[i] - mine[i] for i in range(n)) / n
        return best if gain > self.options.margin else default

    def _simulate(self, root_state: JuggerState, root: Node, base: int) -> None:
        """Select down the tree, expand one child, play out, back the values up."""
        c = self.options.c
        s = root_state.clone()
        node = root
        path = [root]
        rng: random.Random | None = None
        while True:
            player = s.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                assert rng is not None
                outcome = s.sample_chance(rng)
                s.apply_legal(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(CHANCE)
                node = child
                path.append(node)
                continue
            legal = s.legal_actions()
            if len(legal) == 1:  # a forced move: no node of its own
                s.apply_legal(legal[0])
                continue
            if node.untried is None:
                node.untried = candidates(s, legal, self.bot_move(s), self.options.width)
            if node.untried:
                action = node.untried.pop()
                child = node.children[action] = Node(player)
            else:
                action, child = ucb1(node.children, node.visits, c)
            if rng is None:  # the root's child: its k-th playout uses the k-th dice seed
                rng = random.Random(base + child.visits)
            s.apply_legal(action)
            node = child
            path.append(node)
            if child.visits == 0:
                break
        assert rng is not None
        values = self.playout(s, rng)
        first = path[1]
        for a, ch in root.children.items():
            if ch is first:
                self.samples.setdefault(a, []).append(values[ch.mover])
                break
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.value += values[n.mover]

    def playout(self, s: JuggerState, rng: random.Random) -> list[float]:
        """Both sides play the greedy bot to the end, or `stones` Stones on, then evaluate."""
        bot = self.bot
        stop = s.stone + self.options.stones if self.options.stones else 1 << 30
        while True:
            player = s.current_player()
            if player == TERMINAL:
                return s.returns()
            if s.stone > stop:
                return evaluate(s)
            if player == CHANCE:
                s.apply_legal(s.sample_chance(rng))
            else:
                legal = s.legal_actions()  # listed once: bot.step would list them again
                if len(legal) == 1:
                    s.apply_legal(legal[0])
                else:
                    s.apply_legal(bot.choose(s, legal) or legal[0])


LINEUP = frozenset((*S.LINEUP_PHASES, *S.DRAFT_PHASES, S.PLACE))
"""Team building and the line-up: searched only with `lineup=true`."""

# --- the moves tried beside the bot's ---------------------------------------------------------
ORDER = {
    "done": 0,
    "attack": 1,
    "talent": 1,
    "pin": 1,
    "wrestle": 1,
    "score": 1,
    "pickup": 1,
    "throw": 2,
    "pass": 2,
    "reload": 2,
    "jog": 3,
    "run": 3,
    "sprint": 3,
    "step": 4,
    "face": 5,
}


def candidates(st: JuggerState, legal: list[Act], default: Act, width: int) -> list[Act]:
    """The moves to expand at a node, the bot's `default` last (it is expanded first), and
    before it up to `width` others, the likeliest to matter last."""
    others = [a for a in legal if a != default]
    if len(others) > width:
        others.sort(key=lambda a: rank(st, a))
        others = others[:width]
    others.reverse()
    return [*others, default]


def rank(st: JuggerState, a: Act) -> tuple[int, int]:
    """Lower is tried first: whole decisions (stop, attack, pick up) before single steps;
    throws and steps nearer the Mal (or the Jugg) first."""
    kind = a.kind
    if st.phase != S.ACT:
        return (0, 0)
    order = ORDER.get(kind, 3)
    if kind in ("step", "throw", "pass"):
        h = st.active
        goal = MAL[1 - h // 8] if st.carrier == h else (st.jugg if st.jugg >= 0 else st.pos[h])
        return (order, DIST[a.a][goal])
    return (order, 0)
