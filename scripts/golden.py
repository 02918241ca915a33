"""Write each game's golden records: a few seeded games played to the end by its bots, kept in
tests/golden/<game>/v<version>-<name>.json, which `tests/core/test_golden.py` replays.

A change of a game's behaviour bumps its `game_version` (GameInfo.version in its game.py);
then run this script to write the new version's records, and keep the old ones: the test
checks that they are refused with a sentence naming both versions.

    python scripts/golden.py             every game
    python scripts/golden.py jukem       one game
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import tablesports
from tablesports.arena.match import play_match
from tablesports.core.protocol import State
from tablesports.core.records import Record

FOLDER = Path(__file__).parents[1] / "tests" / "golden"

GOLDEN: dict[str, list[tuple[str, dict[str, Any], str]]] = {
    # game: [(name, options, the agent at both seats)], short variants keep the files small
    "bloodbowl": [
        ("human-orc", {"turns_per_half": 4}, "bloodbowl-scripted"),
        (
            "goblin-chaos-dwarf",
            {"home": "goblin", "away": "chaos-dwarf", "turns_per_half": 2},
            "bloodbowl-scripted",
        ),
        ("skaven-elf", {"home": "skaven", "away": "wood-elf", "turns_per_half": 2}, "random"),
    ],
    "hanniball": [
        ("greedy", {"max_turns": 40}, "hanniball-greedy"),
        ("random", {"max_turns": 30}, "random"),
        ("two-defenders", {"max_turns": 30, "max_defenders": 2}, "random"),
    ],
    "juggers": [
        ("aim", {"innings": 2}, "juggers-aim"),
        ("random", {"innings": 1}, "random"),
        ("shot-free", {"innings": 1, "shot_free": True}, "random"),
    ],
    "juggerttg": [
        ("greedy", {}, "juggerttg-greedy"),
        ("random", {}, "random"),
        ("draft", {"teams": "draft"}, "random"),
    ],
    "jukem": [
        ("greedy", {}, "jukem-greedy"),
        ("random", {}, "random"),
        ("tiebreak", {"tiebreak_deals": 1}, "random"),
    ],
}


def secret(game_id: str, name: str) -> str:
    """A fixed secret of 256 bits for each golden game: the same records every run."""
    return hashlib.sha256(f"tablesports golden {game_id} {name}".encode()).hexdigest()


def end_digest(state: State) -> str:
    """SHA-256 of the end state's JSON: any change of what the steps do shows here."""
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def play(game_id: str, name: str, options: dict[str, Any], agent: str) -> Record:
    game = tablesports.load(game_id, **options)
    ends: list[State] = []
    record = play_match(game, [agent, agent], secret(game_id, name), chance="by-move",
                        on_end=ends.append)  # fmt: skip
    return record.model_copy(update={"meta": {"golden": name, "end": end_digest(ends[0])}})


def write(game_id: str) -> list[Path]:
    version = tablesports.load(game_id).info.version
    out = []
    for name, options, agent in GOLDEN[game_id]:
        path = FOLDER / game_id / f"v{version}-{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(play(game_id, name, options, agent).model_dump_json() + "\n")
        out.append(path)
    return out


if __name__ == "__main__":
    for gid in sys.argv[1:] or sorted(GOLDEN):
        for made in write(gid):
            print(f"{made} ({made.stat().st_size:,} bytes)")
