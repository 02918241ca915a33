"""Information-set MCTS (single observer, Cowling, Powley & Whitehouse 2012) for every game.

Each iteration starts from a determinisation, `state.resample_hidden(player, rng)`: a state the
searching player cannot tell from the real one, with everything hidden from it drawn afresh.
The search never reads the real state otherwise, so it never looks at cards it cannot see: given
the same seed, its choice depends only on what its player observes.

One tree serves every determinisation. Its edges are actions (and chance outcomes); the legal
actions at a node differ from one determinisation to the next, so a child's UCB score counts
how often it was *available* rather than how often its parent was visited.

`prior=AGENT` asks an agent (a game's bot) for its move first, expands that move first and
plays it unless the search finds another better by `margin` in mean value. The bot is asked
about the real position: the agent is as fair as that bot (a bot that reads hidden cards
makes it cheat).

`infer=MODEL` deals the determinisations by what the opponent's choices say about its hidden
cards, if the opponent plays like MODEL (a game's bot): the game package maps model names to
an inference (`INFERENCE`, e.g. Jukem's `jukem-greedy`: a SAVE not played, a PENALTY not used,
a SHOT not taken). The inference reads only what the player sees, so the agent stays fair.

`opponent=AGENT` makes the opponent's moves inside the tree with that agent, asked about the
determinisation (so it must read only its own seat, as the game bots do): the tree then holds
the searching player's choices and the chance outcomes only, and the search is a best reply to
that agent rather than to a worst-case opponent who sees through the determinisation.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pydantic import Field

from tablesports.agents.search import (
    Budget,
    Node,
    PriorOptions,
    Rollout,
    backpropagate,
    final_choice,
    make_prior,
    parse_options,
)
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State
from tablesports.core.registry import game_package, resolve


class ISMCTSOptions(PriorOptions):
    """The search options, plus a prior agent asked about the root position only."""

    infer: str = Field(
        "none", description="'none' or the opponent model whose choices shape determinisations"
    )
    opponent: str = Field(
        "none", description="'none' or an agent that makes the opponents' moves inside the tree"
    )


def make_inference(game: Game, model: str) -> Any:
    """The game's inference for an opponent that plays like `model`, or None for 'none'."""
    if model == "none":
        return None
    try:
        table = dict(getattr(game_package(game.info.id), "INFERENCE", {}))
    except TablesportsError:
        table = {}
    if model not in table:
        known = ", ".join(["none", *table])
        raise AgentError(f"agent 'ismcts': no inference {model!r} for {game.info.id}: {known}")
    return resolve(table[model])(game)


class ISMCTSAgent:
    """SO-ISMCTS with determinisations from `resample_hidden`; seeded and reproducible."""

    name = "ismcts"
    Options = ISMCTSOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        self.game = game
        options = parse_options(self.Options, params, self.name)
        assert isinstance(options, ISMCTSOptions)
        self.options = options
        self.rng = random.Random(seed)
        self.rollout = Rollout(game, options, seed)
        self.guide: Agent | None = make_prior(game, options, seed)
        self.inference = make_inference(game, options.infer)
        self.opponent: Agent | None = None
        if options.opponent != "none":
            from tablesports.agents.registry import make_agent  # agents by name, same layer

            self.opponent = make_agent(options.opponent, game, seed)
        self.last_iterations = 0
        self.choice: Action = None
        """The prior's move at the root of the current search (None without a prior)."""
        self.last_root: Node | None = None
        """The last search tree (for tests and analysis)."""

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)
        self.rollout.reset(seed)
        if self.guide is not None:
            self.guide.reset(seed)
        if self.opponent is not None:
            self.opponent.reset(seed)

    def step(self, state: State) -> Action:
        player = state.current_player()
        actions = state.legal_actions()  # the player's own choices: visible to it
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        root = Node(-1)
        choice = self.guide.step(state) if self.guide is not None else None
        self.choice = choice
        budget = Budget(self.options.iterations, self.options.seconds)
        done = 0
        inference = self.inference
        if inference is not None:
            inference.observe(state, player)
        while budget.allows(done):
            if inference is not None:
                self._simulate(root, inference.resample(state, player, self.rng))
            else:
                self._simulate(root, state.resample_hidden(player, self.rng))
            done += 1
        self.last_iterations = done
        self.last_root = root
        return final_choice(root, choice, self.options.margin)

    def _simulate(self, root: Node, state: State) -> None:
        """One iteration on a determinisation (`state` is a fresh copy: it is advanced)."""
        rng = self.rng
        c = self.options.c
        node = root
        path = [root]
        me = state.current_player()
        model = self.opponent
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE or (model is not None and player != me):
                # a chance outcome, or the opponent model's move: followed, not chosen
                if player == CHANCE or model is None:
                    outcome = state.sample_chance(rng)
                else:
                    outcome = model.step(state)
                state.apply_legal(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(player)
                node = child
                path.append(node)
                continue
            actions = state.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                if node is root and self.choice in untried:
                    action = self.choice
                else:
                    action = untried[rng.randrange(len(untried))]
                state.apply_legal(action)
                node = Node(player)
                children[action] = node
                node.avail = 1
                path.append(node)
                break
            action, node = _select(children, actions, c)
            state.apply_legal(action)
            path.append(node)
        values = self.rollout.run(state, rng)
        backpropagate(path, values)


def _select(children: dict[Action, Node], actions: list[Action], c: float) -> tuple[Action, Node]:
    """UCB1 over the children available here, with availability counts in the log term."""
    best_score = -math.inf
    best: tuple[Action, Node] | None = None
    for action in actions:
        child = children[action]
        child.avail += 1
        n = child.visits
        score = child.value / n + c * math.sqrt(math.log(child.avail) / n)
        if score > best_score:
            best_score = score
            best = (action, child)
    assert best is not None
    return best
