"""What a player infers about the opponent's hand from the opponent's choices.

`jukem-greedy` answers and plays by fixed rules, so its choices say what it does not hold:

- a setup play of mine it did not penalise: it holds no YELLOW card that answers that play, and
  no RED one once my possession has four plays (`red_at`);
- a SHOT of mine it did not try to save: it holds no SAVE that blocks any SHOT my possession was
  ready for;
- a setup play of its own while a SHOT was playable: it holds no such SHOT (it shoots at once);
  a SHOT without the JUKEM: it holds no JUKEM (it shoots the JUKEM SHOT first);
- a substitution or a pass: nothing in its hand was playable (the rules say so).

Each such fact is about the hand it held *then*. It has drawn cards since, so a card of the
excluded kinds in its hand now is possible if it came with a later draw: the chance that the
offending cards are all among the `k` cards drawn since is `C(n-v, k-v) / C(n, k)` for `v`
offending cards in a hand of `n` (which cards are the new ones is unknown, taken at random).
`resample` deals the opponent's hand by rejection sampling with that weight (times a small floor
`slack`, for an opponent that does not follow the model), so a search's determinisations agree
with the opponent's choices as well as with the cards in view.

Only what the observer sees is read: the actions' public parts (the card of a setup play, a
penalty or a substitution, that a SHOT or SAVE was played, not which while face down), the
counts of cards drawn, the possessions and whose turn it is. The hidden cards of the replayed
history are in the replay state but never read.
"""

from __future__ import annotations

import random
from math import comb

from tablesports.core.protocol import Game
from tablesports.games.jukem.actions import (
    Dealer,
    Draw,
    Pass,
    Penalty,
    Play,
    Save,
    Shot,
    Substitute,
)
from tablesports.games.jukem.cards import Kind
from tablesports.games.jukem.phases import PLAY, SAVE
from tablesports.games.jukem.state import JukemState

TRIES = 40
"""Hands dealt per determinisation before the best one found is kept."""


