"""Records: JSON with a schema version, validated on load, replayed exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tablesports
from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import RecordError
from tablesports.core.records import read_records, replay, replay_final, write_records


def a_record(seed: int = 4) -> tablesports.Record:
    return play_match(tablesports.load("pig"), [RandomAgent(), RandomAgent()], seed=seed)


def test_records_round_trip_through_json_lines(tmp_path: Path) -> None:
    records = [a_record(s) for s in range(3)]
    path = tmp_path / "games.jsonl"
    assert write_records(path, records) == 3
    assert list(read_records(path)) == records


def test_replay_reproduces_every_state_and_the_result() -> None:
    record = a_record()
    final = replay_final(record)
    assert final.is_terminal()
    assert final.returns() == record.returns
    steps = list(replay(record))
    assert [s.index for s in steps] == list(range(len(record.history)))


def test_a_malformed_record_names_the_file_line_and_field(tmp_path: Path) -> None:
    good = json.loads(a_record().to_json_line())
    bad = dict(good)
    del bad["players"]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(
        RecordError, match=r"bad.jsonl:2: malformed record: players: Field required"
    ):
        list(read_records(path))


def test_a_record_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("{not json\n")
    with pytest.raises(RecordError, match=r"x.jsonl:1: not JSON"):
        list(read_records(path))


def test_a_tampered_history_does_not_replay() -> None:
    record = a_record()
    record.history[3] = (record.history[3][0], "fly")
    with pytest.raises(RecordError, match="move 3 \\('fly'\\) does not replay"):
        list(replay(record))


def test_a_record_of_another_version_is_refused() -> None:
    record = a_record()
    record.game_version = 99
    with pytest.raises(RecordError, match="version 99"):
        list(replay(record))


def test_a_record_from_a_position_keeps_it_and_replays_from_it() -> None:
    game = tablesports.load("hanniball")
    start = game.start_notation  # type: ignore[attr-defined]
    record = play_match(game, [RandomAgent(), RandomAgent()], seed=2, start=start)
    assert record.start == start
    again = tablesports.Record.model_validate_json(record.to_json_line())
    final = replay_final(again)
    assert final.is_terminal() and final.returns() == record.returns


def test_a_start_position_that_does_not_load_is_a_record_error() -> None:
    record = a_record()
    record.start = "nonsense"
    with pytest.raises(RecordError, match=r"start position does not load: .*no position notation"):
        list(replay(record))


def test_a_move_attributed_to_another_player_is_refused() -> None:
    record = a_record()
    i = next(n for n, (p, _) in enumerate(record.history) if p >= 0)
    player, text = record.history[i]
    record.history[i] = (1 - player, text)
    with pytest.raises(RecordError, match=f"move {i} .*the record says player {1 - player}"):
        list(replay(record))


def test_a_chance_outcome_attributed_to_a_player_is_refused() -> None:
    record = a_record()
    record.history[0] = (0, record.history[0][1])  # the deal of the first secret edge
    with pytest.raises(RecordError, match=r"move 0 .*the record says player 0, but -1 is to move"):
        list(replay(record))


def test_a_record_stating_another_result_is_refused() -> None:
    record = a_record()
    assert record.returns is not None
    record.returns = [-r for r in record.returns]
    with pytest.raises(RecordError, match=r"replay ends with .*the record says"):
        list(replay(record))


def test_a_record_stating_a_draw_for_an_unfinished_game_is_refused() -> None:
    record = a_record()
    record.history = record.history[:-1]  # an unfinished game's returns are all 0...
    record.returns = [0.0, 0.0]  # ...so a draw, stated for it, matched them
    with pytest.raises(RecordError, match=r"states the result .* before the game is over"):
        list(replay(record))


def test_a_finished_game_whose_record_states_no_result_is_refused() -> None:
    record = a_record()
    record.returns = None
    with pytest.raises(RecordError, match="the record states no result"):
        list(replay(record))


def test_an_unfinished_game_without_a_result_replays() -> None:
    record = a_record()
    record.history = record.history[:-1]
    record.returns = None
    assert len(list(replay(record))) == len(record.history)
