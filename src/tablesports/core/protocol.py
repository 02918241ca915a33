"""The game protocol every game implements: `Game`, `State`, `GameInfo`.

The vocabulary follows OpenSpiel. A state is advanced by `apply_action`, both for player moves
and for chance outcomes (dice, cards), so a test forces any roll by applying the outcome it
wants. Actions are small frozen, hashable objects whose `str()` parses back with
`Game.parse_action`, without needing the position.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from tablesports.core.chance import sample_outcome
from tablesports.core.errors import (
    ActionParseError,
    IllegalActionError,
    NotationError,
    OptionError,
)
from tablesports.core.events import Event

CHANCE = -1
"""`current_player()` at a chance node: apply one of `chance_outcomes()`."""
TERMINAL = -4
"""`current_player()` once the game is over."""

Action = Hashable
"""Any frozen, hashable object whose `str()` is its text form."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a program needs to know about a game before playing it."""

    id: str
    title: str
    version: int
    players: int
    chance: Literal["none", "explicit", "sampled"]
    information: Literal["perfect", "imperfect"]
    action_kind: Literal["discrete", "parametric"]
    kind: str
    min_return: float = -1.0
    max_return: float = 1.0
    max_game_length: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class NoOptions(BaseModel):
    """The options of a game that takes none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def validate_options(model: type[BaseModel], options: dict[str, Any], owner: str) -> BaseModel:
    """Validate `options` against `model`, turning pydantic's report into an `OptionError`."""
    try:
        return model(**options)
    except ValidationError as exc:
        allowed = ", ".join(model.model_fields) or "none"
        problems = []
        for err in exc.errors():
            name = ".".join(str(p) for p in err["loc"]) or "?"
            if err["type"] == "extra_forbidden":
                problems.append(f"unknown option {name!r} (the options are: {allowed})")
            else:
                problems.append(f"option {name!r}: {err['msg']} (got {err.get('input')!r})")
        raise OptionError(f"{owner}: " + "; ".join(problems)) from None


class Game(ABC):
    """A game with its options fixed; it makes initial states and reads positions."""

    info: ClassVar[GameInfo]
    Options: ClassVar[type[BaseModel]] = NoOptions

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # every state read from outside (JSON, a position, a record's start) is checked
        for name in ("state_from_json", "from_position"):
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_checks", False):
                setattr(cls, name, _checking(method))

    def __init__(self, **options: Any) -> None:
        self.options = validate_options(self.Options, options, f"game {self.info.id!r}")

    def __repr__(self) -> str:
        opts = self.options_json()
        return f"load({self.info.id!r}{''.join(f', {k}={v!r}' for k, v in opts.items())})"

    def options_json(self) -> dict[str, Any]:
        """The options given to `load`, JSON-ready, without defaults, for records."""
        return self.options.model_dump(mode="json", exclude_defaults=True)

    @abstractmethod
    def new_initial_state(self) -> State:
        """The position before the first action (often a chance node: the deal, the toss)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose `str()` is `text`; raises `ActionParseError` otherwise."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """The state that `State.to_json()` wrote."""

    def from_position(self, notation: str) -> State:
        """A state built from the game's position notation."""
        raise NotationError(f"game {self.info.id!r} has no position notation")

    def check_state(self, state: State) -> None:
        """Raise `StateError` (naming the field, the value and what is allowed) when `state`
        breaks one of the game's invariants: a card in two places or in none, a negative or
        too large counter or score, an outcome naming a player who does not exist, a turn
        beyond the last... A state that passes is consistent and can be played to its end.

        `state_from_json` and `from_position` call it on every state they build (the base
        class wraps them), and `replay` on a record's last state; hot paths never do. Every
        game overrides it: the conformance suite fails a game that does not
        (`has_state_check`).
        """
        return None

    def has_state_check(self) -> bool:
        """Whether the game validates states (overrides `check_state`)."""
        return type(self).check_state is not Game.check_state

    def action_codec(self) -> ActionCodec | None:
        """Integer ids for every action, where the action set is finite (for RL)."""
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """A heuristic value per player in [-1, 1] for a cut-off rollout, if the game has one."""
        return None

    def rules_page(self) -> str:
        """The rules as implemented: `rules.md` beside the game's module."""
        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            return (importlib.resources.files(package) / "rules.md").read_text(encoding="utf-8")
        except FileNotFoundError:
            return f"# {self.info.title}\n\n(no rules page yet)\n"