class GreedyInference:
    """Facts about the opponent's hand read from its choices, modelled as `jukem-greedy`'s."""

    def __init__(self, game: Game, slack: float = 0.03, red_at: int = 4) -> None:
        self.game = game
        self.slack = slack
        self.red_at = red_at
        self.deck = getattr(game, "deck")  # noqa: B009 (a JukemGame)
        d = self.deck
        self.shots_by_ready = [
            _mask(c for c in range(d.size) if d.kind[c] == Kind.SHOT and d.setup[c] <= r)
            for r in range(d.max_setup + 6)
        ]
        self.setups = _mask(c for c in range(d.size) if d.kind[c] < Kind.SHOT)
        self.jukems = _mask(c for c in range(d.size) if d.kind[c] == Kind.JUKEM)
        self._start(-1)

    def _start(self, player: int) -> None:
        self.player = player
        self.replay: JukemState | None = None
        self.done = 0
        self._last: object = None
        self.draws = 0
        """Cards the opponent has drawn since the deal began (public: the count only)."""
        self.facts: list[tuple[int, int]] = []
        """(cards it did not hold, its draw count then), for the current deal."""

    # --- reading the history ------------------------------------------------------------------
    def observe(self, state: JukemState, player: int) -> None:
        """Catch up with `state`'s history (from the start of the match)."""
        history = state.history
        if history and not isinstance(history[0][1], Dealer):
            # a match begun from a position (`play --position`, a test): its earlier choices
            # are unknown, so nothing is inferred (the replay would start from the wrong deal)
            self._start(player)
            return
        if (
            self.replay is None
            or player != self.player
            or self.done > len(history)
            or (self.done and history[self.done - 1] is not self._last)
        ):
            self._start(player)
            self.replay = self.game.new_initial_state()  # type: ignore[assignment]
        r = self.replay
        assert r is not None
        for i in range(self.done, len(history)):
            _, action = history[i]
            nxt = history[i + 1][1] if i + 1 < len(history) else None
            self._note(r, action, nxt, i + 1 < len(history))
            r.apply_legal(action)
            if not r.hands[1 - player] and not r.poss[1 - player]:  # a new deal
                self.facts = []
                self.draws = 0
        self.done = len(history)
        self._last = history[-1] if history else None

    def _note(self, r: JukemState, action: object, nxt: object, known: bool) -> None:
        d = self.deck
        me = self.player
        opp = 1 - me
        if isinstance(action, Draw):
            if r.queue and r.queue[0] == opp:
                self.draws += 1
            return
        if r.phase != PLAY:
            return
        if r.turn == opp:
            if isinstance(action, (Substitute, Pass)):  # nothing was playable
                self._fact(self.setups | self.shots_by_ready[min(r.ready, d.max_setup)])
            elif isinstance(action, Play) and action.jukem is None:
                self._fact(self.shots_by_ready[min(r.ready, d.max_setup)])  # it would have shot
            elif isinstance(action, Shot) and action.jukem is None:
                self._fact(self.jukems)  # it would have played the JUKEM SHOT
            return
        if not known:  # the opponent's answer is not yet in the history
            return
        if isinstance(action, Play) and action.jukem is None and not isinstance(nxt, Penalty):
            kind = d.kind[d.index[action.card]]
            length = len(r.poss[me]) + 1
            bit = 1 << kind
            self._fact(
                _mask(
                    y
                    for y in range(d.size)
                    if d.kind[y] >= Kind.YELLOW
                    and d.against[y] & bit
                    and length >= d.min_plays[y]
                    and (not d.removes_all[y] or length >= self.red_at)
                )
            )
        elif isinstance(action, Shot) and action.jukem is None and not isinstance(nxt, Save):
            public = set(r.discard)
            for p in (0, 1):
                public.update(r.poss[p])
                public.update(r.aside[p])
            ready = [
                c
                for c in range(d.size)
                if d.kind[c] == Kind.SHOT and d.setup[c] <= r.ready and c not in public
            ]
            self._fact(
                _mask(
                    v
                    for v in range(d.size)
                    if d.kind[v] == Kind.SAVE and any(d.balls[c] & ~d.xs[v] == 0 for c in ready)
                )
            )

    def _fact(self, excluded: int) -> None:
        if excluded:
            self.facts.append((excluded, self.draws))

    # --- dealing hands that agree -----------------------------------------------------------
    def weight(self, hand: list[int]) -> float:
        """How likely the opponent's choices were with `hand` (1 when they say nothing)."""
        held = _mask(hand)
        n = len(hand)
        w = 1.0
        for excluded, then in self.facts:
            v = (held & excluded).bit_count()
            if v:
                k = self.draws - then
                p = comb(n - v, k - v) / comb(n, k) if v <= k <= n else (1.0 if k > n else 0.0)
                w *= p + self.slack * (1.0 - p)
        return w

    def resample(self, state: JukemState, player: int, rng: random.Random) -> JukemState:
        """`state.resample_hidden`, with the opponent's hand drawn by its choices' likelihood
        (and, while its SHOT lies face down, the SHOT it would have chosen from that hand)."""
        out = state.resample_hidden(player, rng)
        opp = 1 - player
        if state.current_player() != player:
            return out
        shooting = state.phase == SAVE and state.turn == opp and out.shot >= 0
        if not self.facts and not shooting:
            return out
        pool = out.hands[opp] + out.pile
        if shooting:
            pool.append(out.shot)
        size = len(out.hands[opp]) + shooting
        best, best_w = None, -1.0
        for _ in range(TRIES):
            hand = rng.sample(pool, size)
            w = self.weight(hand)
            if shooting:
                shot = self._greedy_shot(state, hand)
                if shot < 0:
                    continue
                hand.remove(shot)
                hand.append(shot)  # the SHOT last, split off below
            if rng.random() < w:
                best = hand
                break
            if w > best_w:
                best, best_w = hand, w
        if best is None:
            return out
        if shooting:
            out.shot = best.pop()
        chosen = set(best)
        if shooting:
            chosen.add(out.shot)
        out.hands[opp] = best
        out.pile = sorted(c for c in pool if c not in chosen)
        out._forget_legal()
        return out

    def _greedy_shot(self, state: JukemState, hand: list[int]) -> int:
        """The SHOT `jukem-greedy` plays from `hand` (the one its unseen SAVEs block least),
        or -1 when `hand` holds no SHOT the possession is ready for."""
        d = self.deck
        ready = [c for c in hand if d.kind[c] == Kind.SHOT and d.setup[c] <= state.ready]
        if not ready:
            return -1
        if len(ready) == 1:
            return ready[0]
        public = set(state.discard)
        for p in (0, 1):
            public.update(state.poss[p])
            public.update(state.aside[p])
        held = set(hand)
        saves = [
            v for v in range(d.size) if d.kind[v] == Kind.SAVE and v not in public and v not in held
        ]
        return min(ready, key=lambda c: sum(1 for v in saves if d.balls[c] & ~d.xs[v] == 0))


def _mask(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c
    return m
