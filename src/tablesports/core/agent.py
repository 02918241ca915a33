"""What an agent is: something that picks an action for the player to move.

Agents see the state but promise to use only what the player may see: `observation(player)`,
or states from `resample_hidden(player, rng)`. They never mutate the state they are given.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tablesports.core.protocol import Action, State


@runtime_checkable
class Agent(Protocol):
    name: str

    def reset(self, seed: int) -> None:
        """Start a new game with a fresh seed (the runner gives each seat its own)."""

    def step(self, state: State) -> Action:
        """A legal action for `state.current_player()`."""
        ...
