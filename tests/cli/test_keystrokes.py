"""benchmarks/keystrokes.py, the keystroke table of docs/terminal.md: every script makes its move
through the prompt's input, and a Jugger TTG activation takes fewer keys with the short forms."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "keystrokes.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("keystrokes", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["keystrokes"] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_every_typical_move_is_made_by_its_keys_and_jugger_ttg_needs_fewer() -> None:
    k = _script()
    counts = {}
    for move in k.MOVES:
        for name in ("typed", "shortest", "now"):
            keys, made = k.keys(move, getattr(move, name))
            assert made, f"{move.game}: the {name} keys did not make the move"
            counts[move.game, name] = keys
    assert counts["juggerttg", "typed"] == 79 and counts["juggerttg", "shortest"] == 30
    assert counts["juggerttg", "now"] == 24
    # the other games' forms are unchanged: their shortest keys are the same now
    for game in ("bloodbowl", "hanniball", "jukem", "juggers"):
        assert counts[game, "now"] == counts[game, "shortest"] < counts[game, "typed"]
