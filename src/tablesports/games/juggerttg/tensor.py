"""The observation tensor for RL adapters (rules.md, "Observation tensor").

Built only from ``state.observation(player)``: planes over the board's 11 rows and 21 columns
(the hex index ``row * 21 + col`` of board.py) and constant planes for the counters. The draft
(``teams="draft"``) adds planes indexed by hero card (cell ``k`` of the flattened plane is the
roster's card ``k``): the player's own hand, the discard pile, each team's cards, and counters.
`describe()` names every plane.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

from tablesports.core.protocol import Game
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.board import COLS, MAL, ROWS, SLOTS, VALID
from tablesports.games.juggerttg.game import CHANCE_PHASES
from tablesports.games.juggerttg.invariants import MAX_MOVE

_LATER = {S.C_FACE: S.STAND, S.AOO: S.C_REACT, S.AOO_FACE: S.STAND, S.OVER: S.TURN}
"""Phases without a plane of their own, shown as the phase they lead back to."""
PHASES = tuple(p for p in S.LINEUP_PHASES + S.PLAY_PHASES if p not in _LATER) + tuple(
    sorted(S.DRAFT_PHASES)
)
"""The phase planes: lineup and drive in the game's order, then the draft's (by name)."""
PHASE_PLANE = 38
_PHASE = {p: i for i, p in enumerate(PHASES)}
DRAFT_PLANE = PHASE_PLANE + len(PHASES)
"""The draft's planes: own hand, discard pile, own team's cards, enemy team's cards (by card
index), then constants: pile size / roster, enemy hand size / roster, draws or recruits left
in this step / 5, draft turns played / 40."""
DRAFT_NAMES = (
    "draft: my hand (by hero card)",
    "draft: the discard pile (by hero card)",
    "draft: my team's cards (by hero card)",
    "draft: the enemy team's cards (by hero card)",
    "draft: cards in the pile / roster size",
    "draft: the enemy's hand size / roster size",
    "draft: draws or recruits left in this step / 5",
    "draft: draft turns played / 40",
)
PLANES = DRAFT_PLANE + len(DRAFT_NAMES)
PRIVATE = (DRAFT_NAMES[0],)
"""The planes only their player sees: the rest of the tensor is public."""


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
        float(f["player"] == player and f["phase"] not in CHANCE_PHASES),
        score[player] / 3,
        score[1 - player] / 3,
        tpp[player] / 4,
        tpp[1 - player] / 4,
        max(0, f["moves_left"]) / 10,
    )
    out[29 * N : 38 * N] = np.repeat(np.array(counters, dtype=np.float32), N)
    phase = _LATER.get(f["phase"], f["phase"])
    p = PHASE_PLANE + _PHASE[phase]
    out[p * N : (p + 1) * N] = 1.0
    if game.options.teams == "draft":  # type: ignore[attr-defined]
        _draft(out, f, player, len(heroes))
    return out.reshape(PLANES, ROWS, COLS)


def _draft(out: np.ndarray, f: dict[str, Any], player: int, roster: int) -> None:
    """The draft's planes: only the player's own hand (the other is shown by its size)."""
    d = DRAFT_PLANE * N
    mine, theirs = (f["hand0"], f["hand1"]) if player == 0 else (f["hand1"], f["hand0"])
    card = f["card"]
    at = [d + c for c in mine]
    at += [d + N + c for c in f["discard"]]
    for h in range(S.SEATS):
        if card[h] >= 0:
            at.append(d + (2 if h // 8 == player else 3) * N + card[h])
    out[at] = 1.0
    counters = (len(f["pile"]) / roster, len(theirs) / roster, f["d_left"] / 5, f["d_turns"] / 40)
    out[d + 4 * N : d + 8 * N] = np.repeat(np.array(counters, dtype=np.float32), N)


def describe(game: Game) -> list[tuple[str, slice]]:
    """Each plane's meaning and its slice of the flattened tensor (rules.md, "Observation
    tensor")."""
    names = [
        "field hexes",
        "my start slots",
        "enemy start slots",
        "the Mal where the enemy scores",
        "the Mal where we score",
        "my standing heroes",
        "enemy standing heroes",
        "my kneeling heroes",
        "enemy kneeling heroes",
        "my Qwik",
        "enemy Qwik",
        "the loose Jugg",
        "the carried Jugg",
        *(f"hero facing {d}" for d in ("E", "NE", "NW", "W", "SW", "SE")),
        *(
            f"hero on the hex: {v}"
            for v in (
                "FP / 5", "AP / 5", "penalty / 5", "pinned", "activating", "activated this Stone",
                "exhausted", "spar range / 3", "chain thrown", "Reflex / 5",
            )
        ),
        *(
            f"constant: {v}"
            for v in (
                "Stone / max Stones", "RDA / 5", "I have the initiative", "I decide",
                "my score / 3", "enemy score / 3", "my TPP / 4", "enemy TPP / 4",
                "hexes of movement left / 10",
            )
        ),
        *(f"phase: {p}" for p in PHASES),
        *DRAFT_NAMES,
    ]  # fmt: skip
    assert len(names) == PLANES
    return [(name, slice(i * N, (i + 1) * N)) for i, name in enumerate(names)]


