"""What each seat sees: JSON, observations, resampling of hidden cards, and the text picture."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tablesports.core.errors import NotationError
from tablesports.games.jukem.cards import Kind
from tablesports.games.jukem.phases import DRAW, OVER, PENALTY, PHASES, PLAY, SAVE

if TYPE_CHECKING:
    from tablesports.games.jukem.state import JukemState

FACE_DOWN = "face down"
_HALF = {1: "first half", 2: "second half"}


def half_name(half: int) -> str:
    return _HALF.get(half, f"tie-break deal {half - 2} (the first goal wins)")


def state_json(s: JukemState) -> dict[str, Any]:
    """Everything, hidden cards included."""
    ids = s.deck.ids
    return {
        "half": s.half,
        "dealer": s.dealer,
        "turn": s.turn,
        "phase": PHASES[s.phase],
        "score": list(s.score),
        "first_half": s.first_half,
        "hands": [[ids[c] for c in h] for h in s.hands],
        "possessions": [[ids[c] for c in p] for p in s.poss],
        "aside": [[ids[c] for c in a] for a in s.aside],
        "discard": [ids[c] for c in s.discard],
        "pile": [ids[c] for c in s.pile],
        "queue": list(s.queue),
        "after": s.after,
        "next_turn": s.next_turn,
        "ready": s.ready,
        "substituted": s.subbed,
        "last_play": ids[s.last] if s.last >= 0 else None,
        "shot": ids[s.shot] if s.shot >= 0 else None,
        "passes": s.passes,
        "winner": s.winner,
        "history": s.history_json(),
    }


CARD_FIELDS = (
    "hand0",
    "hand1",
    "possession0",
    "possession1",
    "aside0",
    "aside1",
    "discard",
    "pile",
)


def to_position(s: JukemState) -> str:
    """The notation of a turn-start position (the player to play has not played yet).

    >>> to_position(state)  # doctest: +SKIP
    'half 1; dealer 1; turn 0; score 0-0; hand0 PASS-1 SAVE-2; possession1 PASS-3'
    """
    if s.phase != PLAY or s.subbed:
        raise NotationError("the notation describes positions at the start of a turn")
    ids = s.deck.ids

    def cards(cs: list[int]) -> str:
        return " ".join(ids[c] for c in cs)

    parts = [f"half {s.half}", f"dealer {s.dealer}", f"turn {s.turn}"]
    parts.append(f"score {s.score[0]}-{s.score[1]}")
    if s.first_half is not None:
        parts.append(f"first {s.first_half[0]}-{s.first_half[1]}")
    # Empty places are left out, and so is the draw pile: it is every card not listed.
    places = [*s.hands, *s.poss, *s.aside, s.discard]
    parts.extend(
        f"{name} {cards(cs)}" for name, cs in zip(CARD_FIELDS[:-1], places, strict=True) if cs
    )
    if s.passes:
        parts.append(f"passes {s.passes}")
    return "; ".join(parts)


def observation(s: JukemState, player: int) -> dict[str, Any]:
    """Only what `player` may see: the opponent's hand and the pile are counts, and the
    opponent's face-down SHOT is shown as "face down"."""
    ids = s.deck.ids
    shot: str | None = None
    if s.shot >= 0:
        shot = ids[s.shot] if s.turn == player else FACE_DOWN
    return {
        "player": player,
        "half": s.half,
        "dealer": s.dealer,
        "turn": s.turn,
        "to_move": s.current_player(),
        "phase": PHASES[s.phase],
        "score": list(s.score),
        "first_half": s.first_half,
        "hand": [ids[c] for c in s.hands[player]],
        "opponent_hand": len(s.hands[1 - player]),
        "possessions": [[ids[c] for c in p] for p in s.poss],
        "aside": [[ids[c] for c in a] for a in s.aside],
        "discard": [ids[c] for c in s.discard],
        "pile": len(s.pile),
        "draws_pending": list(s.queue),
        "ready": s.ready,
        "substituted": s.subbed,
        "last_play": ids[s.last] if s.last >= 0 else None,
        "shot": shot,
        "passes": s.passes,
        "winner": s.winner,
    }


