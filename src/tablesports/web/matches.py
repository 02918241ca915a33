"""A match on the server: the authoritative state, its seats, and how it is rebuilt by replay.

Chance is resolved with the server's own RNG, drawn from the match's secret by the game's own
move number (`fairness.chance_rng(secret, len(state.history))`): a restarted server resolves
the next roll exactly as the one that was killed would have, and after an undo the same move
meets the same dice. The secret is drawn by the server, shown to the seats only as its
commitment while the match is played, and revealed when it ends (provable fairness). A bot is
an ordinary seat: it is re-seeded per move the same way, and in a game with hidden information
it is handed `resample_hidden(seat)`, a state made only from its own seat's view, so a bot
cannot peek even if it wanted to. Undo is limited to `UNDOS_PER_MATCH` a match, and impossible
once the match has ended.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.match import UNDOS_PER_MATCH
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError
from tablesports.core.fairness import Seed, agent_seed, chance_rng, commitment, derive
from tablesports.core.protocol import CHANCE, Action, Game, State
from tablesports.core.registry import load
from tablesports.core.undo import undo_floor
from tablesports.web.clock import Clock, ClockIn
from tablesports.web.endings import ENDING, Ending
from tablesports.web.offers import Offers
from tablesports.web.review import Positions
from tablesports.web.store import UNDO, MatchRow
from tablesports.web.views import LogStep


class Match:
    """One match in memory; `rows` counts every stored row (moves and undos) and names the
    position a client acts on, so an action sent for an earlier position is recognised."""

    def __init__(self, row: MatchRow, options: dict[str, Any] | None = None) -> None:
        """`options`: the row's options as the game loads them (its uploaded files written out
        where the server keeps them); the row keeps them as stored, for the record."""
        self.id = row.id
        self.row = row
        self.game: Game = load(row.game, **(row.options if options is None else options))
        self.secret: Seed = row.secret if row.secret is not None else row.seed
        """Every chance outcome comes from it; a seat sees it only once the match is over."""
        self.commitment = commitment(self.secret)
        self.hot_seat = row.hot_seat
        self.kinds = [s.kind for s in row.seats]
        self.levels: list[str | None] = [None] * len(row.seats)
        """The difficulty level each bot seat plays (the hub fills it in), for the pages."""
        self.agents: dict[int, Agent] = {
            s.seat: make_agent(s.agent or "random", self.game, seed=agent_seed(self.secret, s.seat))
            for s in row.seats
            if s.kind == "bot"
        }
        self.state: State = self.game.new_initial_state()
        self.actions: list[tuple[int, Action]] = []
        self.steps: list[LogStep] = []
        self.rows = 0
        self.lock = asyncio.Lock()
        self.epoch = 0
        """Bumped by an undo: connections then get the whole log again."""
        self.undos = 0
        """Undos taken in this match (at most `UNDOS_PER_MATCH`)."""
        self.failure: str | None = None
        """Why the match cannot go on (a bot error), shown to everyone."""
        self.ending: Ending | None = None
        """How the match ended besides the game's rules (resign, draw, time, abandon)."""
        self.offers = Offers()
        self.clock: Clock | None = None
        self.clock_spec: ClockIn | None = None
        self.watched = False
        """A timer watches this match's clock."""
        self.positions = Positions()
        self.client = row.client or ""
        """Its maker (the stored hash of its keyed client id): its bot moves wait in that
        client's queue (`web.botqueue`)."""
        self.touched = 0.0
        """When it was last looked at (time.monotonic): an idle match leaves memory."""
        self.marked_ended = row.ended
        """The store knows it ended (`Hub.mark_if_ended`)."""
        self.names: dict[int, str] = {}
        """The seats' display names (`web.players`; the hub fills them in)."""
        self.rated = False
        self.ratings: dict[int, dict[str, Any]] = {}
        """Each named seat's rating in this game, as shown (`players.Rating.to_json`)."""

    # --- the end ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Ended by the game's rules or by an ending row."""
        return self.ending is not None or self.state.is_terminal()

    def returns(self) -> list[float] | None:
        if self.ending is not None:
            return self.ending.returns(self.players)
        return self.state.returns() if self.state.is_terminal() else None

    def end(self, ending: Ending) -> None:
        """Apply a stored ending row."""
        self.ending = ending
        self.rows += 1

    # --- seats --------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.info.players

    def seat_summaries(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s,
                "kind": self.kinds[s],
                "name": self.seat_name(s),
                "level": self.levels[s],
                "player": self.names.get(s),
                "rating": self.ratings.get(s),
                "rated": self.rated,
            }
            for s in range(self.players)
        ]

    def seat_name(self, seat: int) -> str:
        agent = self.agents.get(seat)
        return agent.name if agent is not None else "human"

    def player_names(self) -> list[str]:
        return [self.seat_name(s) for s in range(self.players)]

    def is_bot_turn(self) -> bool:
        return self.state.current_player() in self.agents

    def needs_server(self) -> bool:
        """The server moves next: a chance node or a bot's turn."""
        if self.over or self.failure:
            return False
        return self.state.current_player() == CHANCE or self.is_bot_turn()

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last move now: `undo_open`, and nothing revealed
        since (`undo_blocked`)."""
        return self.undo_open(seat) and self.undo_blocked(seat) is None

    def undo_blocked(self, seat: int) -> str | None:
        """Why `seat`'s last move can no longer be taken back, though undo is open to it: a
        chance outcome or the other side's hidden play came after it (`core.undo`), or None."""
        if not self.undo_open(seat):
            return None
        imperfect = self.game.info.information == "imperfect"
        floor = undo_floor(self.state.history, seat, imperfect)
        return floor.reason if self.undo_point(seat) < floor.length else None

    def undo_open(self, seat: int) -> bool:
        """Undo is for a person playing bots only: no other person's move is ever taken back."""
        if self.kinds[seat] != "human" or self.failure:
            return False
        if any(k == "human" for s, k in enumerate(self.kinds) if s != seat):
            return False
        if self.over or self.undos_left() == 0:
            return False
        return any(p == seat for p, _ in self.actions)

    def undos_left(self) -> int:
        return max(0, UNDOS_PER_MATCH - self.undos)

    # --- moves --------------------------------------------------------------------------------
    def chance_rng(self) -> random.Random:
        # the game's own move number, not the stored row: an undo meets the same dice again
        return chance_rng(self.secret, len(self.state.history))

    def choose_server_move(self) -> tuple[int, Action]:
        """The chance outcome or bot move for the current position (not applied)."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return player, state.sample_chance(self.chance_rng())
        agent = self.agents[player]
        move = len(state.history)
        agent.reset(agent_seed(self.secret, player, move))
        view = state
        if self.game.info.information == "imperfect":
            view = state.resample_hidden(player, random.Random(derive(self.secret, "view", move)))
        action = agent.step(view)
        if not state.is_legal(action):
            raise AgentError(
                f"bot {agent.name!r} (seat {player}) chose {action!s}, which is not legal: "
                f"{state.why_illegal(action)}"
            )
        return player, action

    def apply(self, player: int, action: Action) -> None:
        """Apply a legal action, recording how each seat saw it."""
        state = self.state
        seen = tuple(state.action_seen_by(action, seat) for seat in range(self.players))
        events = state.apply_legal(action)
        self.actions.append((player, action))
        self.steps.append(LogStep(player, seen, tuple(events)))
        self.rows += 1

    def undo_to(self, keep: int) -> None:
        """Keep the first `keep` actions: rebuild the state by replaying them."""
        kept = self.actions[:keep]
        self.state = self.game.new_initial_state()
        self.actions, self.steps = [], []
        rows = self.rows
        for player, action in kept:
            self.apply(player, action)
        self.rows = rows + 1
        self.epoch += 1
        self.undos += 1

    def abandon(self, seat: int) -> None:
        """`seat` left its turn too long and loses (its row is stored first)."""
        self.end(Ending("abandon", seat))

    @property
    def abandoned(self) -> int | None:
        """The seat that lost by leaving its turn too long (`web.abandon`), or None."""
        ending = self.ending
        return ending.seat if ending is not None and ending.kind == "abandon" else None

    def undo_point(self, seat: int) -> int:
        """How many actions stand after undoing `seat`'s last move (and all that followed)."""
        return max(i for i, (p, _) in enumerate(self.actions) if p == seat)

    def replay(self, rows: list[tuple[int, int, str]]) -> None:
        """Rebuild from stored rows (after a restart): moves are re-applied, undos re-done."""
        for n, player, text in rows:
            if n != self.rows:
                raise AgentError(f"match {self.id}: stored move {n} follows {self.rows - 1}")
            if player == UNDO:
                self.undo_to(int(text.split()[1]))
                continue
            if player == ENDING:
                self.end(Ending.parse(text))
                continue
            action = self.game.parse_action(text)
            if player != self.state.current_player() or not self.state.is_legal(action):
                raise AgentError(f"match {self.id}: stored move {n} ({text}) does not replay")
            self.apply(player, action)
