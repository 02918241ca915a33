"""The conformance suite: properties every game must have, checked over random playouts.

Each `check_*` function raises `AssertionError` with a message naming the game, the seed and the
step when the property fails. `tests/test_conformance.py` runs them on every registered game;
a game author can run them on a game of their own.
"""

from __future__ import annotations

import io
import json
import math
import pickle
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import (
    ActionParseError,
    IllegalActionError,
    NotationError,
    RecordError,
    TablesportsError,
)
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State
from tablesports.core.records import Record, ReplayStep, parse_record, record_of, replay

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


def random_playout(
    game: Game,
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    each: Callable[[State, int], None] | None = None,
) -> State:
    """A whole game with uniformly random moves and sampled chance, from `seed`.

    `each(state, step)`, if given, sees every state of the game, the first and the last among
    them, before the move that leaves it; it may look but must leave the state as it was.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while True:
        if each is not None:
            each(state, steps)
        if state.is_terminal():
            break
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


# --- every reachable state reads back, clones and pickles (issue 32, item 10) ----------------


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, e.g. `board[3]: 1 != 2`, for a failure's message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys()):
            if a.get(key, "(missing)") != b.get(key, "(missing)"):
                return _first_difference(
                    a.get(key, "(missing)"),
                    b.get(key, "(missing)"),
                    f"{path}.{key}" if path else str(key),
                )
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '(top)'}: {a!r} != {b!r}"[:300]


_GAMES_IN_PICKLES: dict[int, Game] = {}


def _game_in_pickle(key: int) -> Game:
    return _GAMES_IN_PICKLES[key]


def pickled(state: State) -> State:
    """`state` through pickle, its game left out (the same object comes back in its place):
    a state's own fields are what changes from move to move; the game is pickled once."""
    game = state.game
    _GAMES_IN_PICKLES[id(game)] = game
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    # a reducer for the game's class alone: looked up in C, not called for every object
    pickler.dispatch_table = {type(game): lambda g: (_game_in_pickle, (id(g),))}
    pickler.dump(state)
    copy: State = pickle.loads(out.getvalue())
    return copy


def _same(copy: State, state: State, data: dict[str, Any], where: str, how: str) -> None:
    """`copy` is `state` (whose `to_json()` is `data`): its JSON and its player to move."""
    again = copy.to_json()
    if again != data:  # the same JSON may still come from other types (a tuple, a list)
        a, b = json.dumps(again, sort_keys=True), json.dumps(data, sort_keys=True)
        if a != b:
            diff = _first_difference(json.loads(a), json.loads(b))
            raise AssertionError(f"{where}: {how} gives another state ({diff})")
    assert copy.current_player() == state.current_player(), (
        f"{where}: {how} gives player {copy.current_player()}, not {state.current_player()}"
    )


def check_state_copies(state: State, where: str, *, with_history: bool = True) -> None:
    """`state_from_json(to_json())` through JSON text, `clone()` and pickle give the same state.

    Without the history (`with_history=False`), each copy is made of the state with an empty
    history, put back afterwards: every state's JSON holds its whole history, so copying it at
    every step costs the square of the game's length; the history is a list of actions whose
    texts parse back (`check_action_text_round_trip`), each one a prefix of the last state's,
    which is copied with its history (and pickled with its game).
    """
    game = state.game
    history = state.history
    if not with_history:
        state.history = []
    copies: dict[str, Callable[[], State]] = {
        "state_from_json(to_json())": lambda: game.state_from_json(json.loads(text)),
        "clone()": state.clone,
        "pickle": (lambda: pickle.loads(pickle.dumps(state)))
        if with_history
        else lambda: pickled(state),
    }
    try:
        data = state.to_json()
        text = json.dumps(data)
        for how, make in copies.items():
            try:
                copy = make()
            except Exception as exc:  # a crash is this check's failure, said with where it was
                raise AssertionError(f"{where}: {how} fails: {type(exc).__name__}: {exc}") from exc
            _same(copy, state, data, where, how)
    finally:
        state.history = history


