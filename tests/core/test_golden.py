"""Golden records: each game's seeded games, kept in tests/golden/<game>/v<version>-<name>.json
(written by scripts/golden.py), replay to the same end under the game's current version. A
change of what a game does without a bump of its `game_version` fails here; a bump without
new golden records fails too; a record of an older version is refused, naming both versions
(issue 43 item 4)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import tablesports
from tablesports.core.errors import RecordError
from tablesports.core.records import read_records, replay_final
from tablesports.core.verify import verify

ROOT = Path(__file__).parents[2]
FOLDER = ROOT / "tests" / "golden"
GAMES = sorted(
    p.name for p in (ROOT / "src/tablesports/games").iterdir() if (p / "game.py").exists()
)
FILES = sorted(FOLDER.glob("*/v*-*.json"))


def version(game_id: str) -> int:
    return tablesports.load(game_id).info.version


def current(path: Path) -> bool:
    return path.name.startswith(f"v{version(path.parent.name)}-")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_golden_records_of_its_current_version(game_id: str) -> None:
    mine = sorted((FOLDER / game_id).glob(f"v{version(game_id)}-*.json"))
    assert len(mine) >= 3, (
        f"{game_id} is at game version {version(game_id)} and has {len(mine)} golden records "
        "of it: run python scripts/golden.py " + game_id
    )


@pytest.mark.parametrize(
    "path", [p for p in FILES if current(p)], ids=lambda p: f"{p.parent.name}-{p.stem}"
)
def test_a_golden_record_replays_to_the_same_end_and_verifies(path: Path) -> None:
    (record,) = read_records(path)
    end = replay_final(record)  # every step legal, by the same player, the same result
    digest = hashlib.sha256(json.dumps(end.to_json(), sort_keys=True).encode()).hexdigest()
    assert digest == record.meta["end"], (
        f"{path.name} replays to another end: {record.game}'s behaviour changed. Bump its "
        "game_version and run python scripts/golden.py, or undo the change"
    )
    assert verify(record).committed  # every chance outcome is the one its committed seed gives


@pytest.mark.parametrize(
    "path", [p for p in FILES if not current(p)], ids=lambda p: f"{p.parent.name}-{p.stem}"
)
def test_a_golden_record_of_an_older_version_is_refused_naming_both_versions(path: Path) -> None:
    (record,) = read_records(path)
    now = version(record.game)
    assert record.game_version < now
    with pytest.raises(RecordError) as refused:
        replay_final(record)
    said = str(refused.value)
    assert f"game version {record.game_version}" in said and f"plays version {now}" in said
