"""The OpenSpiel adapter: every game registered with `pyspiel` as `tablesports_<id>`.

    import pyspiel
    from tablesports.envs import register_openspiel
    register_openspiel()
    game = pyspiel.load_game("tablesports_hanniball", {"max_turns": 50})

Chance is an explicit player: a chance outcome's id is its index in the state's
`chance_outcomes()` list; `max_chance_outcomes` is the game's own bound (its `tensor.py`). A
chance node that cannot be enumerated (a game with sampled chance), or one above that bound, is
offered as at most `SAMPLED_OUTCOMES` equally likely outcomes, the i-th drawn with
`random.Random(i)`, so a history still replays exactly.

Every option of the game is a pyspiel parameter. One whose default is None (the game decides)
has a placeholder that means None in the specification: -1 for a number, "" for a string,
and for a yes/no option a string, "" (None), "true" or "false" (pyspiel passes every
parameter, given or not, so the placeholder must be a value the option never takes).

Observers honour `pyspiel.IIGObservationType` (see `TablesportsObserver`): the public part of
the tensor (`public_info`), the observing player's private part or every player's
(`private_info`), and with `perfect_recall` the information state: a digest of every step as
that player saw it (`State.action_seen_by`; a BLAKE2 chain, so the string stays short in a
game of thousands of steps), then the current observation. Every game provides
`information_state_string`: in a perfect-information game it is the history,
`state.history_str()`, as OpenSpiel's own tic_tac_toe and connect_four give it, and its
`information_state_tensor` is the observation tensor (each game's tensor shows the whole
position with what makes it Markov: the phase, the counters, the step count). An
imperfect-information game provides an information-state tensor when its `tensor.py` has
`info_state_shape(game)` and `encode_info_state(game, observation, steps, player)` (Jukem): its
observation now, then every step as the player saw it, `(mover, action_seen_by(action,
player))`; the state keeps those steps per player. The game type says which.
`resample_from_infostate` is the game's `resample_hidden`, for OpenSpiel's Python `ISMCTSBot`
(`open_spiel.python.algorithms.ismcts`). The C++ `pyspiel.ISMCTSBot` cannot play a Python game:
it never reaches a resampler written in Python, and its `step` releases the GIL before calling
the game (docs/rl.md).
"""

from __future__ import annotations

import hashlib
import json
import random
import types
import typing
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from tablesports.core.errors import IllegalActionError, OptionError, TablesportsError
from tablesports.core.protocol import CHANCE, TERMINAL, Action
from tablesports.core.protocol import State as TSState
from tablesports.core.registry import game_ids, game_tensor, load
from tablesports.envs.adapter import GameAdapter

PREFIX = "tablesports_"
SAMPLED_OUTCOMES = 64
"""Outcomes offered at a chance node that cannot be enumerated (see the module's text)."""
_registered: dict[str, str] = {}


def register(game_id: str | None = None) -> list[str]:
    """Register `game_id` (every game when None); the pyspiel short names."""
    ids = game_ids() if game_id is None else [game_id]
    names = []
    for gid in ids:
        if gid not in game_ids():
            load(gid)  # raises UnknownGameError naming the games
        if gid not in _registered:
            game_type = _game_type(gid)
            name = f"OpenSpiel_{gid}"
            cls = type(name, (TablesportsGame,), {"game_id": gid, "game_type": game_type})
            globals()[name] = cls  # findable by name, as pickle wants
            pyspiel.register_game(game_type, cls)
            _registered[gid] = game_type.short_name
        names.append(_registered[gid])
    return names


_PLACEHOLDER: dict[type, Any] = {bool: "", int: -1, float: -1.0, str: ""}
"""What a None default is in the pyspiel specification (a yes/no option is a string there)."""


def _parameters(game_id: str) -> dict[str, Any]:
    """Every option with its default, or for a None default its placeholder."""
    model = load(game_id).Options
    params: dict[str, Any] = {}
    for name, f in model.model_fields.items():
        if type(f.default) in _PLACEHOLDER:
            params[name] = f.default
        elif f.default is None:
            params[name] = _PLACEHOLDER[_base_type(game_id, name, f.annotation)]
        else:
            raise OptionError(f"{game_id}: option {name}: no pyspiel type for {f.default!r}")
    return params


