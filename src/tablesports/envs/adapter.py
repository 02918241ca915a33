"""What every adapter needs from a game: its tensor, its action ids and mask, chance resolved.

Only the protocol, the game's `tensor.py` (found through the registry) and `action_codec()`:
nothing game-specific, so a new game package is adapted as soon as it has those two.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from tablesports.core.errors import IllegalActionError, TablesportsError, UnknownGameError
from tablesports.core.protocol import CHANCE, Action, ActionCodec, Game, State
from tablesports.core.registry import game_ids, game_tensor, load

_MET_KEPT = 100_000
"""How many action objects `ids_of` remembers by identity before it starts again."""


class GameAdapter:
    """A loaded game with its observation tensor and its action codec."""

    def __init__(self, game_id: str, **options: Any) -> None:
        if game_id not in game_ids():
            raise UnknownGameError(game_id, game_ids())
        self.game: Game = load(game_id, **options)
        # a game whose play has no end of its own names the options that bound it (RL, and
        # OpenSpiel's max_game_length): they are set here unless given
        bound: dict[str, Any] = getattr(self.game, "bounded_options", {})
        if any(k not in options for k in bound):
            self.game = load(game_id, **{**bound, **options})
        self.game_id = game_id
        self.tensor = game_tensor(game_id)
        self.shape: tuple[int, ...] = tuple(self.tensor.tensor_shape(self.game))
        # where every entry of the tensor lies: the game's `OBSERVATION_RANGE` (default [0, 1])
        # for every entry, but the named pieces that `tensor.observation_bounds(game)` lists
        low, high = getattr(self.tensor, "OBSERVATION_RANGE", (0.0, 1.0))
        self.low: np.ndarray = np.full(self.shape, low, np.float32)
        self.high: np.ndarray = np.full(self.shape, high, np.float32)
        bounds = getattr(self.tensor, "observation_bounds", None)
        if bounds is not None:
            pieces = dict(self.describe_observation())
            flat_low, flat_high = self.low.reshape(-1), self.high.reshape(-1)
            for name, (lo, hi) in bounds(self.game).items():
                flat_low[pieces[name]], flat_high[pieces[name]] = lo, hi
        codec = self.game.action_codec()
        if codec is None:
            raise TablesportsError(
                f"game {game_id!r} has no finite action codec: give its Game class an "
                "action_codec() returning an ActionCodec over every action, for the RL adapters"
            )
        self.codec: ActionCodec = codec
        self.num_actions = codec.num_actions
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(codec.actions)}
        self._actions = codec.actions  # kept alive, so their id() stays theirs
        # ids by object identity: the codec's actions, and the game's own (cached) action
        # objects once met, kept alive here so that their id() stays theirs
        self._by_id = {id(a): i for i, a in enumerate(codec.actions)}
        self._met: list[Any] = []
        self._getters: dict[type, Callable[[Any], Any] | None] = {}
        self._by_class: dict[type, tuple[Callable[[Any], Any] | None, dict[Any, int]]] = {}
        fast = getattr(self.tensor, "encode_state", None)
        self._encode: Callable[[State, int], np.ndarray] = fast or self._slow_encode
        # the game's own quick way to the legal ids, if it has one (`tensor.legal_ids`)
        self._fast_ids: Callable[[State, Callable[[Any], list[int]]], np.ndarray] | None = getattr(
            self.tensor, "legal_ids", None
        )
        # and its way of writing them into the mask at once (`tensor.legal_mask`), if it has one
        self._fast_mask: Callable[[State, Callable[[Any], list[int]], np.ndarray], None] | None = (
            getattr(self.tensor, "legal_mask", None)
        )

    def _slow_encode(self, state: State, player: int) -> np.ndarray:
        return self.tensor.encode(self.game, state.observation(player), player)

    def describe_observation(self) -> list[tuple[str, slice]]:
        """Each named piece of the flattened observation tensor and its slice, in order (from
        the game's `tensor.describe`; the whole tensor as one piece if it has none)."""
        describe = getattr(self.tensor, "describe", None)
        if describe is None:
            return [("observation", slice(0, int(np.prod(self.shape))))]
        return list(describe(self.game))

    def private_slots(self) -> np.ndarray:
        """A bool per entry of the flattened tensor: True where it shows what only the observing
        player may see (the pieces the game's `tensor.PRIVATE` names), False where public."""
        out = np.zeros(int(np.prod(self.shape)), bool)
        private = set(getattr(self.tensor, "PRIVATE", ()))
        for name, where in self.describe_observation():
            if name in private:
                out[where] = True
        return out

    def max_chance_outcomes(self) -> int:
        """The most outcomes a chance node of this game lists (the game's
        `tensor.max_chance_outcomes`); 0 in a game without chance."""
        if self.game.info.chance == "none":
            return 0
        bound = getattr(self.tensor, "max_chance_outcomes", None)
        return int(bound(self.game)) if bound is not None else 1024

    def observe(self, state: State, player: int) -> np.ndarray:
        """`player`'s tensor of `state` (float32, `self.shape`)."""
        return self._encode(state, player)

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions, in their order."""
        if self._fast_ids is not None:
            return self._fast_ids(state, self.ids_of).tolist()
        return self.ids_of(state.legal_actions())

    def ids_of(self, legal: Any) -> list[int]:
        """The ids of these actions. An object met before (the codec's own, or one the game
        hands out again and again) is found by identity, all in C; a new one by its fields
        (see `_key_of_class`), then remembered."""
        by_id = self._by_id
        out: list[Any] = list(map(by_id.get, map(id, legal)))
        if None not in out:
            return out
        by_class, met = self._by_class, self._met
        if len(met) > _MET_KEPT:  # actions made afresh each time: start again
            self._by_id = by_id = {id(a): i for i, a in enumerate(self._actions)}
            met.clear()
        for k, a in enumerate(legal):
            if out[k] is None:
                cls = a.__class__
                if cls not in by_class:
                    self._learn_classes(cls)
                getter, ids = by_class[cls]
                out[k] = by_id[id(a)] = ids[a if getter is None else getter(a)]
                met.append(a)
        return out

    def _learn_classes(self, cls: type) -> None:
        """Group the codec's actions by their fields, every class at once when the first is
        asked for (one pass over the codec, not one per class: Blood Bowl has ~20,000 ids
        in some 25 classes)."""
        by_class = self._by_class
        for i, a in enumerate(self._actions):
            kind = type(a)
            known = by_class.get(kind)
            if known is None:
                self._key_of_class(kind)
                known = by_class[kind] = (self._getters[kind], {})
            getter, ids = known
            ids[a if getter is None else getter(a)] = i
        if cls not in by_class:  # an action of a class the codec does not list
            self._key_of_class(cls)
            by_class[cls] = (self._getters[cls], {})

    def _key_of_class(self, cls: type) -> None:
        """For a dataclass action, a getter of the fields its `__eq__` compares: a plain tuple,
        hashed and compared in C, several times faster than the dataclass's own `__hash__`
        and `__eq__` (which the mask would call for every legal action). Any other action is
        its own key (None)."""
        if cls not in self._getters:
            params = getattr(cls, "__dataclass_params__", None)
            eq = params is not None and params.eq
            names = [f.name for f in dataclasses.fields(cls) if f.compare] if eq else []
            self._getters[cls] = operator.attrgetter(*names) if names else None

    def mask(self, state: State) -> np.ndarray:
        """The legal-action mask of the player to move (int8, one slot per action id)."""
        out = np.zeros(self.num_actions, np.int8)
        if self._fast_mask is not None:
            self._fast_mask(state, self.ids_of, out)
        elif self._fast_ids is not None:
            out[self._fast_ids(state, self.ids_of)] = 1
        else:
            out[self.ids_of(state.legal_actions())] = 1
        return out

    def action(self, state: State, action_id: Any, mask: np.ndarray | None = None) -> Action:
        """The legal action with id `action_id`; raises `IllegalActionError` with the game's
        reason (and changes nothing) when it is out of range or masked out. `mask`, when
        given, is the state's current mask (it saves listing the legal actions again)."""
        try:
            i = int(action_id)
        except (TypeError, ValueError):
            raise IllegalActionError(action_id, "an action is an integer id") from None
        if not 0 <= i < self.num_actions:
            raise IllegalActionError(i, f"action ids run from 0 to {self.num_actions - 1}")
        action = self.codec.actions[i]
        if not (mask[i] if mask is not None else state.is_legal(action)):
            raise IllegalActionError(f"{i} ({action})", state.why_illegal(action))
        return action

    def play_chance(self, state: State, rng: random.Random) -> None:
        """Resolve chance nodes with `rng` until a player is to move or the game ends."""
        while state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
