"""The conformance suite: properties every game must have, checked over random playouts.

Each `check_*` function raises `AssertionError` with a message naming the game, the seed and the
step when the property fails. `tests/test_conformance.py` runs them on every registered game;
a game author can run them on a game of their own.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import (
    ActionParseError,
    IllegalActionError,
    NotationError,
    TablesportsError,
)
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State
from tablesports.core.records import parse_record, record_of, replay

DEFAULT_MAX_STEPS = 200_000
PROBES_PER_PLAYOUT = 12
"""Deep checks (clone, JSON, illegal actions...) run on this many states of each playout."""


@dataclass(slots=True)
class Probe:
    """A state met during a playout, with where it was met."""

    state: State
    seed: int
    step: int

    @property
    def where(self) -> str:
        return f"{self.state.game.info.id} seed {self.seed} step {self.step}"


def random_playout(game: Game, seed: int, max_steps: int = DEFAULT_MAX_STEPS) -> State:
    """A whole game with uniformly random moves and sampled chance, from `seed`."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            assert actions, f"{game.info.id} seed {seed} step {steps}: no legal action, not over"
            action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        steps += 1
        assert steps <= max_steps, f"{game.info.id} seed {seed}: no end after {max_steps} steps"
    return state


def probes(game: Game, seed: int, per_playout: int = PROBES_PER_PLAYOUT) -> Iterator[Probe]:
    """Clones of states spread over one random playout (its first and last among them)."""
    final = random_playout(game, seed)
    length = len(final.history)
    rng = random.Random(seed ^ 0x5EED)
    wanted = {0, length} | {rng.randrange(length + 1) for _ in range(per_playout)}
    state = game.new_initial_state()
    for step, (_, action) in enumerate(final.history):
        if step in wanted:
            yield Probe(state.clone(), seed, step)
        # the same actions again give the same game, so no RNG is needed
        state.apply_action(action)
    yield Probe(state, seed, length)


def _moves_here(state: State) -> list[Action]:
    if state.current_player() == CHANCE:
        return [o for o, _ in state.chance_outcomes()] or []
    return state.legal_actions()


# --- the properties ---------------------------------------------------------------------------


def check_playouts_end(game: Game, seeds: range) -> None:
    """Random playouts end, with returns of the right length and within the game's bounds."""
    info = game.info
    for seed in seeds:
        state = random_playout(game, seed, info.max_game_length or DEFAULT_MAX_STEPS)
        assert state.current_player() == TERMINAL, f"{info.id} seed {seed}: ended not TERMINAL"
        returns = state.returns()
        assert len(returns) == info.players, f"{info.id} seed {seed}: returns {returns}"
        assert all(info.min_return <= r <= info.max_return for r in returns), (
            f"{info.id} seed {seed}: returns {returns} outside "
            f"[{info.min_return}, {info.max_return}]"
        )
        assert state.legal_actions() == [], f"{info.id} seed {seed}: legal actions after the end"


def check_legal_actions_apply(probe: Probe) -> None:
    """Every legal action (and every chance outcome) applies to a clone without error."""
    state = probe.state
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        if outcomes:
            total = math.fsum(p for _, p in outcomes)
            assert abs(total - 1.0) < 1e-9, f"{probe.where}: chance sums to {total}"
            assert all(p > 0 for _, p in outcomes), f"{probe.where}: an outcome of p <= 0"
    moves = _moves_here(state)
    assert len(set(moves)) == len(moves), f"{probe.where}: duplicate legal actions"
    for action in moves[:200]:
        child = state.clone()
        child.apply_action(action)
        assert len(child.history) == len(state.history) + 1, f"{probe.where}: history not grown"


def check_illegal_actions_raise(probe: Probe, strangers: list[Action]) -> None:
    """Actions that are not legal here raise IllegalActionError and change nothing."""
    state = probe.state
    legal = set(_moves_here(state))
    before = json.dumps(state.to_json(), sort_keys=True)
    tried = 0
    for action in [*strangers, object()]:
        if action in legal:
            continue
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{probe.where}: illegal {action!s} was applied")
        after = json.dumps(state.to_json(), sort_keys=True)
        assert after == before, f"{probe.where}: the rejected {action!s} changed the state"
        tried += 1
        if tried >= 20:
            break