def check_every_state_copies(game: Game, seed: int) -> int:
    """Every state of the random playout of `seed` reads back from its JSON, clones and pickles
    to an equal state (`check_state_copies`: each one without its history, the last one with
    it and with its game). Returns how many states were checked."""
    info = game.info

    def each(state: State, step: int) -> None:
        check_state_copies(state, f"{info.id} seed {seed} step {step}", with_history=False)

    final = random_playout(game, seed, info.max_game_length or DEFAULT_MAX_STEPS, each)
    check_state_copies(final, f"{info.id} seed {seed}, the end with its history")
    return len(final.history) + 1


# --- each game's own chance sampling draws what `chance_outcomes()` says (issue 32, item 11) --

CHANCE_DRAWS = 400
"""Draws of `sample_chance` at each chance node tested."""
CHANCE_ALARM_Z = 4.753
"""The one-sided normal quantile of 1e-6: a correct sampler fails `check_chance_sampling` about
once in a million games' checks. The seeds are fixed, so a pass stays a pass until the game's
sampling (or what it draws from) changes."""
MIN_EXPECTED = 5.0
"""Outcomes expected fewer times than this at a node are pooled into one cell (Pearson's
statistic is near its chi-square law only when every cell expects about five or more)."""


@dataclass(slots=True)
class ChanceFit:
    """Pearson's chi-square over many chance nodes: the statistic, its degrees of freedom, and
    the statistic's distance from its law's centre in standard normal units (Wilson-Hilferty)."""

    nodes: int = 0
    draws: int = 0
    statistic: float = 0.0
    freedom: int = 0

    @property
    def z(self) -> float:
        k = self.freedom
        if k == 0:
            return 0.0
        return ((self.statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))

    def add(self, expected: list[float], observed: list[int]) -> None:
        """One node's counts: the cells that expect few draws pooled, smallest first."""
        cells: list[tuple[float, int]] = []
        pool_e, pool_o = 0.0, 0
        for e, o in sorted(zip(expected, observed, strict=True)):
            pool_e, pool_o = pool_e + e, pool_o + o
            if pool_e >= MIN_EXPECTED:
                cells.append((pool_e, pool_o))
                pool_e, pool_o = 0.0, 0
        if pool_e > 0 and cells:  # what is left joins the largest cell
            e, o = cells.pop()
            cells.append((e + pool_e, o + pool_o))
        if len(cells) < 2:
            return
        self.nodes += 1
        self.draws += sum(observed)
        self.statistic += sum((o - e) ** 2 / e for e, o in cells)
        self.freedom += len(cells) - 1


def sample_at(state: State, rng: random.Random, draws: int, where: str) -> list[int]:
    """How often `state.sample_chance(rng)` drew each of `chance_outcomes()`, in their order;
    an outcome not among them, or a state changed by sampling, fails."""
    outcomes = state.chance_outcomes()
    index: dict[Action, int] = {}
    for i, (outcome, _) in enumerate(outcomes):
        index.setdefault(outcome, i)
    counts = [0] * len(outcomes)
    before = state.to_json()
    for _ in range(draws):
        outcome = state.sample_chance(rng)
        at = index.get(outcome)
        assert at is not None, (
            f"{where}: sample_chance drew {outcome!s}, which chance_outcomes() does not list"
        )
        counts[at] += 1
    assert state.to_json() == before, f"{where}: sample_chance changed the state"
    return counts


