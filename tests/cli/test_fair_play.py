"""Fair play in the terminal (issues 43 and 51): undo never crosses a reveal, no file holds a
seed the game still draws from, and a saved, resumed and finished game verifies whole.

Each test goes through the prompt's input pipe (`tablesports play`) and reads the files the
game wrote, as a player would."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tablesports.agents.registry import make_agent
from tablesports.cli.play import resumed_seeds
from tablesports.cli.session import PlaySession
from tablesports.core.fairness import commitment, new_secret
from tablesports.core.records import read_records, replay_final
from tablesports.core.registry import load
from tests.cli.helpers import run

ROLLED = "cannot undo: the dice have been rolled (or a card drawn) since that move"


def test_finding1_a_blood_bowl_block_cannot_be_undone_once_its_dice_are_seen(
    runner: CliRunner,
) -> None:
    # the repro of issue 43: block, see the skull, undo, block with another player
    lines = ["2", "wedge", "setup done", "block 1 on 1", "undo", "block 3 on 3", ""]
    args = ["play", "bloodbowl", "--vs", "bloodbowl-scripted", "--seed", "3"]
    out = run(runner, *args, input="\n".join(lines)).stdout
    assert "chance: block dice=skull" in out
    assert ROLLED in out and "took back" not in out
    assert "you (seat 0) plays: block 3" not in out  # the block with #1 still stands


def test_finding1_a_jukem_play_cannot_be_undone_once_a_card_was_drawn_or_answered(
    runner: CliRunner,
) -> None:
    args = ["play", "jukem", "--vs", "jukem-greedy", "--seed", "5"]
    out = run(runner, *args, input="1\nundo\nquit\n\n").stdout
    assert "you (seat 0) plays: " in out
    assert "cannot undo: " in out and "took back" not in out


def test_finding2_a_resumed_game_cannot_undo_past_the_resume(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "nim.json"
    run(runner, "play", "nim", "-o", "pile=30", "--save", str(saved), input="take 1\nquit\n\n")
    again = run(runner, "play", "--resume", str(saved), input="undo\nquit\n\n").stdout
    assert "cannot undo: the game was saved or resumed after that move" in again
    assert "a resumed game draws on from a fresh secret: undo stops at the resume" in again


def test_undo_still_takes_back_a_move_no_chance_answered(runner: CliRunner) -> None:
    out = run(runner, "play", "nim", "-o", "pile=30", input="take 1\nundo\nquit\n\n").stdout
    assert "took back take 1 and 1 step after it (4 undos left)" in out


def test_a_save_retires_the_seed_and_the_game_draws_on_from_a_fresh_one(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "pig.json"
    lines = ["roll", f"save {saved}", "roll", "quit", ""]
    out = run(runner, "play", "pig", "--vs", "random", "--full-record", input="\n".join(lines))
    assert "the dice from here are committed to " in out.stdout
    (record,) = read_records(saved)
    assert record.seed is None and record.commitment is not None
    (retired,) = record.earlier_seeds
    assert retired.seed is not None and retired.until == len(record.history)
    # the commitment in the file is the fresh seed's, not the retired one's
    assert record.commitment != retired.commitment


# --- issue 51: save, resume, play, save again; finished, the record verifies --------------

GAMES = {
    "bloodbowl": (["-o", "turns_per_half=1"], ["2", "wedge", "setup done"], ["end"]),
    "jukem": ([], ["1", "1"], ["1", "1"]),
    "juggerttg": ([], ["1"] * 6, ["1"] * 6),
    "juggers": ([], ["1"] * 6, ["1"] * 4),
}


def no_seed_in(path: Path) -> dict[str, object]:
    """The file's JSON, checked to hold no seed the game still draws from."""
    data = json.loads(path.read_text())
    assert data["seed"] is None and data["returns"] is None
    for earlier in data["earlier_seeds"]:
        assert earlier["until"] <= len(data["history"])
    return dict(data)


