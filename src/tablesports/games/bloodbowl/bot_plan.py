"""What `bloodbowl-scripted` means a player to do in the activation it declares for him (the
planner and the throws' plans make them too)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ActivationPlan:
    """The bot's plan for the activation of player `pid` (-1: none made); -1 means no such
    square."""

    pid: int = -1
    goal: int = -1
    """The square he moves to."""
    aim: int = -1
    """The square his action targets (a block's, a pass's...)."""
    force: bool = False
    """Move to `goal` even when the path succeeds less than half the time."""
    chance: float = 1.0
    """How likely the plan works (a pick-up's path and roll)."""
    toward: int | None = None
    """Close in on this square with moves that need no roll (-1: stand where he is)."""
    throw: tuple[int, int] | None = None
    """Throw or Kick Team-mate: the team-mate's shirt number and the target square."""