def check_chance_sampling(
    game: Game, seeds: range, nodes_per_playout: int = 12, draws: int = CHANCE_DRAWS
) -> ChanceFit:
    """The game's own `sample_chance` draws each outcome as often as `chance_outcomes()` says.

    At up to `nodes_per_playout` chance nodes of two or more outcomes in each random playout
    (chosen with a seeded RNG), `draws` outcomes are drawn; Pearson's chi-square, summed over
    all those nodes, must stay below the one-in-a-million alarm (`CHANCE_ALARM_Z`). An outcome
    that is never drawn (a card never dealt) at every node adds about `draws / outcomes` to the
    statistic at each one, far beyond the alarm over a few dozen nodes.
    """
    fit = ChanceFit()
    for seed in seeds:
        _fit_playout(game, seed, fit, nodes_per_playout, draws)
    info = game.info
    assert fit.z <= CHANCE_ALARM_Z, (
        f"{info.id}: sample_chance does not draw what chance_outcomes() says: chi-square "
        f"{fit.statistic:.0f} on {fit.freedom} degrees of freedom (z = {fit.z:.1f}, alarm "
        f"above {CHANCE_ALARM_Z}) over {fit.nodes} chance nodes of seeds {seeds.start} to "
        f"{seeds.stop - 1}, {draws} draws each"
    )
    return fit


def _fit_playout(game: Game, seed: int, fit: ChanceFit, nodes: int, draws: int) -> None:
    """Add to `fit` the draws at `nodes` chance nodes of the playout of `seed`, sampled in the
    playout's own states (a clone might not be of the same class), found by playing it twice."""
    length = game.info.max_game_length or DEFAULT_MAX_STEPS
    found: list[int] = []

    def find(state: State, step: int) -> None:
        if state.current_player() == CHANCE and len(state.chance_outcomes()) > 1:
            found.append(step)

    def draw(state: State, step: int) -> None:
        if step in picked:
            counts = sample_at(state, rng, draws, f"{game.info.id} seed {seed} step {step}")
            fit.add([p * draws for _, p in state.chance_outcomes()], counts)

    random_playout(game, seed, length, find)
    rng = random.Random(seed ^ 0xC4A7CE)
    picked = set(rng.sample(found, min(nodes, len(found))))
    random_playout(game, seed, length, draw)


# --- doctored records are refused (issue 32, item 12) ----------------------------------------

Replayer = Callable[[Record, Game], Iterator[ReplayStep]]


def doctored_records(record: Record, players: int) -> Iterator[tuple[str, Record]]:
    """Copies of a finished game's record, each changed in one way that replay must refuse,
    with what was changed: the first player's move and the first chance outcome attributed to
    every other seat (and to chance, or a player); every other result stated; the last move
    cut off with the result kept."""
    seats = [*range(players), CHANCE]
    first_move = next((n for n, (p, _) in enumerate(record.history) if p >= 0), None)
    first_chance = next((n for n, (p, _) in enumerate(record.history) if p == CHANCE), None)
    for i in (first_move, first_chance):
        if i is None:
            continue
        mover, text = record.history[i]
        for other in seats:
            if other != mover:
                history = list(record.history)
                history[i] = (other, text)
                yield (
                    f"with move {i} ({text!r}) attributed to {other}, not {mover}",
                    record.model_copy(update={"history": history}),
                )
    assert record.returns is not None, "the record of a finished game states its result"
    results = [[-r for r in record.returns], [0.0] * players, None]
    results += [[1.0 if s == w else -1.0 for s in range(players)] for w in range(players)]
    for returns in results:
        if returns != record.returns:
            yield (
                f"stating the result {returns} (the game ends {record.returns})",
                record.model_copy(update={"returns": returns}),
            )
    if record.history:
        yield (
            "cut before its last move, its result kept",
            record.model_copy(update={"history": record.history[:-1]}),
        )


def check_doctored_records_are_refused(game: Game, seed: int, replayer: Replayer = replay) -> None:
    """A record changed after the game (a move attributed to another player, another result
    stated, a move cut off) raises `RecordError` when replayed; the true record replays."""
    agents = [RandomAgent(game, seed) for _ in range(game.info.players)]
    record = play_match(game, agents, seed)
    for _ in replayer(record, game):
        pass
    for what, doctored in doctored_records(record, game.info.players):
        try:
            for _ in replayer(doctored, game):
                pass
        except RecordError:
            continue
        raise AssertionError(f"{game.info.id} seed {seed}: a record {what} replays")


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
