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

import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from tablesports.core.protocol import Game
from tablesports.games.juggers.actions import (
    GRID_FLICKS,
    PASS,
    PLACES,
    SUBS,
    SUPERS,
    Choose,
    Pick,
    Shooter,
    Sub,
)
from tablesports.games.juggers.phases import CHOOSE, DRAFT, PHASES, PLACE, PLAY, SHOOT, SHOOTER

SLOT_FEATURES = 16
SCALARS = 19 + len(PHASES)


def tensor_shape(game: Game) -> tuple[int, ...]:
    return (8 * SLOT_FEATURES + SCALARS,)


def encode(game: Game, observation: dict[str, Any], player: int) -> np.ndarray:
    o = observation
    g: Any = game
    t, h = g.table, g.house
    cards = _cards(g.characters)
    turn = o["turn"]
    chars, pos, hp, paid = o["chars"], o["pos"], o["hp"], o["paid"]
    injured, excited = o["injured_until"], o["excited_until"]
    me, them = player, 1 - player
    width, height = t.width, t.height
    out: list[float] = []
    for slot in _ORDER[player]:
        index = chars[slot]
        if index < 0:
            out += _EMPTY
            continue
        p = pos[slot]
        if p is None:
            out += (1.0, 0.0, 0.0, 0.0, hp[slot] / 9.0)
        else:
            x = p[0] / width
            out += (1.0, 1.0, (x if player == 0 else 1.0 - x), p[1] / height, hp[slot] / 9.0)
        out += (
            float(turn <= injured[slot]),
            float(turn <= excited[slot]),
            float(paid[slot]),
            *cards[index],
        )
    score, morale, subs = o["score"], o["morale"], o["subs"]
    goals, shots, budget = o["pen_goals"], o["pen_shots"], o["budget"]
    out += (
        o["inning"] / h.innings,
        float(o["half"] == 1),
        float(o["attacker"] == player),
        float(o["to_move"] == player),
        score[me] / 10.0,
        score[them] / 10.0,
        morale[me] / max(1, h.morale_cap),
        morale[them] / max(1, h.morale_cap),
        float(subs[me]),
        float(subs[them]),
        o["actions"] / (2.0 * h.attacker_actions),
        float(o["declared"] >= 0),
        goals[me] / 10.0,
        goals[them] / 10.0,
        shots[me] / 20.0,
        shots[them] / 20.0,
        budget[me] / 200.0,
        budget[them] / 200.0,
        0.0,  # reserved (keeps the layout when a field is added)
    )
    out += _PHASE_HOT[o["phase"]]
    return np.frombuffer(_FLOATS.pack(*out), np.float32).copy()  # twice as quick as np.array


_ORDER = ((0, 1, 2, 3, 4, 5, 6, 7), (4, 5, 6, 7, 0, 1, 2, 3))
"""The slots in the tensor's order for each viewer: its own Juggers first."""
_FLOATS = struct.Struct(f"{8 * SLOT_FEATURES + SCALARS}f")
"""Python floats to float32, rounded as numpy rounds them."""
_EMPTY = (0.0,) * SLOT_FEATURES
_PHASE_HOT = {
    phase: tuple(float(k == i) for k in range(len(PHASES))) for i, phase in enumerate(PHASES)
}
_CARDS: list[tuple[Any, list[tuple[float, ...]]]] = []
"""The last roster seen and its cards' eight fixed features (a game's roster never changes)."""


def _cards(characters: Any) -> list[tuple[float, ...]]:
    """Each character's features 8-15: stamina, charisma, precision, supermove morale, power,
    spread, heavy, ghost (scaled as in the layout)."""
    for roster, cards in _CARDS:
        if roster is characters:
            return cards
    cards = [
        (
            c.stamina / 100.0,
            c.charisma / 100.0,
            c.precision / 10.0,
            c.supermove.morale / 10.0,
            c.supermove.power - 1.0,
            1.0 - c.supermove.precision,
            c.supermove.heavy / 5.0,
            float(c.supermove.ghost),
        )
        for c in characters
    ]
    _CARDS[:] = [(characters, cards)]
    return cards


