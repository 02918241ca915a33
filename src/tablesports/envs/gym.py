"""The Gymnasium adapter: one learner seat, the other seats played by a named agent.

Observations are a Dict of the learner's `observation` tensor and its `action_mask` (also in
`info["action_mask"]`, where Shimmy's convention puts it); actions are `Discrete` ids of the
game's action codec; `action_masks()` is what sb3-contrib's MaskablePPO asks for;
`describe_observation()` names each slice of the flattened tensor. Chance nodes and the other
seats are played inside `step`. Registered with Gymnasium as `tablesports/<game>-v0` when
`tablesports.envs` is imported, so `gymnasium.make_vec(..., vectorization_mode="sync"|"async")`
vectorises it with Gymnasium's own vector envs (autoreset, masks batched from `info`).

The mask is made afresh for every decision and handed out read-only, the same array in the
observation and in `info`: nothing copies it on the hot path (a vector env copies it once, into
its batch), no caller can write into the mask that `step` checks the action against, and each
call still returns arrays of its own (Gymnasium's `check_env` asks that).
"""

from __future__ import annotations

import random
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from tablesports.agents.registry import make_agent
from tablesports.core.errors import IllegalActionError, OptionError
from tablesports.core.protocol import CHANCE, State
from tablesports.envs.adapter import GameAdapter
from tablesports.envs.pictures import require_pictures

RENDER_MODES = ["human", "ansi", "rgb_array"]


class TablesportsEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """A tablesports game as a single-agent `gymnasium.Env`.

    `opponent` is an agent spec (`random`, `hanniball-greedy`, `mcts:iterations=50`, ...);
    `seat` fixes the learner's seat (None: drawn at each reset); `shaping` adds that weight
    times the change of the game's `evaluate` for the learner (potential-based, zero at the
    end, so the best policy is unchanged); other keyword options go to `tablesports.load`.

    An action id outside the mask: with `illegal_action="lose"` (the default, as PettingZoo's
    classic games do) the episode ends, the learner gets the game's lowest return, the state
    is left as it was and `info["illegal_action"]` (and a warning) gives the game's reason;
    with `"raise"`, `step` raises `IllegalActionError` (a `ValueError`) with that reason.
    An id outside the action space always raises.

    Render modes: `ansi` (the text picture the learner sees), `human` (that picture printed),
    `rgb_array` (the position as an image, `tablesports.envs.pictures`).

    An episode starts at the learner's first decision: if the game ends before it (an opponent
    that loses at once, as HanniBall's `max_defenders` variant can make White do on turn 1),
    `reset` plays it again with the next draw of its RNG, up to `RESET_TRIES` times, then
    raises `OptionError`.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}
    RESET_TRIES = 100

    def __init__(
        self,
        game_id: str,
        opponent: str = "random",
        seat: int | None = None,
        shaping: float = 0.0,
        render_mode: str | None = None,
        illegal_action: Literal["lose", "raise"] = "lose",
        **options: Any,
    ) -> None:
        self.adapter = GameAdapter(game_id, **options)
        game = self.adapter.game
        players = game.info.players
        if seat is not None and not 0 <= seat < players:
            raise OptionError(f"seat {seat}: the seats are 0 to {players - 1}, or None")
        if render_mode is not None and render_mode not in RENDER_MODES:
            modes = ", ".join(RENDER_MODES)
            raise OptionError(f"render_mode {render_mode!r}: the render modes are: {modes}, None")
        if render_mode == "rgb_array":
            require_pictures()
        if illegal_action not in ("lose", "raise"):
            raise OptionError(f"illegal_action {illegal_action!r}: it is 'lose' or 'raise'")
        self.illegal_action = illegal_action
        self.game = game
        self.opponent_spec = opponent
        self.opponents = [make_agent(opponent, game, seed=i) for i in range(players)]
        self.fixed_seat = seat
        self.shaping = float(shaping)
        self.render_mode = render_mode
        n = self.adapter.num_actions
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(
                    self.adapter.low, self.adapter.high, self.adapter.shape, np.float32
                ),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.state: State = game.new_initial_state()
        self.seat = seat or 0
        self.rng = random.Random(0)
        self._mask = _read_only(np.zeros(n, np.int8))
        self._potential = 0.0
        self._forfeit = False

    # --- the gymnasium API ------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = int(self.np_random.integers(2**31))
        self.rng = random.Random(draw)
        for i, agent in enumerate(self.opponents):
            agent.reset(draw + i)
        players = self.game.info.players
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else int(self.np_random.integers(players))
        )
        for _ in range(self.RESET_TRIES):
            self.state = self.game.new_initial_state()
            self._forfeit = False
            self._advance()
            if not self.state.is_terminal():
                break
        else:
            raise OptionError(
                f"{self.game.info.id} with options {self.game.options_json()}: the game ended "
                f"before seat {self.seat}'s first decision in {self.RESET_TRIES} tries; "
                "choose other options, seat or opponent"
            )
        self._potential = self._value()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {"seat": self.seat, "action_mask": self._mask}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_terminal() or self._forfeit:
            raise RuntimeError("the episode is over: call reset() before step()")
        try:
            move = self.adapter.action(state, action, self._mask)
        except IllegalActionError as exc:
            if self.illegal_action == "raise" or not 0 <= int(action) < len(self._mask):
                raise
            return self._lose(exc.reason)
        state.apply_legal(move)
        self._advance()
        done = state.is_terminal()
        reward = state.returns()[self.seat] if done else 0.0
        if self.shaping:
            value = 0.0 if done else self._value()
            reward += self.shaping * (value - self._potential)
            self._potential = value
        info: dict[str, Any] = {"seat": self.seat, "action_mask": self._mask}
        if done:
            info["returns"] = state.returns()
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), done, False, info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (for MaskablePPO)."""
        return self._mask.astype(bool)

    def describe_observation(self) -> list[tuple[str, slice]]:
        """Each named piece of the flattened observation tensor and its slice, in order."""
        return self.adapter.describe_observation()

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.state.render(self.seat)
        if self.render_mode == "human":
            print(self.state.render(self.seat))
        if self.render_mode == "rgb_array":
            from tablesports.envs.pictures import picture

            return picture(self.state, self.seat)
        return None

    def _lose(self, reason: str) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        gymnasium.logger.warn(
            f"illegal action ({reason}): the episode ends with the learner losing; "
            "obs['action_mask'] gives the legal actions"
        )
        self._forfeit = True
        self._mask = _read_only(self._mask.copy())  # the state is unchanged: its mask, anew
        info = {"seat": self.seat, "illegal_action": reason, "action_mask": self._mask}
        return self._obs(), float(self.game.info.min_return), True, False, info

    # --- the other seats ---------------------------------------------------------------------
    def _advance(self) -> None:
        """Play chance and the other seats until the learner is to move or the game ends."""
        state, seat, rng = self.state, self.seat, self.rng
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal(state.sample_chance(rng))
            elif player < 0 or player == seat:
                break
            else:
                state.apply_legal(self.opponents[player].step(state))
        if state.is_terminal():  # no legal move (a new array: each call returns its own data)
            self._mask = _read_only(np.zeros(self.adapter.num_actions, np.int8))
        else:
            self._mask = _read_only(self.adapter.mask(state))

    def _obs(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.adapter.observe(self.state, self.seat),
            "action_mask": self._mask,
        }

    def _value(self) -> float:
        if not self.shaping:
            return 0.0
        values = self.game.evaluate(self.state)
        return 0.0 if values is None else float(values[self.seat])


def _read_only(mask: np.ndarray) -> np.ndarray:
    mask.flags.writeable = False
    return mask