def check_clone_is_independent(probe: Probe, steps: int = 60) -> None:
    """A clone equals its original, and playing the clone on leaves the original as it was."""
    state = probe.state
    before = json.dumps(state.to_json(), sort_keys=True)
    child = state.clone()
    assert json.dumps(child.to_json(), sort_keys=True) == before, f"{probe.where}: clone differs"
    rng = random.Random(probe.step)
    for _ in range(steps):  # a few moves can miss a shared list; a run of them will not
        if child.is_terminal():
            break
        if child.current_player() == CHANCE:
            child.apply_action(child.sample_chance(rng))
        else:
            moves = child.legal_actions()
            child.apply_action(moves[rng.randrange(len(moves))])
    after = json.dumps(state.to_json(), sort_keys=True)
    assert after == before, f"{probe.where}: changing a clone changed the original"


def check_json_round_trip(probe: Probe) -> None:
    """`state_from_json(to_json())` is the same state, seen every way."""
    state = probe.state
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)  # also proves it is JSON-ready
    again = state.game.state_from_json(json.loads(text))
    assert json.dumps(again.to_json(), sort_keys=True) == text, f"{probe.where}: JSON differs"
    assert again.current_player() == state.current_player(), f"{probe.where}: player differs"
    assert again.legal_actions() == state.legal_actions(), f"{probe.where}: legal differs"
    assert again.chance_outcomes() == state.chance_outcomes(), f"{probe.where}: chance differs"
    assert str(again) == str(state), f"{probe.where}: the drawing differs"
    assert again.history == state.history, f"{probe.where}: history differs"


def check_action_text_round_trip(probe: Probe) -> None:
    """Every action's text parses back to the same action; nonsense does not parse."""
    state = probe.state
    game = state.game
    for action in _moves_here(state):
        text = str(action)
        assert game.parse_action(text) == action, f"{probe.where}: {text!r} parses differently"
    try:
        game.parse_action("no such action ~~")
    except ActionParseError:
        pass
    else:
        raise AssertionError(f"{game.info.id}: parse_action accepted nonsense")


def check_codec(probe: Probe) -> None:
    """Where the game has an action codec: ids round-trip and the mask marks the legal ones."""
    codec = probe.state.game.action_codec()
    if codec is None or probe.state.current_player() < 0:
        return
    legal = probe.state.legal_actions()
    for action in legal:
        assert codec.decode(codec.encode(action)) == action, f"{probe.where}: codec {action}"
    mask = codec.legal_mask(probe.state)
    assert sum(mask) == len(legal), f"{probe.where}: mask has {sum(mask)}, legal {len(legal)}"


def check_evaluate(probe: Probe) -> None:
    """A game's heuristic evaluation, if any, gives one value in [-1, 1] per player."""
    values = probe.state.game.evaluate(probe.state)
    if values is None:
        return
    assert len(values) == probe.state.game.info.players, f"{probe.where}: evaluate {values}"
    assert all(-1.0 <= v <= 1.0 for v in values), f"{probe.where}: evaluate {values}"


def check_no_hidden_information_leaks(probe: Probe, rng: random.Random) -> bool:
    """What a player observes is the same in every state consistent with it.

    An observation that shows another player's hidden information differs between resampled
    states, and fails here. Returns whether some resample changed the state (hidden
    information was really resampled), for `check_resampling_varies`.
    """
    state = probe.state
    varied = False
    full = json.dumps(state.to_json(), sort_keys=True)
    for player in range(state.game.info.players):
        seen = json.dumps(state.observation(player), sort_keys=True)
        for _ in range(3):
            other = state.resample_hidden(player, rng)
            assert json.dumps(other.observation(player), sort_keys=True) == seen, (
                f"{probe.where}: player {player} can tell a resampled state apart: "
                "the observation shows hidden information (or resampling is inconsistent)"
            )
            assert json.dumps(state.to_json(), sort_keys=True) == full, (
                f"{probe.where}: resample_hidden changed the original state"
            )
            varied |= json.dumps(other.to_json(), sort_keys=True) != full
    return varied


def check_action_views_do_not_leak(probe: Probe) -> None:
    """Two moves that a viewer cannot tell apart must look the same to that viewer.

    A viewer tells moves apart by the observation after them and by their events (which are
    public). Otherwise the text printed for the move (`action_seen_by`) tells what the
    observation hides, such as the card the other player drew.
    """
    state = probe.state
    mover = state.current_player()
    moves = _moves_here(state)[:50]
    for viewer in range(state.game.info.players):
        if viewer == mover:
            continue
        seen: dict[str, str | None] = {}
        for action in moves:
            child = state.clone()
            events = [e.text for e in child.apply_action(action)]
            key = json.dumps([child.observation(viewer), events], sort_keys=True)
            text = state.action_seen_by(action, viewer)
            if key in seen:
                assert seen[key] == text, (
                    f"{probe.where}: player {viewer} sees {seen[key]!r} and {text!r} for moves "
                    "it cannot tell apart: action_seen_by shows hidden information"
                )
            seen[key] = text


