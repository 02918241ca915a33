"""The seeded match runner: chance from one RNG (or by move number), one seed per agent."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tablesports.agents.registry import make_agent
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError
from tablesports.core.events import Event
from tablesports.core.fairness import Seed, agent_seed, chance_rng
from tablesports.core.protocol import CHANCE, Game, State
from tablesports.core.records import Chance, Record, record_of

DEFAULT_MAX_STEPS = 1_000_000
UNDOS_PER_MATCH = 5
"""How many times a person may take a move back in one game against bots (the terminal and
the web app alike); never once the game is over, and never past a step that revealed
something (`core.undo`)."""


def seat_seed(seed: int, seat: int) -> int:
    """Each seat's own seed, derived from the match seed so that one seed fixes the game."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) % (2**63)


def play_match(
    game: Game,
    agents: Sequence[Agent | str],
    seed: Seed,
    *,
    chance: Chance = "stream",
    max_steps: int = DEFAULT_MAX_STEPS,
    on_step: Callable[[State, int, object, list[Event]], None] | None = None,
    start: str | None = None,
    on_end: Callable[[State], None] | None = None,
) -> Record:
    """Play one game and return its record.

    Every chance outcome comes from `random.Random(seed)`; each agent is reset with a seed
    derived from `seed` and its seat. An agent that returns an illegal action raises
    `AgentError` naming the agent, the action and the position. `start` is a position in the
    game's notation to begin from, kept in the record. `on_end` sees the final state. An
    agent may be given by its spec (`"random"`, `"mcts:iterations=200"`), as `make_agent` reads it.
    With `chance="by-move"` the game is dealt as the terminal and the web app deal it: the
    outcome at move n from `fairness.chance_rng(seed, n)`, each agent reset with
    `fairness.agent_seed(seed, seat)`; `seed` may then be a secret in hex.
    """
    if len(agents) != game.info.players:
        raise AgentError(f"{game.info.id} needs {game.info.players} agents, got {len(agents)}")
    seated = _seated(game, agents)
    by_move = chance == "by-move"
    if not by_move and not isinstance(seed, int):
        raise AgentError(f"a stream of chance needs an integer seed, not {seed!r}")
    rng = None if by_move else random.Random(seed)
    for seat, agent in enumerate(seated):
        agent.reset(agent_seed(seed, seat) if by_move else seat_seed(int(seed), seat))
    state = game.from_position(start) if start is not None else game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng or chance_rng(seed, len(state.history)))
            events = state.apply_legal(action)
        else:
            agent = seated[player]
            action = agent.step(state)
            if not state.is_legal(action):
                raise AgentError(
                    f"agent {agent.name!r} (seat {player}) returned the illegal action "
                    f"{action!s} at step {steps}: {state.why_illegal(action)}\n"
                    f"position:\n{state.render(None)}"
                )
            events = state.apply_legal(action)
        if on_step is not None:
            on_step(state, player, action, events)
        steps += 1
        if steps >= max_steps:
            raise AgentError(f"{game.info.id}: no end after {max_steps} steps (seed {seed})")
    if on_end is not None:
        on_end(state)
    return record_of(state, [a.name for a in seated], seed, start, chance=chance)


def _seated(game: Game, agents: Sequence[Agent | str]) -> list[Agent]:
    """The agents, each spec made into its agent."""
    return [make_agent(a, game) if isinstance(a, str) else a for a in agents]