Kept = tuple[int, int, bool, tuple[Any, ...]]
"""The last answer of `legal_actions()` (or `chance_outcomes()`) a state keeps, for
`apply_action` to find an action taken from it by identity: `(state, length, chance, items)`,
the `id()` of the state that asked, the length of its history then, whether `items` are
`(outcome, probability)` pairs of a chance node, and a copy of the answer (the caller may change
the list it got). It holds for one object at one length of history: a clone (whose `__dict__`
may be a copy) or a later position never uses it.

A plain tuple read by index, not a NamedTuple: making one costs 0.2 µs more on every
`legal_actions()` (+25% on Jukem's, measured compiled and pure), on the hottest path there is."""
_first = itemgetter(0)


def _in_kept(action: Action, kept: Kept) -> bool:
    """Whether `action` is in the kept answer: by identity first (an action taken from the
    list: a scan in C, `is` on each), then by equality (an equal action parsed or built
    elsewhere: the actions' own `__eq__`, slower)."""
    if kept[2]:
        pairs = kept[3]
        return any(map(is_, repeat(action), map(_first, pairs))) or action in map(_first, pairs)
    actions = kept[3]
    return any(map(is_, repeat(action), actions)) or action in actions


def _checking(method: Callable[[Any, Any], State]) -> Callable[[Any, Any], State]:
    """Wrap a Game subclass's `state_from_json` (or `from_position`) so that the state it
    builds goes through `check_state` before anyone sees it."""

    @functools.wraps(method)
    def checking(self: Game, data: Any) -> State:
        state = method(self, data)
        self.check_state(state)
        return state

    checking.__dict__["_checks"] = True
    return checking