def check_record_round_trip(game: Game, seed: int) -> None:
    """A match's record survives JSON and replays to the identical final state."""
    agents = [RandomAgent(game, seed) for _ in range(game.info.players)]
    record = play_match(game, agents, seed)
    again = parse_record(json.loads(record.to_json_line()), "round trip")
    assert again == record, f"{game.info.id} seed {seed}: the record changed through JSON"
    final: State | None = None
    for step in replay(again, game):
        final = step.state
    if final is None:
        final = game.new_initial_state()
    assert final.is_terminal(), f"{game.info.id} seed {seed}: the replay did not end"
    replayed = record_of(final, again.players, seed)
    assert replayed.history == record.history, f"{game.info.id} seed {seed}: replay differs"
    assert replayed.returns == record.returns, f"{game.info.id} seed {seed}: result differs"


def check_same_seed_same_game(game: Game, seed: int) -> None:
    """Two matches with the same seed and agents are the same game."""

    def run(s: int) -> list[tuple[int, str]]:
        agents = [RandomAgent(game, 0) for _ in range(game.info.players)]
        return play_match(game, agents, s).history

    first = run(seed)
    assert run(seed) == first, f"{game.info.id} seed {seed}: the same seed gave another game"


# --- the invariants of states (`Game.check_state`) -----------------------------------------

MUTATION_PLAYOUT_STEPS = 3_000
"""How far a mutated state that the game accepts is played on (to its end when sooner)."""


def check_has_state_check(game: Game) -> None:
    """The game validates states: it overrides `Game.check_state`."""
    assert game.has_state_check(), (
        f"{game.info.id} has no state validation: add `check_state(self, state)` to its Game "
        "class (raise StateError naming the field, the value and what is allowed for every "
        "impossible state: cards in two places or none, negative or too large counters and "
        "scores, an outcome naming a player who does not exist, a turn beyond the last), and "
        "call nothing else: state_from_json and from_position run it for you"
    )


def check_reachable_states_pass(probe: Probe) -> None:
    """Every state met in play passes `check_state` (the check rejects no possible state)."""
    try:
        probe.state.game.check_state(probe.state)
    except TablesportsError as exc:
        raise AssertionError(f"{probe.where}: a reachable state is rejected: {exc}") from None


_NUMBER = re.compile(r"-?\d+")


def json_paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a state's JSON that a mutation can change (the history left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not path and key == "history":
                continue
            yield from json_paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from json_paths(value, (*path, i))
    if path:
        yield path


def mutants(value: Any) -> list[Any]:
    """Values to put in place of `value`: off by one, negative, huge, of another type, a list
    with an item dropped or repeated, a number inside a text changed."""
    if isinstance(value, bool):
        return [not value, 2, None]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, -value - 7, 10**6, str(value), None]
    if isinstance(value, float):
        return [-value - 1.0, 1e9]
    if isinstance(value, str):
        out: list[Any] = ["", value + "x", 0]
        for m in _NUMBER.finditer(value):
            for new in (int(m.group()) + 1, int(m.group()) - 1, 99999):
                out.append(value[: m.start()] + str(new) + value[m.end() :])
        return out
    if isinstance(value, list):
        out = [value[:-1], [*value, *value[:1]]] if value else [[0], [None]]
        return [*out, value[::-1], 0]
    if isinstance(value, dict):
        return [{}, []]
    return [0, "x", [], {}]


def mutated(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    holder: Any = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return copy


def check_mutation(
    game: Game, data: dict[str, Any], path: tuple[Any, ...], value: Any, seed: int = 0
) -> str:
    """A state's JSON with the value at `path` replaced is either rejected with a
    `NotationError` (a `StateError` from `check_state`, or the reader's own) or read as a
    consistent state that random play carries on from without any error. Says which."""
    where = f"{game.info.id}: {'.'.join(map(str, path))} = {value!r}"
    try:
        state = game.state_from_json(mutated(data, path, value))
    except NotationError as exc:
        assert str(exc), f"{where}: rejected without a message"
        return "rejected"
    except Exception as exc:  # any other error is a crash, not a clear rejection
        raise AssertionError(
            f"{where}: {type(exc).__name__} instead of a StateError: {exc}"
        ) from None
    rng = random.Random(seed)
    try:
        state.to_json()
        state.observation(0)
        for _ in range(MUTATION_PLAYOUT_STEPS):
            if state.is_terminal():
                state.returns()
                break
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                actions = state.legal_actions()
                assert actions, "no legal action, and not over"
                action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
    except Exception as exc:
        raise AssertionError(
            f"{where}: accepted, but play from it fails: {type(exc).__name__}: {exc}"
        ) from None
    return "playable"