def encode_state(state: Any, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`, without the JSON."""
    return encode(state.game, state.__dict__, player)  # the observation's fields, as they are


class _Ids:
    """The action ids of a game's codec, grouped as `legal_ids` reads them."""

    def __init__(self, codec: Any, characters: Any) -> None:
        enc = codec.encode
        self.codec = codec
        self.flicks = {j: np.array([enc(a) for a in GRID_FLICKS[j]]) for j in range(1, 5)}
        self.places = {j: np.array([enc(a) for a in PLACES[j]]) for j in range(1, 5)}
        self.supers = {j: enc(a) for j, a in SUPERS.items()}
        self.subs = {pair: enc(a) for pair, a in SUBS.items()}
        self.shooters = np.array([enc(Shooter(j)) for j in range(1, 5)])
        self.picks = [enc(Pick(c.id)) for c in characters]
        self.choices = np.array([enc(Choose("pick")), enc(Choose("attack"))])
        self.pass_ = enc(PASS)
        for shared in (*self.flicks.values(), self.shooters, self.choices):
            shared.flags.writeable = False  # handed out as they are


_IDS: list[_Ids] = []
_NONE = np.zeros(0, np.int64)


def legal_ids(state: Any, ids_of: Callable[[list[Any]], list[int]]) -> np.ndarray:
    """The ids of `state.legal_actions()`, in their order, straight from the state's choices
    (`play_choices`, `placeable`, `free_cell_indices`) without making the actions: the flicks
    of a Jugger are one stored array. `ids_of` (the adapter's lookup) is for an action outside
    the codec, which a valid state never offers."""
    if state.to_move < 0:
        return _NONE
    game = state.game
    codec = game.action_codec()
    ids = _IDS[0] if _IDS and _IDS[0].codec is codec else None
    if ids is None:
        ids = _Ids(codec, game.characters)
        _IDS[:] = [ids]
    phase = state.phase
    team = state.to_move
    if phase == PLAY:
        if state.declared >= 0:
            return ids.flicks[state.declared - team * 4 + 1]
        flicks, supers, subs = state.play_choices()
        parts = [ids.flicks[j] for j in flicks]
        rest = [ids.supers[j] for j in supers]
        for pair in subs:
            known = ids.subs.get(pair)
            rest += [known] if known is not None else ids_of([Sub(*pair)])
        if rest:
            parts.append(np.array(rest))
        if not parts:
            return np.array([ids.pass_])
        return parts[0] if len(parts) == 1 else np.concatenate(parts)
    if phase == PLACE:
        juggers = state.placeable(team)
        if not juggers:
            return _NONE
        cells = state.free_cell_indices(team)
        return np.concatenate([ids.places[j][cells] for j in juggers])
    if phase == SHOOT:
        return ids.flicks[state.shooter - team * 4 + 1]
    if phase == SHOOTER:
        shooters = state.shooters(team)
        return ids.shooters if len(shooters) == 4 else ids.shooters[[j - 1 for j in shooters]]
    if phase == DRAFT:
        taken = set(state.chars)
        return np.array([k for i, k in enumerate(ids.picks) if i not in taken], np.int64)
    if phase == CHOOSE:
        return ids.choices
    return _NONE


def max_chance_outcomes(game: Game) -> int:
    """The flick's execution noise (its outcome table); a toss or a roll has 2."""
    from tablesports.games.juggers.state import NOISE_OUTCOMES

    return max(2, len(NOISE_OUTCOMES))


def observation_bounds(game: Game) -> dict[str, tuple[float, float]]:
    """The entries whose range is not [0, 1]: the character cards' features (their least and
    greatest over the roster), one meta at most per attack (an inning each), the penalties
    (five each, then at most `sudden_death_cap` rounds: unbounded without it) and the budget."""
    g: Any = game
    h = g.house
    out: dict[str, tuple[float, float]] = {}
    cards = np.array(_cards(g.characters), np.float32).reshape(-1, 8)
    for k, feature in enumerate(_FEATURES[8:]):
        lo, hi = float(min(0.0, cards[:, k].min())), float(max(1.0, cards[:, k].max()))
        for slot in range(8):
            who = f"my Jugger {slot + 1}" if slot < 4 else f"opponent's Jugger {slot - 3}"
            out[f"{who}: {feature}"] = (lo, hi)
    cap = h.sudden_death_cap
    shots = 5 + cap if cap is not None else np.inf
    for who in ("my", "opponent's"):
        out[f"{who} mete / 10"] = (0.0, max(1.0, h.innings / 10))
        out[f"{who} penalty goals / 10"] = (0.0, max(1.0, shots / 10))
        out[f"{who} penalty shots / 20"] = (0.0, max(1.0, shots / 20))
        out[f"{who} budget / 200"] = (0.0, max(1.0, h.budget / 200))
    return out


_FEATURES = (
    "drafted", "on the table", "x / width", "y / height", "life / 9", "injured", "excited",
    "paid (has a supermove)", "stamina / 100", "charisma / 100", "precision / 10",
    "supermove morale cost / 10", "power - 1", "1 - spread", "heavy / 5", "ghost",
)  # fmt: skip
_SCALAR_NAMES = (
    "inning / innings", "second turn of the inning", "I attack", "I am to move", "my mete / 10",
    "opponent's mete / 10", "my morale / cap", "opponent's morale / cap",
    "my substitution used", "opponent's substitution used",
    "actions this turn / (2 x attacker actions)", "a supermove is declared",
    "my penalty goals / 10", "opponent's penalty goals / 10", "my penalty shots / 20",
    "opponent's penalty shots / 20", "my budget / 200", "opponent's budget / 200",
)  # fmt: skip


def describe(game: Game) -> list[tuple[str, slice]]:
    """Each slot's features (my four Juggers, then the opponent's) and each scalar, with its
    slice of the tensor (the layout in the module's text)."""
    out = []
    for slot in range(8):
        who = f"my Jugger {slot + 1}" if slot < 4 else f"opponent's Jugger {slot - 3}"
        at = slot * SLOT_FEATURES
        out += [(f"{who}: {f}", slice(at + i, at + i + 1)) for i, f in enumerate(_FEATURES)]
    names = [*_SCALAR_NAMES]
    names.append("reserved (always 0)")
    names += [f"phase: {p}" for p in PHASES]
    at = 8 * SLOT_FEATURES
    return out + [(name, slice(at + i, at + i + 1)) for i, name in enumerate(names)]


_Y = [slot * SLOT_FEATURES + 3 for slot in range(8)]
_ON_TABLE = [slot * SLOT_FEATURES + 1 for slot in range(8)]


def _sides_reflected(rows: np.ndarray) -> np.ndarray:
    """Each flat tensor of `rows` (values in [0, 1]) with the table reflected from its near
    side to its far side: y / height becomes 1 - y / height for every coin on the table."""
    out = np.array(rows, dtype=np.float32)
    on = out[:, _ON_TABLE] > 0.5
    out[:, _Y] = np.where(on, 1.0 - out[:, _Y], out[:, _Y])
    return out


def symmetries(game: Game) -> tuple[tuple[str, Callable[[np.ndarray], np.ndarray]], ...]:
    """`(name, mirror)` pairs: `mirror` maps rows of flat tensors to the mirrored positions',
    worth the same to each player. The table, its goals (centred on each short edge), the
    formation cells and the physics are the same reflected from the near side to the far
    side; a flick at angle a becomes one at -a."""
    return (("near and far sides reflected", _sides_reflected),)