def _base_type(game_id: str, name: str, annotation: Any) -> type:
    """bool, int, float or str: the type of `X | None` (a Literal's values' type)."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(args) == 1 and typing.get_origin(args[0]) is typing.Literal:
        args = [type(v) for v in typing.get_args(args[0])]
    kinds = {a for a in args if a in _PLACEHOLDER}
    if len(kinds) != 1 or typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        raise OptionError(f"{game_id}: option {name}: no pyspiel type for {annotation}")
    return kinds.pop()


def _options(game_id: str, given: dict[str, Any]) -> dict[str, Any]:
    """The game's options from pyspiel's parameters (which hold every default too)."""
    defaults = _parameters(game_id)
    model = load(game_id).Options
    out: dict[str, Any] = {}
    for name, value in given.items():
        f = model.model_fields[name]
        if f.default is not None:
            if value != defaults[name]:
                out[name] = value
        elif value != defaults[name]:
            if _base_type(game_id, name, f.annotation) is bool:
                if value not in ("true", "false"):
                    raise OptionError(
                        f"{PREFIX}{game_id}: parameter {name}={value!r}: it is 'true', 'false' "
                        "or '' (the game decides)"
                    )
                value = value == "true"
            out[name] = value
    return out


def _game_type(game_id: str, imperfect: bool | None = None) -> pyspiel.GameType:
    """The game's pyspiel type; `imperfect` overrides the default options' information (a
    variant such as Jugger TTG's draft hides what the default game shows)."""
    info = load(game_id).info
    if imperfect is None:
        imperfect = info.information != "perfect"
    chance = {
        "none": pyspiel.GameType.ChanceMode.DETERMINISTIC,
        "explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        "sampled": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    }[info.chance]
    zero_sum = info.players == 2 and info.min_return == -info.max_return
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"{info.title} (tablesports)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if imperfect
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players,
        min_num_players=info.players,
        provides_information_state_string=True,
        provides_information_state_tensor=not imperfect or _has_info_state_tensor(game_id),
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


def _has_info_state_tensor(game_id: str) -> bool:
    """Whether the game's tensor module encodes an information state (perfect recall)."""
    try:
        return hasattr(game_tensor(game_id), "encode_info_state")
    except TablesportsError:  # a game registered at run time (a test's) has no package
        return False


class _Steps:
    """One player's steps as seen, `(mover, seen)`, as a chain that shares its past: a child
    state adds one link (no copy of the match so far), and pyspiel's deep copy keeps it."""

    __slots__ = ("before", "step")

    def __init__(self, before: _Steps | None, step: tuple[int, str | None]) -> None:
        self.before = before
        self.step = step

    def __deepcopy__(self, memo: dict[int, Any]) -> _Steps:
        return self  # never changed once made

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[int, str | None]]]]:
        return (_steps_from, (steps_of(self),))  # flat: a long match nests no pickles


def steps_of(chain: _Steps | None) -> list[tuple[int, str | None]]:
    """The steps of a chain, first to last."""
    out = []
    while chain is not None:
        out.append(chain.step)
        chain = chain.before
    out.reverse()
    return out


def _steps_from(steps: list[tuple[int, str | None]]) -> _Steps | None:
    chain = None
    for step in steps:
        chain = _Steps(chain, (int(step[0]), step[1]))
    return chain


