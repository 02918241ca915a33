"""The PettingZoo adapter: an AEC env with one agent per seat.

Each observation is a dict of the agent's `observation` tensor and its `action_mask` (all zero
for an agent not to move). Chance nodes are resolved inside `step` with the env's seeded RNG.
An action outside the mask ends the game with the mover losing, as PettingZoo's classic games
do (their `TerminateIllegalWrapper`), with the game's reason in a warning and in `infos`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tablesports.core.errors import IllegalActionError, OptionError
from tablesports.core.protocol import State
from tablesports.envs.adapter import GameAdapter
from tablesports.envs.pictures import require_pictures

RENDER_MODES = ["human", "ansi", "rgb_array"]


class TablesportsAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """A tablesports game as a PettingZoo `AECEnv` (agents `player_0`, `player_1`, ...)."""

    metadata = {
        "render_modes": RENDER_MODES,
        "render_fps": 4,
        "name": "tablesports_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            modes = ", ".join(RENDER_MODES)
            raise OptionError(f"render_mode {render_mode!r}: the render modes are: {modes}, None")
        if render_mode == "rgb_array":
            require_pictures()
        self.adapter = GameAdapter(game_id, **options)
        self.game = self.adapter.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tablesports_{game_id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.game.info.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.adapter.num_actions
        space = spaces.Dict(
            {
                "observation": spaces.Box(
                    self.adapter.low, self.adapter.high, self.adapter.shape, np.float32
                ),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.rng = random.Random(0)
        self.np_random, _ = seeding.np_random(None)
        self.state: State = self.game.new_initial_state()
        self._mask = np.zeros(n, np.int8)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or not hasattr(self, "_seeded"):
            self.np_random, _ = seeding.np_random(seed)
            self._seeded = True
        self.rng = random.Random(int(self.np_random.integers(2**31)))
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mine = agent == self.agent_selection and not self.terminations[agent]
        return {
            "observation": self.adapter.observe(self.state, seat),
            "action_mask": self._mask.copy() if mine else np.zeros_like(self._mask),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            move = self.adapter.action(self.state, action, self._mask)
        except IllegalActionError as exc:
            if action is None or not 0 <= int(action) < len(self._mask):
                raise
            self._forfeit(agent, exc.reason)
            return
        self.state.apply_legal(move)
        self._after_move()
        self._accumulate_rewards()

    def describe_observation(self) -> list[tuple[str, slice]]:
        """Each named piece of the flattened observation tensor and its slice, in order."""
        return self.adapter.describe_observation()

    def render(self) -> Any:
        """`ansi`: the whole position as text; `human`: that text printed; `rgb_array`: the
        position as an image (`tablesports.envs.pictures`)."""
        if self.render_mode == "ansi":
            return str(self.state)
        if self.render_mode == "human":
            print(self.state)
        if self.render_mode == "rgb_array":
            from tablesports.envs.pictures import picture

            return picture(self.state)
        return None

    def close(self) -> None:
        pass

    # --- turn order and the end ---------------------------------------------------------------
    def _after_move(self) -> None:
        state = self.state
        self.adapter.play_chance(state, self.rng)
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self._mask = np.zeros(self.adapter.num_actions, np.int8)
            # every agent is told of the end in turn, starting from the one who would be next
            self.agent_selection = self.agents[0]
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._mask = self.adapter.mask(state)
            self.agent_selection = self.possible_agents[state.current_player()]

    def _forfeit(self, agent: str, reason: str) -> None:
        from gymnasium import logger

        logger.warn(
            f"illegal action by {agent} ({reason}): the game ends with {agent} losing; "
            "obs['action_mask'] gives the legal actions"
        )
        low, high = self.game.info.min_return, self.game.info.max_return
        self.rewards = {a: (low if a == agent else high) for a in self.agents}
        self.terminations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a]["illegal_action"] = reason
        self._mask = np.zeros(self.adapter.num_actions, np.int8)
        self._accumulate_rewards()