def unseen_by(s: JukemState, player: int) -> list[int]:
    """The cards `player` has not seen: the opponent's hand, the pile, a face-down SHOT."""
    unseen = s.pile + s.hands[1 - player]
    if s.shot >= 0 and s.turn != player:
        unseen.append(s.shot)
    return sorted(unseen)


def resample_hidden(s: JukemState, player: int, rng: random.Random) -> JukemState:
    """Deal the cards `player` has not seen anew: the opponent's hand, the pile, and a
    face-down SHOT (one the shooter's possession was ready for). When the opponent is
    answering a play or a shot, their hand is dealt so that they hold such an answer."""
    out = s.clone()
    d = s.deck
    opp = 1 - player
    pool = unseen_by(s, player)
    if s.shot >= 0 and s.turn == opp:
        ready = [c for c in pool if d.kind[c] == Kind.SHOT and d.setup[c] <= s.ready]
        out.shot = ready[rng.randrange(len(ready))] if ready else s.shot
        pool.remove(out.shot)
    size = len(s.hands[opp])
    answering = s.current_player() == opp and s.phase in (PENALTY, SAVE)
    for _ in range(20):  # the opponent who is answering holds an answer: deal until so
        rng.shuffle(pool)
        out.hands[opp] = pool[:size]
        if not answering or len(out.legal_actions()) > 1:
            break
    out.pile = sorted(pool[size:])
    out._forget_legal()  # its hands and pile were dealt anew after it was asked for actions
    return out


def render(s: JukemState, player: int | None) -> str:
    """The table as `player` sees it (everything when None)."""
    d = s.deck
    ids = d.ids
    a, b = s.score
    first = f" (first half {s.first_half[0]}-{s.first_half[1]})" if s.first_half else ""
    lines = [
        f"Jukem Soccer: {half_name(s.half)}, dealer player {s.dealer}. Score {a}-{b}{first}",
        f"Goal boxes (row by row): {d.goal_picture()}.  Draw pile: {len(s.pile)} cards.",
        "Discard pile: " + (" ".join(ids[c] for c in s.discard) or "empty"),
    ]
    for p in (1 - (player or 0), player or 0) if player is not None else (0, 1):
        you = " (you)" if p == player else ""
        lines.append(f"Player {p}{you}: {s.score[p]} goals")
        poss = " ".join(ids[c] for c in s.poss[p]) or "none"
        lines.append(f"  possession ({len(s.poss[p])} setup plays): {poss}")
        if s.aside[p]:
            lines.append(f"  scored this half: {' '.join(ids[c] for c in s.aside[p])}")
        if player is None or p == player:
            lines.append("  hand:")
            lines.extend(f"    {d.describe(c)}" for c in s.hands[p])
        else:
            lines.append(f"  hand: {len(s.hands[p])} cards, face down")
    if s.shot >= 0:
        seen = player is None or player == s.turn
        lines.append(f"Player {s.turn}'s SHOT: {ids[s.shot] if seen else FACE_DOWN}")
    lines.append(_status(s))
    if player is None and s.phase == PLAY and not s.subbed:
        lines.append(f"Position: {to_position(s)}")
    return "\n".join(lines)


def _status(s: JukemState) -> str:
    ids = s.deck.ids
    if s.phase == OVER:
        if s.winner == 2:
            return "The match is a draw (no goal in the tie-break deals)."
        return f"Player {s.winner} wins the match."
    if s.phase == PLAY:
        ready = f"setup plays ready for a SHOT: {s.ready}"
        return f"Player {s.turn} to play ({ready})."
    if s.phase == PENALTY:
        return f"Player {1 - s.turn} may answer {ids[s.last]} with a PENALTY card."
    if s.phase == SAVE:
        return f"Player {1 - s.turn} may answer the face-down SHOT with a SAVE card, unseen."
    if s.phase == DRAW:
        return f"Player {s.queue[0]} draws a card."
    return "The dealer is chosen."
