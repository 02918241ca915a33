"""Agility-style tests: a D6 that must reach a target after modifiers (BB2020).

A natural 1 always fails and a natural 6 always succeeds.
"""

from __future__ import annotations


def passes(roll: int, target: int, modifier: int) -> bool:
    """True when the D6 `roll` with `modifier` reaches `target` (e.g. AG 3 for 3+)."""
    if roll == 1:
        return False
    return roll == 6 or roll + modifier >= target


def describe_test(roll: int, target: int, modifier: int) -> str:
    mod = f"{modifier:+d}" if modifier else ""
    return f"D6={roll}{mod} against {target}+"
