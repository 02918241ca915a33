"""Nothing leaks: change only another seat's secrets, and a seat's every payload is the same.

For every game with hidden information: a random game is played, then a chance outcome that
seat 0 cannot see (a card dealt to seat 1) is swapped for another one it cannot see, and the
rest of the game is replayed unchanged. Both histories are stored under the same match id and
tokens in two databases; seat 0's view, log, errors and redacted record must be byte-identical,
while seat 1's differ (so the secret did change).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesports.core.protocol import CHANCE, Action
from tablesports.core.registry import game_ids, load
from tablesports.web.app import create_app
from tablesports.web.store import SeatRow, Store, hash_token

HIDDEN_GAMES = [g for g in game_ids() if load(g).info.information == "imperfect"]
TOKENS = ["seat-zero-token", "seat-one-token"]


def random_history(game_id: str, seed: int, steps: int) -> list[tuple[int, Action]]:
    state = load(game_id).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < steps:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.history)


def replays(game_id: str, history: list[tuple[int, Action]]) -> bool:
    state = load(game_id).new_initial_state()
    for player, action in history:
        if state.current_player() != player or not state.is_legal(action):
            return False
        state.apply_legal(action)
    return True


def twin_histories(game_id: str, viewer: int) -> tuple[list, list, int]:
    """Two histories that differ only in a chance outcome hidden from `viewer`."""
    for seed in range(40):
        history = random_history(game_id, seed, 60)
        state = load(game_id).new_initial_state()
        for i, (player, action) in enumerate(history):
            if player == CHANCE and state.action_seen_by(action, viewer) is None:
                for other, _ in state.chance_outcomes():
                    if other == action or state.action_seen_by(other, viewer) is not None:
                        continue
                    twin = [*history[:i], (CHANCE, other), *history[i + 1 :]]
                    if replays(game_id, twin):
                        return history, twin, i
            state.apply_legal(action)
    raise AssertionError(f"{game_id}: no hidden chance outcome to swap in 40 games")


def person_to_move(game_id: str, history: list, at_least: int) -> int:
    """The last cut of `history` (or the first at `at_least` or later) where a seat is to move."""
    state = load(game_id).new_initial_state()
    cuts = []
    for n, (_, action) in enumerate(history):
        if n >= at_least and state.current_player() >= 0:
            cuts.append(n)
        state.apply_legal(action)
    assert cuts, "no position with a seat to move"
    return cuts[0] if at_least else cuts[-1]


def seat_payloads(tmp: Path, game_id: str, history: list, seat: int) -> list[str]:
    """Everything the server sends `seat` about this match: view, errors, record."""
    tmp.mkdir(parents=True)
    url = f"sqlite:///{tmp / 'web.sqlite3'}"
    store = Store(url)
    rows = [SeatRow(s, "human", None, hash_token(TOKENS[s])) for s in range(2)]
    store.create_match("leaktest", game_id, {}, 12345, rows)
    for n, (player, action) in enumerate(history):
        store.append_move("leaktest", n, player, str(action))
    store.close()
    out = []
    with TestClient(create_app(url)) as client, client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "match": "leaktest", "token": TOKENS[seat]}))
        out.append(ws.receive_text())  # the view, with the whole log and the initial deal
        for message in (
            {"type": "act", "move": len(history), "action": "no such action"},
            {"type": "act", "move": len(history), "index": 99},
            {"type": "act", "move": 0, "action": "pass"},
            {"type": "record"},
        ):
            ws.send_text(json.dumps(message))
            out.append(ws.receive_text())
        token = TOKENS[seat]
        out.append(client.get(f"/api/matches/leaktest/record?token={token}").text)
        out.append(json.dumps(client.post("/api/mine", json={"tokens": [token]}).json()))
    return out


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_another_seats_secret_never_changes_my_payloads(game_id: str, tmp_path: Path) -> None:
    history, twin, swapped = twin_histories(game_id, viewer=0)
    # right after the swapped deal, and at the end of the stretch of play; at a person's turn,
    # since at a chance node the server would go on drawing (from two different piles)
    for cut in (person_to_move(game_id, history, swapped + 1), person_to_move(game_id, history, 0)):
        mine = [
            seat_payloads(tmp_path / f"{name}{cut}-0", game_id, h[:cut], 0)
            for name, h in (("a", history), ("b", twin))
        ]
        assert mine[0] == mine[1], f"{game_id}: seat 0 sees seat 1's secret (cut {cut})"
        theirs = [
            seat_payloads(tmp_path / f"{name}{cut}-1", game_id, h[:cut], 1)
            for name, h in (("a", history), ("b", twin))
        ]
        assert theirs[0] != theirs[1], "the swapped outcome must change seat 1's own view"


def test_there_is_a_game_with_hidden_information_to_check() -> None:
    assert "jukem" in HIDDEN_GAMES
