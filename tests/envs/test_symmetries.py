"""Each game's tensor says its symmetries (`symmetries(game)` in its tensor.py): the declared
mirror maps a position's tensor to the tensor of the mirrored position, built by hand from the
game's own notation (HanniBall's position text, the others' observation JSON); a game with none
says so. Value training (`envs/value_train.py: mirrored`) fits each image beside its position."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from tablesports.core.protocol import State
from tablesports.core.registry import game_tensor, load, packaged_game_ids
from tablesports.envs.value_train import mirrored, symmetries
from tests.heuristic_play import heuristic_play


def played(game_id: str, steps: int, seed: int = 2) -> State:
    """A position `steps` moves (and rolls) into a game of the heuristic against itself."""
    return heuristic_play(game_id, steps, seed)


def tensor_of(game_id: str, observation: dict[str, Any], player: int) -> np.ndarray:
    game = load(game_id)
    return np.asarray(game_tensor(game_id).encode(game, observation, player)).reshape(-1)


def image(game_id: str, x: np.ndarray) -> np.ndarray:
    (_, mirror), *_ = symmetries(game_id, load(game_id))
    return np.asarray(mirror(x[None, :]))[0]


def assert_mirrored(game_id: str, seen: dict, flipped: dict, atol: float = 0.0) -> None:
    """For each player: the two observations' tensors differ, and the game's declared mirror
    maps the first to the second (exactly, or within `atol` for a float table)."""
    for player in (0, 1):
        x = tensor_of(game_id, seen, player)
        mirror = tensor_of(game_id, flipped, player)
        assert not np.array_equal(x, mirror)
        assert np.allclose(image(game_id, x), mirror, atol=atol, rtol=0)


def hanniball_mirrored(position: str) -> str:
    """The position text with every rank read from file i to file a (squares renamed too)."""

    def rank(text: str) -> str:
        cells = "".join("." * int(c) if c.isdigit() else c for c in text)[::-1]
        out, run = "", 0
        for c in cells:
            if c == ".":
                run += 1
                continue
            out += (str(run) if run else "") + c
            run = 0
        return out + (str(run) if run else "")

    def square(text: str) -> str:
        return chr(ord("a") + ord("i") - ord(text[0])) + text[1:]

    board, ball, side, steps, turn, start = position.split(" ")
    start_board, start_ball = start.split(":")
    flip = "/".join(rank(r) for r in board.split("/"))
    start_flip = "/".join(rank(r) for r in start_board.split("/"))
    return f"{flip} {square(ball)} {side} {steps} {turn} {start_flip}:{square(start_ball)}"


def test_hanniballs_files_reflected_give_the_tensor_of_the_mirrored_position() -> None:
    state = played("hanniball", 9)
    position = state.observation(0)["position"]
    assert " e8 " in position  # the ball off the middle file, so the mirror is another position
    assert_mirrored("hanniball", {"position": position}, {"position": hanniball_mirrored(position)})


def test_blood_bowls_touchlines_reflected_give_the_tensor_of_the_mirrored_pitch() -> None:
    state = played("bloodbowl", 60)
    seen = state.observation(0)
    flipped = copy.deepcopy(seen)
    for team in flipped["players"]:
        for p in team:
            if p.get("square") is not None:
                p["square"] = [p["square"][0], 14 - p["square"][1]]
    ball = flipped["ball"]
    if ball["square"] is not None:
        ball["square"] = [ball["square"][0], 14 - ball["square"][1]]
    assert_mirrored("bloodbowl", seen, flipped)


def test_jugger_ttgs_rows_reflected_give_the_tensor_of_the_mirrored_board() -> None:
    from tablesports.games.juggerttg.board import COLS, ROWS

    state = played("juggerttg", 250)
    seen = state.observation(0)
    flipped = copy.deepcopy(seen)
    f = flipped["fields"]

    def hex_flipped(i: int) -> int:
        return i if i < 0 else (ROWS - 1 - i // COLS) * COLS + i % COLS

    f["pos"] = [hex_flipped(i) for i in f["pos"]]
    f["jugg"] = hex_flipped(f["jugg"])
    f["facing"] = [(0, 5, 4, 3, 2, 1)[d] for d in f["facing"]]
    assert any(d not in (0, 3) for d in seen["fields"]["facing"])  # a facing that turns
    assert_mirrored("juggerttg", seen, flipped)


def test_juggers_sides_reflected_give_the_tensor_of_the_mirrored_table() -> None:
    state = played("juggers", 40)
    seen = state.observation(0)
    height = load("juggers").table.height  # type: ignore[attr-defined]
    flipped = copy.deepcopy(seen)
    flipped["pos"] = [None if p is None else [p[0], height - p[1]] for p in seen["pos"]]
    assert_mirrored("juggers", seen, flipped, atol=1e-6)


def test_jukem_says_it_has_no_symmetry_and_training_adds_no_positions() -> None:
    jukem = load("jukem")
    assert symmetries("jukem", jukem) == ()
    rows = np.zeros((3, 7), np.uint8)
    assert mirrored("jukem", jukem, rows) is rows


@pytest.mark.parametrize("game_id", packaged_game_ids())
def test_every_game_declares_its_symmetries_beside_its_tensor(game_id: str) -> None:
    """Declared, even when there are none: a new game must say, not be assumed asymmetric."""
    assert callable(getattr(game_tensor(game_id), "symmetries", None)), game_id
    assert not hasattr(game_tensor(game_id), "MIRROR_SYMMETRIC")


def test_training_doubles_the_positions_by_the_mirror_with_the_same_bytes() -> None:
    hanniball = load("hanniball")
    x = np.random.default_rng(1).integers(0, 256, (5, 19 * 15 * 9)).astype(np.uint8)
    both = mirrored("hanniball", hanniball, x)
    assert both.dtype == np.uint8 and len(both) == 10 and np.array_equal(both[:5], x)
    assert np.array_equal(both[5:].reshape(5, 19, 15, 9)[..., ::-1].reshape(5, -1), x)