_USED = (
    "pos", "card", "role", "down", "facing", "spar", "fp", "ap", "penalty", "pinned_by",
    "active", "activated", "exhausted", "chain_ready", "carrier", "jugg", "score", "tpp",
    "stone", "rda", "init", "player", "phase", "moves_left", "discard", "pile", "d_left",
    "d_turns",
)  # fmt: skip


def encode_state(state: Any, player: int) -> np.ndarray:
    """The same array as `encode` of the observation, without copying the state's lists.

    It reads the public fields and the player's own hand (the other hand only by its size).
    """
    fields = {f: getattr(state, f) for f in _USED}
    mine, theirs = ("hand0", "hand1") if player == 0 else ("hand1", "hand0")
    fields[mine] = getattr(state, mine)
    fields[theirs] = [-1] * len(getattr(state, theirs))
    return encode(state.game, {"fields": fields}, player)


def max_chance_outcomes(game: Game) -> int:
    """A card dealt from the draft's pile (at most the roster), or the skulls of up to 20
    success dice (0 to 20); a larger roll is offered sampled by the OpenSpiel adapter."""
    return max(len(game.heroes), 21)  # type: ignore[attr-defined]


def observation_bounds(game: Game) -> dict[str, tuple[float, float]]:
    """The planes whose range is not [0, 1]: a hero's FP, AP and Reflex up to the roster's
    greatest, a penalty up to the longest a spar gives (at least 3 Stones), a spar's range,
    the score up to the points that win, and the movement left (`MAX_MOVE` hexes)."""
    g: Any = game
    heroes, spars = g.heroes, g.spars
    stones = max(3, *(g.stones(sp) for sp in spars))
    highs = {
        "hero on the hex: FP / 5": max(h.focus for h in heroes) / 5,
        "hero on the hex: AP / 5": max(h.stamina for h in heroes) / 5,
        "hero on the hex: penalty / 5": stones / 5,
        "hero on the hex: spar range / 3": max(sp.range for sp in spars) / 3,
        "hero on the hex: Reflex / 5": max(h.reflex for h in heroes) / 5,
        "constant: my score / 3": g.points_to_win / 3,
        "constant: enemy score / 3": g.points_to_win / 3,
        "constant: hexes of movement left / 10": MAX_MOVE / 10,
    }
    return {name: (0.0, max(1.0, hi)) for name, hi in highs.items()}


_FACING_REFLECTED = (0, 5, 4, 3, 2, 1)
"""Facing E, NE, NW, W, SW, SE seen in the board reflected row for row: NE <-> SE, NW <-> SW."""


def _rows_reflected(rows: np.ndarray) -> np.ndarray:
    """Each flat tensor of `rows` with the board reflected from row 1 to row 11 (the draft's
    planes, indexed by hero card, stay as they are)."""
    planes = rows.reshape(len(rows), PLANES, ROWS, COLS).copy()
    board = planes[:, :DRAFT_PLANE]
    board[:] = board[:, :, ::-1, :]
    board[:, 13:19] = board[:, [13 + d for d in _FACING_REFLECTED]]
    return planes.reshape(len(rows), -1)


def symmetries(game: Game) -> tuple[tuple[str, Callable[[np.ndarray], np.ndarray]], ...]:
    """`(name, mirror)` pairs: `mirror` maps rows of flat tensors to the mirrored positions',
    worth the same to each player. Rows r and 12 - r of the hex board have the same parity, so
    reflecting the rows keeps every hex, its neighbours and distances; the Mals and the start
    slots lie on the middle row or symmetric about it, and a facing turns NE <-> SE, NW <-> SW.
    A field that is not symmetric (a custom one) has no symmetry."""
    field: list[bool] = game.field  # type: ignore[attr-defined]
    flipped = [field[(ROWS - 1 - i // COLS) * COLS + i % COLS] for i in range(N)]
    if flipped != list(field):
        return ()
    return (("rows 1-11 reflected", _rows_reflected),)
