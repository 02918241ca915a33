"""The observation tensor for RL adapters: a flat float32 vector, seen from `player`'s side.

Built only from `state.observation(player)` (the game has no hidden information). The viewer's
Juggers come first and the table is mirrored for team B, so that the viewer always attacks
towards +x. Layout (documented in rules.md, "Observation tensor"):

- 8 slots x 16 features: the viewer's four Juggers, then the opponent's four, each:
  drafted, on the table, x / width, y / height, life / 9, injured, excited, paid (has a
  supermove), stamina / 100, charisma / 100, precision / 10, supermove morale cost / 10,
  power - 1, 1 - spread, heavy / 5, ghost;
- 30 scalars: inning / innings, second turn of the inning, viewer attacks, viewer to move,
  mete (viewer, opponent) / 10, morale (viewer, opponent) / cap, substitution used (viewer,
  opponent), actions this turn / (2 x attacker actions), a supermove is declared, penalty
  goals (viewer, opponent) / 10, penalty shots (viewer, opponent) / 20, budget (viewer,
  opponent) / 200, the phase one-hot (11 phases: toss, choose, draft, place, play, noise,
  settle, roll, shooter, shoot, over).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablesports.core.protocol import Game

SLOT_FEATURES = 16
PHASES = (
    "toss",
    "choose",
    "draft",
    "place",
    "play",
    "noise",
    "settle",
    "roll",
    "shooter",
    "shoot",
    "over",
)
SCALARS = 19 + len(PHASES)


def tensor_shape(game: Game) -> tuple[int, ...]:
    return (8 * SLOT_FEATURES + SCALARS,)


def encode(game: Game, observation: dict[str, Any], player: int) -> np.ndarray:
    o = observation
    g: Any = game
    t, h, chars = g.table, g.house, g.characters
    out = np.zeros(tensor_shape(game), dtype=np.float32)
    turn = o["turn"]
    me, them = player, 1 - player
    for k, slot in enumerate([*range(me * 4, me * 4 + 4), *range(them * 4, them * 4 + 4)]):
        base = k * SLOT_FEATURES
        index = o["chars"][slot]
        if index < 0:
            continue
        c = chars[index]
        sm = c.supermove
        pos = o["pos"][slot]
        row = out[base : base + SLOT_FEATURES]
        row[0] = 1.0
        if pos is not None:
            x = pos[0] / t.width
            row[1], row[2], row[3] = 1.0, (x if player == 0 else 1.0 - x), pos[1] / t.height
        row[4] = o["hp"][slot] / 9.0
        row[5] = float(turn <= o["injured_until"][slot])
        row[6] = float(turn <= o["excited_until"][slot])
        row[7] = float(o["paid"][slot])
        row[8], row[9], row[10] = c.stamina / 100.0, c.charisma / 100.0, c.precision / 10.0
        row[11] = sm.morale / 10.0
        row[12], row[13], row[14], row[15] = (
            sm.power - 1.0,
            1.0 - sm.precision,
            sm.heavy / 5.0,
            float(sm.ghost),
        )
    s = 8 * SLOT_FEATURES
    scalars = [
        o["inning"] / h.innings,
        float(o["half"] == 1),
        float(o["attacker"] == player),
        float(o["to_move"] == player),
        o["score"][me] / 10.0,
        o["score"][them] / 10.0,
        o["morale"][me] / max(1, h.morale_cap),
        o["morale"][them] / max(1, h.morale_cap),
        float(o["subs"][me]),
        float(o["subs"][them]),
        o["actions"] / (2.0 * h.attacker_actions),
        float(o["declared"] >= 0),
        o["pen_goals"][me] / 10.0,
        o["pen_goals"][them] / 10.0,
        o["pen_shots"][me] / 20.0,
        o["pen_shots"][them] / 20.0,
        o["budget"][me] / 200.0,
        o["budget"][them] / 200.0,
        0.0,  # reserved (keeps the layout when a field is added)
    ]
    out[s : s + len(scalars)] = scalars
    out[s + len(scalars) + PHASES.index(o["phase"])] = 1.0
    return out


_FIELDS = (
    "chars", "pos", "hp", "injured_until", "excited_until", "paid", "turn", "inning", "half",
    "attacker", "to_move", "score", "morale", "subs", "actions", "declared", "pen_goals",
    "pen_shots", "budget", "phase",
)  # fmt: skip


def encode_state(state: Any, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`, without the JSON."""
    return encode(state.game, {k: getattr(state, k) for k in _FIELDS}, player)
