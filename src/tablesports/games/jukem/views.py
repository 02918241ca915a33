"""What each seat sees: JSON, observations, resampling of hidden cards, and the text picture."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tablesports.core.errors import NotationError
from tablesports.games.jukem.cards import Kind
from tablesports.games.jukem.state import (
    DRAW,
    OVER,
    PENALTY,
    PHASES,
    PLAY,
    SAVE,
    JukemState,
)

if TYPE_CHECKING:
    from tablesports.games.jukem.game import JukemGame

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


def state_from_json(game: JukemGame, data: dict[str, Any]) -> JukemState:
    s = JukemState(game)
    index = game.deck.index

    def cards(names: list[str]) -> list[int]:
        try:
            return [index[n] for n in names]
        except KeyError as exc:
            bad = exc.args[0]
            raise NotationError(f"jukem state: {bad!r} is not a card of this deck") from None

    try:
        s.half, s.dealer, s.turn = int(data["half"]), int(data["dealer"]), int(data["turn"])
        s.phase = PHASES.index(data["phase"])
        s.score = [int(x) for x in data["score"]]
        s.first_half = None if data["first_half"] is None else list(data["first_half"])
        s.hands = [cards(h) for h in data["hands"]]
        s.poss = [cards(p) for p in data["possessions"]]
        s.aside = [cards(a) for a in data["aside"]]
        s.discard = cards(data["discard"])
        s.pile = cards(data["pile"])
        s.queue = [int(p) for p in data["queue"]]
        s.after, s.next_turn, s.ready = int(data["after"]), int(data["next_turn"]), data["ready"]
        s.subbed = bool(data["substituted"])
        s.last = index[data["last_play"]] if data["last_play"] else -1
        s.shot = index[data["shot"]] if data["shot"] else -1
        s.passes, s.winner = int(data["passes"]), int(data["winner"])
        s.history = s.history_from_json(data["history"])
    except (KeyError, ValueError, TypeError) as exc:
        raise NotationError(f"jukem state JSON: missing or bad field: {exc}") from None
    return s


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
        from tablesports.games.jukem.notation import to_position

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
