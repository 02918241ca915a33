"""The OpenSpiel adapter: every game registered with `pyspiel` as `tablesports_<id>`.

    import pyspiel
    from tablesports.envs import register_openspiel
    register_openspiel()
    game = pyspiel.load_game("tablesports_hanniball", {"max_turns": 50})

Chance is an explicit player: a chance outcome's id is its index in the state's
`chance_outcomes()` list. A chance node that cannot be enumerated (a game with sampled chance)
is offered as `SAMPLED_OUTCOMES` equally likely outcomes, the i-th drawn with
`random.Random(i)`, so a history still replays exactly. Observers give the game's observation
tensor (flattened) and its text picture as the player sees it. The game's options whose
default is a number, a string or a bool are the pyspiel parameters.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from tablesports.core.errors import IllegalActionError, OptionError
from tablesports.core.protocol import CHANCE, TERMINAL, Action
from tablesports.core.protocol import State as TSState
from tablesports.core.registry import game_ids, load
from tablesports.envs.adapter import GameAdapter

PREFIX = "tablesports_"
MAX_CHANCE_OUTCOMES = 1024
"""The most outcomes an enumerated chance node may have (a deck of cards, three dice)."""
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


def _parameters(game_id: str) -> dict[str, Any]:
    """The options with a default pyspiel can carry (int, float, str, bool)."""
    model = load(game_id).Options
    params: dict[str, Any] = {}
    for name, f in model.model_fields.items():
        if type(f.default) in (int, float, str, bool):
            params[name] = f.default
    return params


def _game_type(game_id: str) -> pyspiel.GameType:
    info = load(game_id).info
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
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.information == "perfect"
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players,
        min_num_players=info.players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


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
        options = {k: v for k, v in given.items() if v != defaults[k]}
        self.adapter = GameAdapter(self.game_id, **options)
        info = self.adapter.game.info
        chance = info.chance != "none"
        super().__init__(
            self.game_type,
            pyspiel.GameInfo(
                num_distinct_actions=self.adapter.num_actions,
                max_chance_outcomes=MAX_CHANCE_OUTCOMES if chance else 0,
                num_players=info.players,
                min_utility=info.min_return,
                max_utility=info.max_return,
                utility_sum=0.0
                if self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
                else None,
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
        return TablesportsObserver(self.adapter)


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


class TablesportsState(pyspiel.State):
    def __init__(self, game: TablesportsGame, inner: TSState) -> None:
        super().__init__(game)
        self._shared = _Shared(game.adapter)
        self._position = _Position(inner)
        self._outcomes: list[tuple[Action, float]] | None = None

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
            if not outcomes or len(outcomes) > MAX_CHANCE_OUTCOMES:
                p = 1.0 / SAMPLED_OUTCOMES
                sample = self.inner.sample_chance
                outcomes = [(sample(random.Random(i)), p) for i in range(SAMPLED_OUTCOMES)]
            self._outcomes = outcomes
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
        self.inner.apply_legal(move)

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
    """The game's observation tensor (flattened) and its text picture, per player."""

    def __init__(self, adapter: GameAdapter) -> None:
        self.adapter = adapter
        size = int(np.prod(adapter.shape))
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor.reshape(adapter.shape)}

    def set_from(self, state: TablesportsState, player: int) -> None:
        self.tensor[:] = self.adapter.observe(state.inner, player).reshape(-1)

    def string_from(self, state: TablesportsState, player: int) -> str:
        return state.inner.render(player)
