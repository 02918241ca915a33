"""The observation tensor for RL adapters (rules.md, "Observation tensor").

Built only from ``state.observation(player)``: planes over the board's 11 rows and 21 columns
(the hex index ``row * 21 + col`` of board.py) and constant planes for the counters.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tablesports.core.protocol import Game
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.board import COLS, MAL, ROWS, SLOTS, VALID

_LATER = {S.C_FACE: S.STAND, S.AOO: S.C_REACT, S.AOO_FACE: S.STAND, S.OVER: S.TURN}
"""Phases without a plane of their own, shown as the phase they lead back to."""
PHASES = tuple(p for p in S.LINEUP_PHASES + S.PLAY_PHASES if p not in _LATER)
PHASE_PLANE = 38
PLANES = PHASE_PLANE + len(PHASES)


def tensor_shape(game: Game) -> tuple[int, ...]:
    return (PLANES, ROWS, COLS)


N = ROWS * COLS


@cache
def _base(game: Game, player: int) -> np.ndarray:
    """The planes that only the game's field and the seat decide (0-4), flat (read only: each
    `encode` copies it)."""
    field = game.field  # type: ignore[attr-defined]
    out = np.zeros((PLANES, N), dtype=np.float32)
    out[0] = [1.0 if field[i] and VALID[i] else 0.0 for i in range(N)]
    for p in (0, 1):
        out[1 if p == player else 2, SLOTS[p]] = 1.0
    out[3, MAL[player]] = 1.0
    out[4, MAL[1 - player]] = 1.0
    flat = out.reshape(-1)
    flat.flags.writeable = False
    return flat


def encode(game: Game, observation: dict[str, Any], player: int) -> np.ndarray:
    f = observation["fields"]
    out = _base(game, player).copy()
    heroes = game.heroes  # type: ignore[attr-defined]
    spars = game.spars  # type: ignore[attr-defined]
    # Every cell set below is gathered first and written in one numpy call: a scalar write
    # into an array costs as much as the Python that computes it.
    at: list[int] = []
    to: list[float] = []
    pos, card, role = f["pos"], f["card"], f["role"]
    for h in range(S.SEATS):
        x = pos[h]
        if card[h] < 0 or x < 0 or role[h] == 2:
            continue
        own = h // 8 == player
        at.append(((7 if f["down"][h] else 5) + (0 if own else 1)) * N + x)
        at.append((13 + f["facing"][h]) * N + x)
        to += (1.0, 1.0)
        if role[h] == 0:
            at.append((9 if own else 10) * N + x)
            to.append(1.0)
        sp = spars[f["spar"][h]] if f["spar"][h] >= 0 else None
        at += [(19 + k) * N + x for k in range(10)]
        to += (
            f["fp"][h] / 5,
            f["ap"][h] / 5,
            f["penalty"][h] / 5,
            float(f["pinned_by"][h] >= 0),
            float(f["active"] == h),
            float(f["activated"][h]),
            float(f["exhausted"][h]),
            (sp.range / 3) if sp else 0.0,
            float(bool(sp and sp.chain and not f["chain_ready"][h])),
            heroes[card[h]].reflex / 5,
        )
    if f["carrier"] >= 0 and pos[f["carrier"]] >= 0:
        at.append(12 * N + pos[f["carrier"]])
        to.append(1.0)
    elif f["jugg"] >= 0:
        at.append(11 * N + f["jugg"])
        to.append(1.0)
    out[at] = to
    score, tpp = f["score"], f["tpp"]
    counters = (
        f["stone"] / max(1, game.max_stones),  # type: ignore[attr-defined]
        f["rda"] / 5,
        float(f["init"] == player),
        float(f["player"] == player and f["phase"] not in (S.INIT_ROLL, S.C_ROLL_A, S.C_ROLL_D)),
        score[player] / 3,
        score[1 - player] / 3,
        tpp[player] / 4,
        tpp[1 - player] / 4,
        max(0, f["moves_left"]) / 10,
    )
    out[29 * N : 38 * N] = np.repeat(np.array(counters, dtype=np.float32), N)
    phase = _LATER.get(f["phase"], f["phase"])
    p = PHASE_PLANE + PHASES.index(phase)
    out[p * N : (p + 1) * N] = 1.0
    return out.reshape(PLANES, ROWS, COLS)


_USED = (
    "pos", "card", "role", "down", "facing", "spar", "fp", "ap", "penalty", "pinned_by",
    "active", "activated", "exhausted", "chain_ready", "carrier", "jugg", "score", "tpp",
    "stone", "rda", "init", "player", "phase", "moves_left",
)  # fmt: skip


def encode_state(state: Any, player: int) -> np.ndarray:
    """The same array as `encode` of the observation, without copying the state's lists.

    It reads only public fields (the board, counters and phase; never a hand or the pile).
    """
    fields = {f: getattr(state, f) for f in _USED}
    return encode(state.game, {"fields": fields}, player)
