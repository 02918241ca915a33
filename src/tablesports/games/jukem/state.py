"""The Jukem Soccer state: hands, possessions, the draw pile as a set, and the turn procedure.

Cards are numbers into the deck's tables. The draw pile is kept as a sorted list: its order is
hidden and never stored, because every draw is a chance outcome over the cards in it.

A turn goes PLAY -> (PENALTY or SAVE, the defender's answer) -> DRAW (replenish both hands to
five) -> the next turn. A substitution is PLAY -> DRAW (one card) -> PLAY or the end of the turn.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL, Action, State
from tablesports.games.jukem.actions import (
    NO_PENALTY,
    NO_SAVE,
    PASS,
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
from tablesports.games.jukem.cards import Kind
from tablesports.games.jukem.legality import illegal_reason
from tablesports.games.jukem.phases import (
    AFTER_SUB,
    AFTER_TURN,
    DEALER,
    DRAW,
    OVER,
    PENALTY,
    PLAY,
    SAVE,
)
from tablesports.games.jukem.views import (
    observation,
    render,
    resample_hidden,
    state_json,
    to_position,
)

if TYPE_CHECKING:
    from tablesports.games.jukem.game import JukemGame

HEADER, JUKEM, SAVE_KIND = int(Kind.HEADER), int(Kind.JUKEM), int(Kind.SAVE)
_DEALERS = ((Dealer(0), 0.5), (Dealer(1), 0.5))


class JukemState(State):
    """A position of a Jukem Soccer match (two halves and, on a tie, sudden-death deals)."""

    game: JukemGame
    keeps_outcomes = False
    """`is_legal` finds a draw by its card in the pile, faster than a scan of the pairs."""

    def __init__(self, game: JukemGame) -> None:
        self.game = game
        self.deck = game.deck
        self.history = []
        self.hands: list[list[int]] = [[], []]
        self.poss: list[list[int]] = [[], []]
        """Each player's possession: the setup plays made toward a shot."""
        self.aside: list[list[int]] = [[], []]
        """Scored possessions of this half, set aside with their SHOT on top."""
        self.discard: list[int] = []
        self.pile: list[int] = []
        self.score = [0, 0]
        self.first_half: list[int] | None = None
        self.half = 1
        """1 and 2 are the halves; 3 and up are the sudden-death deals of a tie-break."""
        self.dealer = 0
        self.turn = 0
        self.phase = DEALER
        self.queue: list[int] = []
        """Players still to draw one card each, in order."""
        self.after = AFTER_TURN
        self.next_turn = 0
        self.ready = 0
        """The active player's setup plays at the start of this turn (a SHOT needs them)."""
        self.subbed = False
        self.last = -1
        """The setup play waiting for the defender's PENALTY answer."""
        self.shot = -1
        """The face-down SHOT waiting for the defender's SAVE answer."""
        self.passes = 0
        self.winner = -1
        """0 or 1 once won, 2 for a drawn match."""
        self.late: list[Event] = []
        """Events of procedures that run at the end of a turn (the end of a half)."""

    # --- whose turn and what can be done ---------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase <= DRAW:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return 1 - self.turn

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        g = self.game
        if phase == PLAY:
            return self._plays()
        if phase == PENALTY:
            acts: list[Action] = [g.penalty_act[y] for y in self._penalties()]
            acts.append(NO_PENALTY)
            return acts
        if phase == SAVE:
            kind = self.deck.kind
            acts = [g.save_act[v] for v in self.hands[1 - self.turn] if kind[v] == SAVE_KIND]
            acts.append(NO_SAVE)
            return acts
        return []

    def _plays(self) -> list[Action]:
        g = self.game
        needed, kind, play_act = self.deck.plays_needed, self.deck.kind, g.play_act
        ready = self.ready
        hand = self.hands[self.turn]
        acts: list[Action] = []
        cards: list[int] = []
        jukems: list[int] = []
        for c in hand:
            if needed[c] <= ready:
                acts.append(play_act[c])
                cards.append(c)
            elif kind[c] == JUKEM:
                jukems.append(c)
        if acts:
            for j in jukems:
                acts.extend(g.jukem_act[j][c] for c in cards)
            return acts
        if self.pile and not self.subbed:
            acts = [g.sub_act[c] for c in hand]
        acts.append(PASS)
        return acts

    def _penalties(self) -> list[int]:
        """The defender's PENALTY cards that may answer the last play."""
        d = self.deck
        answers, min_plays = d.answers[d.kind[self.last]], d.min_plays
        plays = len(self.poss[self.turn])
        found: list[int] = []
        for y in self.hands[1 - self.turn]:  # a loop: a comprehension is one more call
            if answers[y] and plays >= min_plays[y]:
                found.append(y)
        return found

    def can_play(self, player: int) -> bool:
        """Whether `player` holds a setup card or a SHOT their possession is ready for."""
        needed = self.deck.plays_needed
        plays = len(self.poss[player])
        return any(needed[c] <= plays for c in self.hands[player])

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == DRAW:
            pile = self.pile
            pairs = self.game.draw_pairs[len(pile)]
            if len(pile) == 1:
                return [pairs[pile[0]]]
            # one getter call picks every pile card's pair in C (a map calls per card)
            return list(itemgetter(*pile)(pairs))
        if self.phase == DEALER:
            return list(_DEALERS)
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase == DRAW:
            pile = self.pile
            return self.game.draw_act[pile[int(rng.random() * len(pile))]]
        return super().sample_chance(rng)

    def is_legal(self, action: Action) -> bool:
        # a draw is legal when its card lies in the pile: asked of a card from `sample_chance`
        # (which lists no outcomes), this saves `apply_action` listing the whole pile
        if self.phase == DRAW and type(action) is Draw and isinstance(action.card, str):
            c = self.deck.index.get(action.card)
            return c is not None and c in self.pile
        return super().is_legal(action)

    def why_illegal(self, action: Action) -> str:
        return illegal_reason(self, action)

    # --- the procedure ------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        try:
            events = _STEPS[type(action)](self, action)
        except KeyError:
            raise AssertionError(f"unknown action {action!r}") from None
        if self.late:
            events = events + self.late
            self.late = []
        return events

    def _draw(self, action: Draw) -> list[Event]:
        c = self.deck.index[action.card]
        pile, queue = self.pile, self.queue
        pile.remove(c)
        self.hands[queue.pop(0)].append(c)
        if not (queue and pile):  # else the next draw, most often
            self._continue()
        return []

    def _dealer(self, action: Dealer) -> list[Event]:
        self.dealer = action.player
        self._start_deal()
        return [Event("dealer", f"player {action.player} deals the first half")]

    def _substitute(self, action: Substitute) -> list[Event]:
        """Nothing playable: discard the card face up, draw one, then play if the new card
        allows."""
        c = self.deck.index[action.card]
        self.hands[self.turn].remove(c)
        self.discard.append(c)
        self.subbed = True
        self.passes = 0
        self.queue = [self.turn]
        self.after = AFTER_SUB
        self.phase = DRAW
        return [self.game.sub_event[self.turn][c]]

    def _pass(self, action: Pass = PASS) -> list[Event]:
        """Nothing playable and no substitution; two passes in a row end the half."""
        self.passes += 1
        events = [Event("pass", f"player {self.turn} cannot play and passes")]
        if self.passes >= 2:
            return events + self._end_half("neither player can play or substitutes")
        self._end_turn(1 - self.turn)
        return events

    def _play(self, action: Play) -> list[Event]:
        p, index = self.turn, self.deck.index
        c = index[action.card]
        hand = self.hands[p]
        hand.remove(c)
        self.passes = 0
        self.poss[p].append(c)
        if action.jukem is not None:
            j = index[action.jukem]
            hand.remove(j)
            self.discard.append(j)
            self.last = c
            events = [
                Event("jukem", f"player {p}: JUKEM! {action.card}, unblockable", rule="jukem")
            ]
            return events + self._play_stands()
        self.last = c
        events = [self.game.play_event[p][c]]
        # The defender is asked after every setup play some PENALTY of the deck may answer,
        # holding one or not: asking only a holder would tell the player what is in the hand.
        if len(self.poss[p]) >= self.deck.answered_from[self.deck.kind[c]]:
            self.phase = PENALTY
            return events
        return events + self._play_stands()

    def _play_stands(self) -> list[Event]:
        """The setup play was not penalised: a HEADER earns another turn."""
        p = self.turn
        header = self.deck.kind[self.last] == HEADER
        self.last = -1
        self._end_turn(p if header else 1 - p)
        if header:
            return [self.game.header_event[p]]
        return []

    def _penalty(self, action: Penalty) -> list[Event]:
        p, d = self.turn, self.deck
        y = d.index[action.card]
        self.hands[1 - p].remove(y)
        if d.removes_all[y]:
            removed = self.poss[p]
            self.poss[p] = []
        else:
            removed = [self.poss[p].pop()]
        self.discard.extend(removed)
        self.discard.append(y)
        self.last = -1
        names = " ".join(d.ids[c] for c in removed)
        self._end_turn(1 - p)
        return [
            Event("penalty", f"player {1 - p} plays {d.ids[y]}: {names} removed", rule="penalty")
        ]

    def _shot(self, action: Shot) -> list[Event]:
        p = self.turn
        c = self.deck.index[action.card]
        self.hands[p].remove(c)
        self.passes = 0
        self.shot = c
        if action.jukem is not None:
            j = self.deck.index[action.jukem]
            self.hands[p].remove(j)
            self.discard.append(j)
            jukem = Event("jukem", f"player {p}: JUKEM SHOT!", rule="jukem")
            return [jukem, *self._resolve_shot(-1)]
        events = [self.game.shot_event[p]]
        if self.deck.saves:  # asked holding a SAVE or not, for the same reason as a PENALTY
            self.phase = SAVE
            return events
        return events + self._resolve_shot(-1)

    def _resolve_shot(self, save: int) -> list[Event]:
        """Both cards face up: the shot is blocked when the SAVE has an X on every ball."""
        p, d = self.turn, self.deck
        s = self.shot
        self.shot = -1
        poss = self.poss[p]
        self.poss[p] = []
        shown = f"{d.ids[s]} against {d.ids[save] if save >= 0 else 'no save'}"
        if save >= 0:
            self.hands[1 - p].remove(save)
            self.discard.append(save)
            if d.balls[s] & ~d.xs[save] == 0:
                self.discard.extend(poss)
                self.discard.append(s)
                self._end_turn(1 - p)
                return [Event("save", f"{shown}: blocked by player {1 - p}", rule="save")]
        self.aside[p].extend(poss)
        self.aside[p].append(s)
        self.score[p] += 1
        events = [Event("goal", f"{shown}: GOAL for player {p}", {"player": p}, rule="goal")]
        if self.half >= 3:
            self.winner = p
            self.phase = OVER
            return [*events, Event("end", f"player {p} wins the tie-break", rule="tie-break")]
        self._end_turn(1 - p)
        return events

    def _end_turn(self, nxt: int) -> None:
        """Both players replenish to five (the active player first), then `nxt` plays."""
        p, size = self.turn, self.deck.hand_size
        queue = [p] * (size - len(self.hands[p]))
        other = size - len(self.hands[1 - p])
        if other:  # the other player's hand is most often full
            queue += [1 - p] * other
        self.queue = queue
        self.after = AFTER_TURN
        self.next_turn = nxt
        if queue and self.pile:  # the draws, most often
            self.phase = DRAW
        else:
            self._continue()

    def _continue(self) -> None:
        if self.queue and self.pile:
            self.phase = DRAW
            return
        self.queue = []
        if self.after == AFTER_SUB:
            self.after = AFTER_TURN
            if self.can_play(self.turn):
                self.phase = PLAY
            else:
                self._end_turn(1 - self.turn)
            return
        self._begin_turn(self.next_turn)

    def _begin_turn(self, p: int) -> None:
        """Start `p`'s turn; with the draw pile empty, only a player who can play plays."""
        if not self.pile and not self.can_play(p):
            if not self.can_play(1 - p):
                self.late += self._end_half("the draw pile is empty and no plays remain")
                return
            p = 1 - p
        self.turn = p
        self.ready = len(self.poss[p])
        self.subbed = False
        self.phase = PLAY

    def _start_deal(self) -> None:
        """Shuffle the whole deck; the dealer deals five each, the other player starts."""
        d = self.deck
        self.pile = list(range(d.size))
        self.hands = [[], []]
        self.poss = [[], []]
        self.aside = [[], []]
        self.discard = []
        self.passes = 0
        self.turn = 1 - self.dealer
        self.queue = [1 - self.dealer, self.dealer] * d.hand_size
        self.after = AFTER_TURN
        self.next_turn = 1 - self.dealer
        self.phase = DRAW

    def _end_half(self, why: str) -> list[Event]:
        a, b = self.score
        if self.half <= 2:
            name = "first half" if self.half == 1 else "second half"
            text = f"end of the {name} ({why}): {a}-{b}"
        else:  # its own sentence, so that the page translates it whole, not word by word
            text = f"end of the tie-break deal {self.half - 2} ({why}): {a}-{b}"
        events = [Event("half", text, rule="end of a half")]
        d = self.deck
        if self.half == 1:
            self.first_half = [a, b]
        if self.half == d.halves and a != b:
            self.winner = 0 if a > b else 1
        elif self.half >= d.last_deal:  # level after the last deal (a tie-break's has no goal)
            self.winner = 2
        if self.winner >= 0:
            self.phase = OVER
            return events
        self.half = 3 if self.half == d.halves else self.half + 1  # tie-break deals: 3, 4, ...
        self.dealer = 1 - self.dealer
        self._start_deal()
        return events

    # --- the end ----------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner == 0:
            return [1.0, -1.0]
        if self.winner == 1:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def figures(self) -> dict[str, float]:
        """Goals per match and per half, tie-breaks and comebacks (for tuning the deck)."""
        first = self.first_half or [0, 0]
        total = sum(self.score)
        tiebreak_goal = 1 if self.half >= 3 and self.winner < 2 else 0
        out = {
            "goals": float(total),
            "goals_in_the_two_halves": float(total - tiebreak_goal),
            "goals_in_the_first_half": float(sum(first)),
            "goals_in_the_second_half": float(total - tiebreak_goal - sum(first)),
            "tied_after_two_halves": float(self.half >= 3),
        }
        leader = (first[0] > first[1]) - (first[0] < first[1])
        if leader:  # a comeback needs a half-time leader
            won = 1 if self.winner == 0 else -1 if self.winner == 1 else 0
            out["half_time_leader_loses"] = float(won == -leader)
        return out

    # --- copies, files, views -----------------------------------------------------------------
    def clone(self) -> JukemState:
        s = JukemState.__new__(JukemState)
        s.__dict__.update(self.__dict__)
        s.history = self.history.copy()
        s.hands = [self.hands[0].copy(), self.hands[1].copy()]
        s.poss = [self.poss[0].copy(), self.poss[1].copy()]
        s.aside = [self.aside[0].copy(), self.aside[1].copy()]
        s.discard = self.discard.copy()
        s.pile = self.pile.copy()
        s.score = self.score.copy()
        s.first_half = None if self.first_half is None else self.first_half.copy()
        s.queue = self.queue.copy()
        s.late = self.late.copy()
        return s

    def to_json(self) -> dict[str, Any]:
        return state_json(self)

    def observation(self, player: int) -> dict[str, Any]:
        return observation(self, player)

    def resample_hidden(self, player: int, rng: random.Random) -> JukemState:
        return resample_hidden(self, player, rng)

    def action_seen_by(self, action: Action, viewer: int) -> str | None:
        """A drawn card is seen by its drawer only; a SHOT or SAVE goes down face down."""
        match action:
            case Draw():
                return str(action) if self.queue and self.queue[0] == viewer else None
            case Shot(jukem=None) if viewer != self.turn:
                return "shot (face down)"
            case Save() if viewer == self.turn:
                return "save (face down)"
        return str(action)

    def render(self, player: int | None = None) -> str:
        return render(self, player)

    def position(self) -> str:
        """The position in the game's notation (a turn-start position)."""
        return to_position(self)


def _no_penalty(state: JukemState, action: Action) -> list[Event]:
    return state._play_stands()


def _save(state: JukemState, action: Save) -> list[Event]:
    return state._resolve_shot(state.deck.index[action.card])


def _no_save(state: JukemState, action: Action) -> list[Event]:
    return state._resolve_shot(-1)


_STEPS: dict[type, Any] = {
    Draw: JukemState._draw,
    Play: JukemState._play,
    Shot: JukemState._shot,
    NoPenalty: _no_penalty,
    Penalty: JukemState._penalty,
    Save: _save,
    NoSave: _no_save,
    Substitute: JukemState._substitute,
    Pass: JukemState._pass,
    Dealer: JukemState._dealer,
}
"""The step for each kind of action, by its type (one lookup instead of a chain of matches)."""