class TablesportsGame(pyspiel.Game):
    """A tablesports game as a pyspiel game (subclassed per game id by `register`)."""

    game_id: str
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        defaults = _parameters(self.game_id)
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise OptionError(
                f"{PREFIX}{self.game_id}: unknown parameter(s) {', '.join(unknown)}; "
                f"the parameters are: {', '.join(defaults) or 'none'}"
            )
        options = _options(self.game_id, given)
        self.adapter = GameAdapter(self.game_id, **options)
        info = self.adapter.game.info
        game_type = self.game_type
        if (info.information != "perfect") != (
            game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ):
            game_type = _game_type(self.game_id, imperfect=info.information != "perfect")
        super().__init__(
            game_type,
            pyspiel.GameInfo(
                num_distinct_actions=self.adapter.num_actions,
                max_chance_outcomes=self.adapter.max_chance_outcomes(),
                num_players=info.players,
                min_utility=info.min_return,
                max_utility=info.max_return,
                utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
                max_game_length=info.max_game_length or 1_000_000,
            ),
            given,
        )

    def new_initial_state(self) -> TablesportsState:
        return TablesportsState(self, self.adapter.game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TablesportsObserver:
        if params:
            raise ValueError(f"observer parameters are not supported; got {params}")
        perfect = self.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
        return TablesportsObserver(self.adapter, iig_obs_type, perfect=perfect)


class _Shared:
    """The game's adapter, shared (not copied) when pyspiel deep-copies a state."""

    def __init__(self, adapter: GameAdapter) -> None:
        self.adapter = adapter

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:  # pyspiel serializes by pickling
        game = self.adapter.game
        return (_shared, (game.info.id, json.dumps(game.options_json(), sort_keys=True)))


class _Position:
    """The tablesports state; pyspiel's deep copy of a state copies it with `clone()`."""

    def __init__(self, inner: TSState) -> None:
        self.inner = inner

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.inner.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str, dict[str, Any]]]:
        game = self.inner.game
        options = json.dumps(game.options_json(), sort_keys=True)
        return (_position, (game.info.id, options, self.inner.to_json()))


_adapters: dict[tuple[str, str], GameAdapter] = {}


def _adapter(game_id: str, options: str) -> GameAdapter:
    key = (game_id, options)
    if key not in _adapters:
        _adapters[key] = GameAdapter(game_id, **json.loads(options))
    return _adapters[key]


def _shared(game_id: str, options: str) -> _Shared:
    return _Shared(_adapter(game_id, options))


def _position(game_id: str, options: str, data: dict[str, Any]) -> _Position:
    return _Position(_adapter(game_id, options).game.state_from_json(data))


_EMPTY_DIGEST = hashlib.blake2b(b"", digest_size=16).hexdigest()


def _chain(digest: str, view: str) -> str:
    """The digest of the steps seen so far followed by `view`."""
    return hashlib.blake2b(f"{digest}{view}".encode(), digest_size=16).hexdigest()