class State(ABC):
    """A position, mutable, advanced one action at a time.

    Subclasses implement the `_apply` step and the queries (the actions as `_legal_actions`,
    the outcomes as `_chance_outcomes`); this base class checks legality first so that an
    illegal action raises and leaves the state exactly as it was.

    The public `legal_actions()` (and `chance_outcomes()`, unless `keeps_outcomes` is False)
    keeps the game's last answer (`Kept`), so that `apply_action` with an action taken from it
    checks legality by identity, without generating the actions again. What is kept is a copy
    (changing the returned list changes nothing) and holds for this object at this length of
    history only: `apply_legal` drops it, and a clone (whose `__dict__` may be a copy) never
    uses its original's. Code that edits a state's fields directly after asking for its actions
    (a resampled clone) calls `_forget_legal()`.
    """

    game: Game
    history: list[tuple[int, Action]]
    """Every action and chance outcome so far, with the player who made it (CHANCE for dice)."""

    _kept: Kept | None = None

    keeps_outcomes: ClassVar[bool] = True
    """Whether answers of `chance_outcomes` are kept like those of `legal_actions`. A game
    whose `is_legal` finds an outcome faster than a scan of the kept pairs sets it False."""

    _own_apply_legal: ClassVar[bool] = False
    """Whether a subclass overrides `apply_legal` (then `apply_action` calls it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._own_apply_legal = cls.apply_legal is not State.apply_legal

    def _forget_legal(self) -> None:
        """Drop the kept actions: the state was changed other than by `apply_legal`."""
        self._kept = None

    # --- whose turn and what can be done ---------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """0, 1, ..., or `CHANCE`, or `TERMINAL`."""

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions in a stable order; empty at chance and end.

        The game's `_legal_actions()`, of which the state keeps a copy (`Kept`). An empty
        answer is not kept: it is the other kind of node's (or the end's) answer.
        """
        answer = self._legal_actions()
        if answer:
            self._kept = (id(self), len(self.history), False, tuple(answer))
        return answer

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The game's rules for `legal_actions()`: a new list each time."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """`(outcome, probability)` pairs at an enumerable chance node, else empty.

        The game's `_chance_outcomes()`, kept like `legal_actions()` unless `keeps_outcomes`
        is False.
        """
        answer = self._chance_outcomes()
        if answer and self.keeps_outcomes:
            self._kept = (id(self), len(self.history), True, tuple(answer))
        return answer

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """The game's rules for `chance_outcomes()`: a new list each time (none here)."""
        return []

    def sample_legal(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly with `rng`: `legal_actions()[rng.randrange(n)]`,
        the same draw and the same action. A game may override it to skip listing every
        action (random agents and rollouts ask for one only)."""
        actions = self.legal_actions()
        return actions[rng.randrange(len(actions))]

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with `rng`; works at every chance node."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("sample_chance", "this is not a chance node")
        return sample_outcome(outcomes, rng)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_legal(self, action: Action) -> bool:
        kept = self._kept
        if kept is None or kept[0] != id(self) or kept[1] != len(self.history):  # (state, length)
            # asked for nothing yet at this position (or the answer was empty): generate it
            if self.current_player() == CHANCE:
                outcomes = [o for o, _ in self.chance_outcomes()]
            else:
                outcomes = self.legal_actions()
            return id(action) in map(id, outcomes) or action in outcomes
        return _in_kept(action, kept)

    def why_illegal(self, action: Action) -> str:
        """A reason for `IllegalActionError`; games override it with the rule that forbids."""
        if self.is_terminal():
            return "the game is over"
        if self.current_player() == CHANCE:
            choices = [str(o) for o, _ in self.chance_outcomes()]
            return f"this is a chance node; the outcomes are: {_short_list(choices)}"
        choices = [str(a) for a in self.legal_actions()]
        return f"it is not among the legal actions: {_short_list(choices)}"

    # --- changing the state -------------------------------------------------------------------
    def apply_action(self, action: Action) -> list[Event]:
        """Apply a move or chance outcome and return what happened.

        Raises `IllegalActionError` with the reason, leaving the state unchanged.
        """
        kept = self._kept
        found = chance = False
        if (
            kept is not None and kept[0] == id(self) and kept[1] == len(self.history)
        ):  # (state, length)
            # the action taken from the list just asked for: found by identity, nothing
            # regenerated (plain loops, quicker than any(map(is_, ...)) on this every step)
            if kept[2]:  # chance: (outcome, p) pairs
                for outcome, _ in kept[3]:
                    if outcome is action:
                        found = chance = True
                        break
            else:
                for listed in kept[3]:
                    if listed is action:
                        found = True
                        break
        if not found and (self.is_terminal() or not self.is_legal(action)):
            raise IllegalActionError(action, self.why_illegal(action))
        if self._own_apply_legal:
            return self.apply_legal(action)
        # `apply_legal` written out (one call less a step); an outcome kept from
        # `chance_outcomes` is chance's, without asking `current_player`
        player = CHANCE if chance else self.current_player()
        events = self._apply(action)
        self.history.append((player, action))
        self._kept = None
        return events

    def apply_legal(self, action: Action) -> list[Event]:
        """Apply an action known to be legal (taken from `legal_actions`): no checks."""
        player = self.current_player()
        events = self._apply(action)
        self.history.append((player, action))
        self._kept = None
        return events

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action."""

    def parse_action(self, text: str) -> Action:
        """The game's `parse_action`, with a list of legal actions in the error."""
        try:
            return self.game.parse_action(text.strip())
        except ActionParseError as exc:
            legal = [str(a) for a in self.legal_actions()]
            raise ActionParseError(text, f"{exc.reason}; legal now: {_short_list(legal)}") from None

    # --- the end ----------------------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Per player: win +1, loss -1, draw 0 (all 0 before the end)."""

    def figures(self) -> dict[str, float]:
        """Numbers that describe a finished game, by name, for `simulate` to sum up (goals,
        goals in the first half, a tie-break...). A name left out did not apply to this game
        (a comeback needs a leader); `simulate` averages each name over the games that have it.
        """
        return {}

    # --- what a player sees -------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """JSON-ready, and only what `player` may see (all of it in a perfect-information game)."""
        return self.to_json()

    def resample_hidden(self, player: int, rng: random.Random) -> State:
        """A state that `player` cannot tell from this one (for IS-MCTS)."""
        return self.clone()

    def action_seen_by(self, action: Action, viewer: int) -> str | None:
        """How `viewer` sees `action` being made in this position: its text, or None if hidden.

        Logs and the terminal print this rather than `str(action)`, so that a card drawn by
        another player or a card played face down stays hidden. Call it before applying.
        """
        return str(action)

    def render(self, player: int | None = None) -> str:
        """A text picture of the position as `player` sees it (everything when None)."""
        seen = self.to_json() if player is None else self.observation(player)
        seen.pop("history", None)
        return json.dumps(seen, sort_keys=True)

    def __str__(self) -> str:
        return self.render(None)

    # --- copies and files ---------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state, JSON-ready (history included)."""

    def history_json(self) -> list[list[Any]]:
        return [[p, str(a)] for p, a in self.history]

    def history_from_json(self, data: Sequence[Sequence[Any]]) -> list[tuple[int, Action]]:
        return [(int(p), self.game.parse_action(str(a))) for p, a in data]


class ActionCodec:
    """Integer ids for a finite action set, and the legal-action mask for RL."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._ids = {a: i for i, a in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError("the action list has duplicates")

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise IllegalActionError(action, "it has no id in this game's action set") from None

    def decode(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self.actions):
            raise IllegalActionError(action_id, f"action ids run from 0 to {len(self.actions) - 1}")
        return self.actions[action_id]

    def legal_mask(self, state: State) -> list[bool]:
        mask = [False] * len(self.actions)
        for a in state.legal_actions():
            mask[self._ids[a]] = True
        return mask


def _short_list(items: list[str], limit: int = 30) -> str:
    if not items:
        return "none"
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items) - limit} more)" if len(items) > limit else "")
