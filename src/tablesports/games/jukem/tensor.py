"""The observation tensor for RL: card sections and scalars (see rules.md, "Observation tensor").

Built only from what `observation(player)` shows: the player's own hand, the cards face up, and
counts of what is hidden. `encode_state` reads the same from the state's lists (faster, tested
identical).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tablesports.games.jukem.cards import SETUP_KINDS, Kind
from tablesports.games.jukem.views import FACE_DOWN

if TYPE_CHECKING:
    from tablesports.games.jukem.game import JukemGame
    from tablesports.games.jukem.state import JukemState

SECTIONS = (
    "my hand",
    "my possession",
    "opponent's possession",
    "my scored possessions set aside",
    "opponent's scored possessions set aside",
    "discard pile",
    "the setup play awaiting a PENALTY answer",
    "my own SHOT awaiting a SAVE answer",
)
"""One slot per card of the deck (deck order) in each section, 1 where the card is."""

PHASES = ("dealer", "draw", "play", "penalty", "save", "over")
SCALARS = (
    "first half",
    "second half",
    "tie-break deal",
    "I deal",
    "my turn",
    "I am to move",
    "a chance node (deal or draw)",
    *(f"phase: {p}" for p in PHASES),
    "my score / 5",
    "opponent's score / 5",
    "first half over",
    "my first-half score / 5",
    "opponent's first-half score / 5",
    "opponent's hand size / hand size",
    "draw pile size / deck size",
    "draws pending for me",
    "draws pending for the opponent",
    "setup plays ready for a SHOT / 9",
    "substituted this turn",
    "passes in a row / 2",
    "opponent's face-down SHOT awaits my SAVE answer",
    "I won",
    "opponent won",
    "drawn",
)
_PHASE = {p: i for i, p in enumerate(PHASES)}
_S = len(SECTIONS)
_SCORE = 7 + len(PHASES)  # the first scalar after the phases


def tensor_shape(game: JukemGame) -> tuple[int, ...]:
    return (_S * game.deck.size + len(SCALARS),)


def encode(game: JukemGame, observation: dict[str, Any], player: int) -> np.ndarray:
    """The tensor of `observation(player)`."""
    o = observation
    index = game.deck.index
    me, opp = player, 1 - player
    shot = o["shot"]
    mine_up = shot is not None and shot != FACE_DOWN
    return _fill(
        game,
        player,
        [index[c] for c in o["hand"]],
        [index[c] for c in o["possessions"][me]],
        [index[c] for c in o["possessions"][opp]],
        [index[c] for c in o["aside"][me]],
        [index[c] for c in o["aside"][opp]],
        [index[c] for c in o["discard"]],
        index[o["last_play"]] if o["last_play"] is not None else -1,
        index[shot] if mine_up else -1,
        shot == FACE_DOWN,
        o["half"],
        o["dealer"],
        o["turn"],
        o["to_move"],
        _PHASE[o["phase"]],
        o["score"],
        o["first_half"],
        o["opponent_hand"],
        o["pile"],
        o["draws_pending"],
        o["ready"],
        o["substituted"],
        o["passes"],
        o["winner"],
    )


def encode_state(state: JukemState, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`."""
    s = state
    me, opp = player, 1 - player
    return _fill(
        s.game,
        player,
        s.hands[me],
        s.poss[me],
        s.poss[opp],
        s.aside[me],
        s.aside[opp],
        s.discard,
        s.last,
        s.shot if s.shot >= 0 and s.turn == player else -1,
        s.shot >= 0 and s.turn != player,
        s.half,
        s.dealer,
        s.turn,
        s.current_player(),
        s.phase,
        s.score,
        s.first_half,
        len(s.hands[opp]),
        len(s.pile),
        s.queue,
        s.ready,
        s.subbed,
        s.passes,
        s.winner,
    )


def _fill(
    game: JukemGame,
    me: int,
    hand: list[int],
    my_poss: list[int],
    opp_poss: list[int],
    my_aside: list[int],
    opp_aside: list[int],
    discard: list[int],
    last: int,
    my_shot: int,
    opp_shot: bool,
    half: int,
    dealer: int,
    turn: int,
    to_move: int,
    phase: int,
    score: list[int],
    first_half: list[int] | None,
    opp_hand: int,
    pile: int,
    queue: list[int],
    ready: int,
    subbed: bool,
    passes: int,
    winner: int,
) -> np.ndarray:
    deck = game.deck
    n = deck.size
    out = np.zeros(_S * n + len(SCALARS), np.float32)
    for k, cards in enumerate((hand, my_poss, opp_poss, my_aside, opp_aside, discard)):
        if cards:
            out[[k * n + c for c in cards]] = 1.0
    if last >= 0:
        out[6 * n + last] = 1.0
    if my_shot >= 0:
        out[7 * n + my_shot] = 1.0
    x = out[_S * n :]  # the scalars, a view
    opp = 1 - me
    x[min(half, 3) - 1] = 1.0
    x[3] = dealer == me
    x[4] = turn == me
    x[5] = to_move == me
    x[6] = to_move == -1
    x[7 + phase] = 1.0
    i = _SCORE
    x[i], x[i + 1] = score[me] / 5, score[opp] / 5
    if first_half is not None:
        x[i + 2] = 1.0
        x[i + 3], x[i + 4] = first_half[me] / 5, first_half[opp] / 5
    x[i + 5] = opp_hand / deck.hand_size
    x[i + 6] = pile / n
    x[i + 7] = queue.count(me)
    x[i + 8] = queue.count(opp)
    x[i + 9] = ready / 9
    x[i + 10] = subbed
    x[i + 11] = passes / 2
    x[i + 12] = opp_shot
    if winner >= 0:
        x[i + 13 + (2 if winner == 2 else int(winner != me))] = 1.0
    return out