def finish_with_bots(path: Path) -> None:
    """Resume `path` as `play --resume` does, bots at every seat, and play to the end."""
    (record,) = read_records(path)
    game = load(record.game, **record.options)
    agents = [make_agent("random", game, seed=seat) for seat in range(game.info.players)]
    session = PlaySession(
        replay_final(record, game),
        list(agents),
        new_secret(),
        Console(file=io.StringIO()),
        save_path=path,
        earlier_seeds=resumed_seeds(record),
    )
    assert session.run()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_issue51_a_resumed_game_saves_no_seed_and_verifies_once_finished(
    game_id: str, runner: CliRunner, tmp_path: Path
) -> None:
    options, first, second = GAMES[game_id]
    saved = tmp_path / f"{game_id}.json"
    args = ["play", game_id, *options, "--full-record", "--save", str(saved)]
    assert run(runner, *args, input="\n".join([*first, "quit", ""])).exit_code == 0
    before = no_seed_in(saved)
    resumed = run(runner, "play", "--resume", str(saved), input="\n".join([*second, "quit", ""]))
    assert resumed.exit_code == 0, resumed.output
    after = no_seed_in(saved)
    assert len(after["history"]) >= len(before["history"])  # type: ignore[arg-type]
    finish_with_bots(saved)
    (done,) = read_records(saved)
    assert done.returns is not None and done.seed is not None
    starts = [0, *(e.until for e in done.earlier_seeds)]
    dealt = [e for e, start in zip(done.earlier_seeds, starts, strict=False) if e.until > start]
    assert dealt and all(e.seed is not None for e in dealt)  # every seed that dealt, revealed
    verified = run(runner, "replay", "--verify", str(saved))
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.stdout and "not verified" not in verified.stdout


