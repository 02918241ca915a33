"""Why an action is illegal: the rule that forbids it, in the words of the rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.protocol import Action
from tablesports.games.jukem.actions import (
    Dealer,
    Draw,
    NoPenalty,
    NoSave,
    Pass,
    Penalty,
    Play,
    Save,
    Shot,
    Substitute,
)
from tablesports.games.jukem.cards import SETUP_KINDS
from tablesports.games.jukem.phases import DEALER, DRAW, OVER, PENALTY, PLAY, SAVE

if TYPE_CHECKING:
    from tablesports.games.jukem.state import JukemState


def illegal_reason(s: JukemState, action: Action) -> str:
    """The rule that forbids `action` in `s` (assumes it is not legal)."""
    d = s.deck
    index = d.index
    legal = ", ".join(str(a) for a in s.legal_actions())
    if s.phase == OVER:
        return "the match is over"
    if s.phase in (DEALER, DRAW):
        if isinstance(action, Draw):
            where = "is not in the draw pile" if s.phase == DRAW else "cannot be drawn now"
            return f"{action.card} {where} (cards are drawn only from the draw pile)"
        if isinstance(action, Dealer):
            return "the dealer is chosen only before the first half"
        return "this is a chance step (the dealer or a draw from the draw pile), not a decision"
    if isinstance(action, (Draw, Dealer)):
        return f"that is a chance outcome; player {s.current_player()} decides now: {legal}"
    if s.phase == PLAY:
        hand = s.hands[s.turn]
        if isinstance(action, (Play, Shot)):
            c = index[action.card]
            if c not in hand:
                return f"{action.card} is not in your hand"
            if action.jukem is not None and index[action.jukem] not in hand:
                return f"{action.jukem} is not in your hand"
            if isinstance(action, Shot) and d.setup[c] > s.ready:
                return (
                    f"{action.card} needs {d.setup[c]} setup plays made on earlier turns; "
                    f"your possession had {s.ready} when this turn began"
                )
            if s.subbed:
                return "after a substitution you play only if you can"
            return f"that play is not possible now: {legal}"
        if isinstance(action, (Substitute, Pass)):
            if s.can_play(s.turn):
                return (
                    "you hold a playable card: you must make a play (substitute or pass only "
                    "when no card in your hand is playable)"
                )
            if isinstance(action, Substitute):
                if s.subbed:
                    return "one substitution per turn"
                if not s.pile:
                    return "the draw pile is empty: no substitution"
                return f"{action.card} is not in your hand"
        if isinstance(action, (Penalty, NoPenalty, Save, NoSave)):
            return "defensive cards answer the opponent's play, not on your own turn"
        return f"the legal actions are: {legal}"
    defender = 1 - s.turn
    hand = s.hands[defender]
    if s.phase == PENALTY:
        if isinstance(action, Penalty):
            y = index[action.card]
            if y not in hand:
                return f"{action.card} is not in your hand"
            kinds = [k.name for k in SETUP_KINDS if d.against[y] >> k & 1]
            last = d.ids[s.last]
            if not d.against[y] >> d.kind[s.last] & 1:
                return f"{action.card} answers only a {' or '.join(kinds)}; the last play is {last}"
            return (
                f"{action.card} needs a possession of at least {d.min_plays[y]} plays; "
                f"it has {len(s.poss[s.turn])}"
            )
        return f"the defender answers the play {d.ids[s.last]} now: {legal}"
    if s.phase == SAVE:
        if isinstance(action, Save):
            return f"{action.card} is not in your hand"
        return f"the defender answers the face-down SHOT now: {legal}"
    return f"the legal actions are: {legal}"