PRIVATE = ("my hand", "my own SHOT awaiting a SAVE answer")
"""The sections only their player sees: the rest of the tensor is public."""


def describe(game: JukemGame) -> list[tuple[str, slice]]:
    """Each section (one slot per card, deck order) and scalar, with its slice of the tensor."""
    n = game.deck.size
    out = [(name, slice(k * n, (k + 1) * n)) for k, name in enumerate(SECTIONS)]
    out += [(name, slice(_S * n + i, _S * n + i + 1)) for i, name in enumerate(SCALARS)]
    return out


def max_chance_outcomes(game: JukemGame) -> int:
    """A draw from the pile (at most the deck) or the coin for the dealer (2)."""
    return max(2, game.deck.size)


def observation_bounds(game: JukemGame) -> dict[str, tuple[float, float]]:
    """The entries whose range is not [0, 1] (the rest are one-hots and ratios to their limit):
    a half scores at most one goal per SHOT of the deck (a scored SHOT stays aside till the
    half ends) and a tie-break deal one (its first goal wins); draws fill a hand at most; a
    possession holds setup plays only."""
    d = game.deck
    shots = sum(k == Kind.SHOT for k in d.kind)
    setups = sum(k in SETUP_KINDS for k in d.kind)
    score = (2 * shots + d.tiebreak_deals) / 5
    return {
        "my score / 5": (0.0, score),
        "opponent's score / 5": (0.0, score),
        "my first-half score / 5": (0.0, shots / 5),
        "opponent's first-half score / 5": (0.0, shots / 5),
        "draws pending for me": (0.0, float(d.hand_size)),
        "draws pending for the opponent": (0.0, float(d.hand_size)),
        "setup plays ready for a SHOT / 9": (0.0, setups / 9),
    }


# --- the information-state tensor (OpenSpiel's perfect recall) --------------------------------

SEEN_HIDDEN = "(hidden)"
"""A step the player did not see (the other player's draw)."""
MOVERS = ("me", "the opponent", "chance")


def seen_vocabulary(game: JukemGame) -> dict[str, int]:
    """Every text `JukemState.action_seen_by` can give a player, numbered: each decision's
    text (the action codec's), each card drawn by the player, each first dealer, the
    opponent's SHOT and the player's own SAVE as they are seen face down, and a hidden step."""
    texts = [str(a) for a in game.action_codec().actions]
    texts += [str(a) for a in game.draw_act]
    texts += ["dealer 0", "dealer 1", "shot (face down)", "save (face down)", SEEN_HIDDEN]
    return {t: i for i, t in enumerate(dict.fromkeys(texts))}


def info_state_steps(game: JukemGame) -> int:
    """The most steps a match of this deck has (`game.length_bound` of its deals)."""
    from tablesports.games.jukem.game import length_bound

    d = game.deck
    return length_bound(d.size, d.halves + d.tiebreak_deals)


def info_state_shape(game: JukemGame) -> tuple[int, ...]:
    width = len(MOVERS) + len(seen_vocabulary(game))
    return (tensor_shape(game)[0] + info_state_steps(game) * width,)


def encode_info_state(
    game: JukemGame,
    observation: dict[str, Any],
    steps: list[tuple[int, str | None]],
    player: int,
) -> np.ndarray:
    """The player's information state: `encode(observation)` (what it sees now), then one
    block per step of the match so far, as the player saw it: who moved (me, the opponent,
    chance: one-hot) and what it saw (one-hot over `seen_vocabulary`; a hidden step is
    `SEEN_HIDDEN`). `steps` are `(mover, state.action_seen_by(action, player))` in order, the
    mover being `state.current_player()` before the step (-1 for chance). So it is perfect
    recall of what the player saw (its own draws, every play, answer and SHOT, the cards
    turned face up) and never shows a card it did not see."""
    vocab = seen_vocabulary(game)
    now = encode(game, observation, player)
    width = len(MOVERS) + len(vocab)
    most = info_state_steps(game)
    if len(steps) > most:
        raise ValueError(f"jukem: {len(steps)} steps; a match of this deck has at most {most}")
    out = np.zeros(now.size + most * width, np.float32)
    out[: now.size] = now
    hidden = vocab[SEEN_HIDDEN]
    for t, (mover, seen) in enumerate(steps):
        at = now.size + t * width
        out[at + (2 if mover < 0 else int(mover != player))] = 1.0
        out[at + len(MOVERS) + (hidden if seen is None else vocab[seen])] = 1.0
    return out


def symmetries(game: JukemGame) -> tuple[()]:
    """None: the tensor has no board, and no relabelling of cards keeps the rules (each card's
    kind, balls and answers are its own), so value training fits the positions as played."""
    return ()