class _Outcomes(list[tuple[Action, float]]):
    """A chance node's outcomes, never changed once listed: pyspiel's deep copy of a state
    shares them (copying every action object cost a third of a tree walk's time)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Outcomes:
        return self


class TablesportsState(pyspiel.State):
    def __init__(self, game: TablesportsGame, inner: TSState) -> None:
        super().__init__(game)
        self._shared = _Shared(game.adapter)
        self._position = _Position(inner)
        self._outcomes: _Outcomes | None = None
        players = game.num_players()
        self._seen = [_EMPTY_DIGEST] * (players + 1)
        """Per player, then for the public view: a digest of every step seen so far."""
        self._recall = bool(game.get_type().provides_information_state_string)
        kind = game.get_type()
        tensor_recall = kind.provides_information_state_tensor and (
            kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        )
        self._steps: list[_Steps | None] | None = [None] * players if tensor_recall else None
        """Per player, every step as it saw it, for the information-state tensor (kept only
        when the game encodes one)."""

    @property
    def adapter(self) -> GameAdapter:
        return self._shared.adapter

    @property
    def inner(self) -> TSState:
        return self._position.inner

    # --- whose turn ---------------------------------------------------------------------------
    def current_player(self) -> int:
        player = self.inner.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL or self.inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.adapter.legal_ids(self.inner))

    def _chance_list(self) -> list[tuple[Action, float]]:
        if self._outcomes is None:
            outcomes = self.inner.chance_outcomes()
            bound = self.get_game().max_chance_outcomes()
            if not outcomes or len(outcomes) > bound:
                n = max(1, min(SAMPLED_OUTCOMES, bound))
                sample = self.inner.sample_chance
                outcomes = [(sample(random.Random(i)), 1.0 / n) for i in range(n)]
            self._outcomes = _Outcomes(outcomes)
        return self._outcomes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(self._chance_list())]

    # --- moves --------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self.inner.current_player() == CHANCE:
            outcomes = self._chance_list()
            if not 0 <= action < len(outcomes):
                raise pyspiel.SpielError(
                    f"chance outcome {action}: the outcomes run from 0 to {len(outcomes) - 1}"
                )
            move = outcomes[action][0]
        else:
            try:
                move = self.adapter.action(self.inner, action)
            except IllegalActionError as exc:
                raise pyspiel.SpielError(str(exc)) from None
        self._outcomes = None
        inner = self.inner
        if self._recall:
            seen = inner.action_seen_by
            mover = inner.current_player()
            texts = [seen(move, p) for p in range(len(self._seen) - 1)]
            views = [f"{mover}: {text or '(hidden)'}" for text in texts]
            views.append(views[0] if len(set(views)) == 1 else f"{mover}: (private)")
            self._seen = [_chain(d, v) for d, v in zip(self._seen, views, strict=True)]
            if self._steps is not None:
                self._steps = [
                    _Steps(chain, (mover, text))
                    for chain, text in zip(self._steps, texts, strict=True)
                ]
        inner.apply_legal(move)

    # --- imperfect information ----------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TablesportsState:
        """A state `player_id` cannot tell from this one: the game's `resample_hidden`, with a
        seed drawn from `probability_sampler` (a callable giving floats in [0, 1)). The other
        players' past views are replaced by `player_id`'s, so that nothing hidden from
        `player_id` stays anywhere in the sample."""
        seed = int(probability_sampler() * 2**32)
        inner = self.inner.resample_hidden(player_id, random.Random(seed))
        out = TablesportsState(self.get_game(), inner)
        out._seen = [self._seen[player_id]] * (len(self._seen) - 1) + [self._seen[-1]]
        if self._steps is not None:
            out._steps = [self._steps[player_id]] * len(self._steps)
        return out

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            outcomes = self._chance_list()
            return str(outcomes[action][0]) if 0 <= action < len(outcomes) else f"chance {action}"
        if 0 <= action < self.adapter.num_actions:
            return str(self.adapter.codec.actions[action])
        return f"action {action}"

    # --- the end ------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.inner.returns()]

    def __str__(self) -> str:
        return str(self.inner)


class TablesportsObserver:
    """An observation of the kind `iig_obs_type` asks for (OpenSpiel's default when None:
    public information and the player's own, without perfect recall).

    Without perfect recall, the game's tensor (flattened), split by the game's
    `tensor.PRIVATE` pieces: `dict["observation"]` is the whole tensor (the default type);
    otherwise `dict["public"]` (the public entries, when `public_info`), `dict["private"]`
    (the player's private entries, `SINGLE_PLAYER`) or `dict["private_<p>"]` for every player
    (`ALL_PLAYERS`). The string: the player's text picture (default type), else the tensor's
    nonzero entries of those parts, named by `describe_observation`. With perfect recall, the
    string of the information state: every step as the player saw it (only the steps every
    player saw alike when not `SINGLE_PLAYER`/`ALL_PLAYERS`), then the current observation's
    string; and, for OpenSpiel's information state (public and the player's own) in a game
    whose tensor module encodes one, `dict["info_state"]`: that encoding (no tensor otherwise).
    """

    def __init__(
        self, adapter: GameAdapter, iig_obs_type: Any = None, perfect: bool = False
    ) -> None:
        self.adapter = adapter
        kind = iig_obs_type
        self.public = True if kind is None else bool(kind.public_info)
        recall = False if kind is None else bool(kind.perfect_recall)
        # perfect information: the information state is the history (string) and the
        # observation tensor (tensor), OpenSpiel's convention; only imperfect needs a recall
        self.history = recall and perfect
        self.recall = recall and not perfect
        if self.history:
            kind = None
        private = pyspiel.PrivateInfoType
        self.private = private.SINGLE_PLAYER if kind is None else kind.private_info
        self.default = self.public and self.private == private.SINGLE_PLAYER and not self.recall
        self.players = adapter.game.info.players
        secret = adapter.private_slots()
        self._public_at = np.flatnonzero(~secret)
        self._private_at = np.flatnonzero(secret)
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if self.recall:
            encode = getattr(adapter.tensor, "encode_info_state", None)
            if encode is not None and self.public and self.private == private.SINGLE_PLAYER:
                self._encode_info = encode
                self.tensor = np.zeros(adapter.tensor.info_state_shape(adapter.game), np.float32)
                self.dict["info_state"] = self.tensor
            return
        if self.default:
            pieces = [("observation", int(secret.size))]
        else:
            pieces = [("public", len(self._public_at))] if self.public else []
            if self.private == private.SINGLE_PLAYER:
                pieces.append(("private", len(self._private_at)))
            elif self.private == private.ALL_PLAYERS:
                pieces += [(f"private_{p}", len(self._private_at)) for p in range(self.players)]
        self.tensor = np.zeros(sum(n for _, n in pieces), np.float32)
        at = 0
        for name, n in pieces:
            self.dict[name] = self.tensor[at : at + n]
            at += n
        if self.default:
            self.dict["observation"] = self.tensor.reshape(adapter.shape)

    def set_from(self, state: TablesportsState, player: int) -> None:
        if self.tensor is None:
            return
        if self.recall:  # the information state: what the player sees now, and every step seen
            game, inner = self.adapter.game, state.inner
            steps = steps_of(state._steps[player]) if state._steps is not None else []
            self.tensor[:] = self._encode_info(game, inner.observation(player), steps, player)
            return
        flat = self.adapter.observe(state.inner, player).reshape(-1)
        if self.default:
            self.tensor[:] = flat
            return
        d = self.dict
        if "public" in d:
            d["public"][:] = flat[self._public_at]
        if "private" in d:
            d["private"][:] = flat[self._private_at]
        for p in range(self.players):
            if f"private_{p}" in d:
                mine = flat if p == player else self.adapter.observe(state.inner, p).reshape(-1)
                d[f"private_{p}"][:] = mine[self._private_at]

    def string_from(self, state: TablesportsState, player: int) -> str:
        if self.history:
            return str(state.history_str())
        now = self._now(state, player)
        if not self.recall:
            return now
        private, seen = pyspiel.PrivateInfoType, state._seen
        if self.private == private.ALL_PLAYERS:
            steps = _chain("".join(seen[:-1]), "all")
        else:
            steps = seen[player] if self.private == private.SINGLE_PLAYER else seen[-1]
        return f"seen {steps}\n{now}"

    def _now(self, state: TablesportsState, player: int) -> str:
        """The current observation as text, of the parts this observer shows."""
        private = pyspiel.PrivateInfoType
        if self.public and self.private != private.NONE:
            text = state.inner.render(player)
            if self.private == private.SINGLE_PLAYER or not self._private_at.size:
                return text
            others = [p for p in range(self.players) if p != player]
            return "\n".join([text, *(self._named(state, p, private_only=True) for p in others)])
        if not self.public and self.private == private.NONE:
            return ""
        if self.private == private.ALL_PLAYERS:
            return "\n".join(self._named(state, p, private_only=True) for p in range(self.players))
        return self._named(state, player, private_only=not self.public)

    def _named(self, state: TablesportsState, player: int, private_only: bool) -> str:
        """The nonzero entries of `player`'s tensor (its private or public pieces), named."""
        flat = self.adapter.observe(state.inner, player).reshape(-1)
        secret = set(getattr(self.adapter.tensor, "PRIVATE", ()))
        out = []
        for name, where in self.adapter.describe_observation():
            if (name in secret) != private_only:
                continue
            values = flat[where]
            hot = np.flatnonzero(values)
            if hot.size:
                items = " ".join(f"{i}={values[i]:g}" for i in hot)
                out.append(f"[{player}] {name}: {items}")
        return "\n".join(out)