def test_issue51_the_repro_prints_no_seed_after_the_resume(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "f.json"
    first = ["play", "bloodbowl", "--vs", "bloodbowl-scripted", "--save", str(saved)]
    run(runner, *first, input="2\nwedge\nsetup done\nquit\n")
    assert json.loads(saved.read_text())["seed"] is None
    resumed = run(runner, "play", "--resume", str(saved), input="end\nquit\n")
    data = json.loads(saved.read_text())
    assert data["seed"] is None
    # the seed the game would draw on from is the one the save announced and the file commits
    # to; no seed the file shows (a retired one, which deals no step to come) is that one
    live = re.findall(r"committed to ([0-9a-f]{16})", resumed.stdout)[-1]
    assert data["commitment"].startswith(live)
    shown = [e["seed"] for e in data["earlier_seeds"] if e["seed"] is not None]
    assert all(not commitment(seed).startswith(live) for seed in shown)
    assert all(e["until"] <= len(data["history"]) for e in data["earlier_seeds"])


# --- replay --verify trusts nothing in the file (issue 43 findings 3 and 4) ---------------


def swapped_draws(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A finished Jukem record with two draws swapped, written to a file."""
    from tests.core.test_fairness import by_move_game

    data = json.loads(by_move_game("jukem", new_secret()).to_json_line())
    history = data["history"]
    draws = [i for i, (p, a) in enumerate(history) if p == -1 and a.startswith("draw")]
    # two draws of different cards late in the game: the replay stays legal, the seed differs
    i, j = next((a, b) for a in draws[-6:] for b in draws[-6:] if history[a] != history[b])
    history[i], history[j] = history[j], history[i]
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(data))
    return path, data


def test_finding3_a_reseeded_at_field_cannot_turn_not_verified_into_verified(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, data = swapped_draws(tmp_path)
    assert run(runner, "replay", "--verify", str(path)).exit_code == 2
    for claim in (len(data["history"]) - 1, 10_000, 0):  # type: ignore[arg-type]
        data["meta"] = {"reseeded_at": claim}
        path.write_text(json.dumps(data))
        result = run(runner, "replay", "--verify", str(path))
        assert result.exit_code == 2, result.output
        assert "not verified" in result.stderr and "reseeded_at" in result.stderr
    # nor an earlier seed claimed without its seed: those steps are then unverified
    data["meta"] = {}
    data["earlier_seeds"] = [{"until": len(data["history"]) - 1}]  # type: ignore[arg-type]
    path.write_text(json.dumps(data))
    result = run(runner, "replay", "--verify", str(path))
    assert result.exit_code == 2 and "not verified" in result.stderr, result.output


def test_finding3_an_older_resumed_record_verifies_after_its_reseeded_at_and_stays_unverified(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A record of the older versions, resumed from a seat view at step N (`reseeded_at`): the
    steps from N are checked against its seed, those before are named unverified, exit 2."""
    from tests.core.test_fairness import by_move_game

    data = json.loads(by_move_game("jukem", new_secret()).to_json_line())
    history = data["history"]
    draws = [i for i, (p, a) in enumerate(history) if p == -1 and a.startswith("draw")]
    cut = draws[len(draws) // 2]
    data["meta"] = {"reseeded_at": cut}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    result = run(runner, "replay", "--verify", str(path))
    assert result.exit_code == 2, result.output
    before = sum(1 for p, _ in history[:cut] if p == -1)
    after = sum(1 for p, _ in history[cut:] if p == -1)
    assert f"{before} chance outcomes (moves 0 to {cut - 1})" in result.stderr, result.stderr
    assert f"the other {after} match their seeds" in result.stderr
    assert "not verified: not verified" not in result.stderr
    # the part after the resume is checked: a draw there changed is found, with its move (as
    # not the seed's card, or, when that card is not in the draw pile then, as not replaying)
    later = next(i for i in draws if i > cut and history[i] != history[draws[-1]])
    history[later] = history[draws[-1]]
    path.write_text(json.dumps(data))
    result = run(runner, "replay", "--verify", str(path))
    found = re.search(rf"move {later}(: the record says|\b.*does not replay)", result.stderr)
    assert result.exit_code == 2 and found, result.stderr


def test_finding4_verify_on_a_seat_view_says_the_hidden_steps_cannot_be_verified(
    runner: CliRunner, tmp_path: Path
) -> None:
    from tests.core.test_fairness import by_move_game

    view = by_move_game("jukem", new_secret()).for_seat(0)
    assert view.redacted and view.returns is not None
    path = tmp_path / "view.json"
    path.write_text(view.to_json_line())
    result = run(runner, "replay", "--verify", str(path))
    assert result.exit_code == 2, result.output
    assert "seat view: the hidden steps cannot be verified" in result.stderr
    listed = run(runner, "replay", str(path))
    assert "seat view: the hidden steps cannot be verified" in listed.stdout


def test_finding4_a_finished_game_is_saved_whole_and_a_doctored_copy_is_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A game over hides nothing (its revealed seed would rebuild every hidden draw), so the
    terminal saves it whole, and `replay` checks every step's player and the result: swapping
    the result, giving a move to the other seat or deleting a move is refused, exit 2."""
    saved = tmp_path / "jukem.json"
    args = ["play", "jukem", "--vs", "jukem-greedy", "--seed", "11", "--save", str(saved)]
    assert run(runner, *args, input="1\n" * 2000).exit_code == 0
    (record,) = read_records(saved)
    assert record.returns is not None and not record.redacted and record.seat_view is None
    assert run(runner, "replay", str(saved)).exit_code == 0
    good = json.loads(saved.read_text())
    mine = next(i for i, (p, _) in enumerate(good["history"]) if p == 0)
    doctored = {
        "result swapped": {**good, "returns": list(reversed(good["returns"]))},
        "a move given to the other seat": {
            **good,
            "history": [
                [1 - p, a] if i == mine else [p, a] for i, (p, a) in enumerate(good["history"])
            ],
        },
        "a move deleted": {**good, "history": good["history"][:mine] + good["history"][mine + 1 :]},
    }
    for what, data in doctored.items():
        path = tmp_path / "doctored.json"
        path.write_text(json.dumps(data))
        result = run(runner, "replay", str(path))
        assert result.exit_code == 2, (what, result.output)
        assert "error:" in result.stderr, what
