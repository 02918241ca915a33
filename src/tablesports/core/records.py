"""Game records: JSON with a schema version, validated on load, replayable exactly."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablesports.core.errors import IllegalActionError, RecordError, TablesportsError
from tablesports.core.events import Event
from tablesports.core.fairness import COMMITMENT_PATTERN, SECRET_PATTERN, Seed, commitment
from tablesports.core.files import MAX_BYTES, MAX_LINE_BYTES, loads_json, read_lines, read_text
from tablesports.core.protocol import Action, Game, State

SCHEMA_VERSION = 1
REDACTED = "?"
"""A step of a seat's view that the seat may not see (`Record.for_seat`)."""
SEAT_VIEW = "seat_view"
START_HIDDEN = "start_hidden"
Chance = Literal["stream", "by-move"]
"""How a record's chance outcomes follow from its seed: "stream", one `random.Random(seed)` for
every outcome in turn (`arena.match.play_match`); "by-move", `fairness.chance_rng(seed, n)` for
the outcome at the game's move number n (the terminal and the web app, where undo and resume
must meet the same dice)."""


def is_redacted(text: str) -> bool:
    return text == REDACTED or text.startswith(REDACTED + " ")


def _parse_step(game: Game, text: str, index: int) -> Action:
    if is_redacted(text):
        raise RecordError(
            f"move {index} is hidden ({text!r}): this record is one seat's view; "
            "replaying it move by move needs the full record"
        )
    try:
        return game.parse_action(text)
    except IllegalActionError as exc:
        raise RecordError(f"move {index} ({text!r}) does not replay: {exc}") from None


class EarlierSeed(BaseModel):
    """A seed the game drew from before its current one: the chance steps from where the
    previous one ended (0 for the first) up to `until` (not included). A game that is saved
    while it is played retires its seed there and draws on from a fresh one, so the file never
    holds a seed the game still draws from (`cli.session`)."""

    model_config = ConfigDict(extra="forbid")

    until: int = Field(ge=0)
    commitment: Annotated[str, Field(pattern=COMMITMENT_PATTERN)] | None = None
    seed: int | Annotated[str, Field(pattern=SECRET_PATTERN)] | None = None
    """Revealed once nothing it dealt is hidden from whoever holds the file; None otherwise."""


class Record(BaseModel):
    """A whole game: enough to replay it move by move."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    game: str = Field(min_length=1)
    game_version: int
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str]
    seed: int | Annotated[str, Field(pattern=SECRET_PATTERN)] | None = None
    """The seed every chance outcome came from; left out while the game is played wherever a
    seat could read it (a seat's view, the web app's record), and revealed at the end."""
    commitment: Annotated[str, Field(pattern=COMMITMENT_PATTERN)] | None = None
    """`fairness.commitment(seed)`, shown before the first roll: the seed, once revealed, must
    match it (`tablesports replay --verify`)."""
    chance: Chance | None = None
    """How the outcomes follow from the seed (None in older records: "stream")."""
    start: str | None = None
    """The position the game started from, in the game's notation (None: the usual start)."""
    history: list[tuple[int, str]]
    """`[player, action text]`, chance outcomes under player -1."""
    returns: list[float] | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
    earlier_seeds: list[EarlierSeed] = Field(default_factory=list)
    """The seeds the game drew from before `seed`, in order (a game saved and resumed); `seed`
    deals the steps from the last one's `until` on. Empty for a game dealt by one seed."""

    def to_json_line(self) -> str:
        return self.model_dump_json()

    @property
    def seat_view(self) -> int | None:
        """The seat this record was redacted for (`for_seat`), or None for a full record."""
        seat = self.meta.get(SEAT_VIEW)
        return seat if isinstance(seat, int) else None

    @property
    def redacted(self) -> bool:
        """Whether some step is hidden, so that the record cannot be replayed move by move."""
        return self.start_hidden or any(is_redacted(text) for _, text in self.history)

    @property
    def start_hidden(self) -> bool:
        return bool(self.meta.get(START_HIDDEN))

    def for_seat(self, seat: int, game: Game | None = None) -> Record:
        """What `seat` may know of this game: every step as that seat saw it when it was made
        (`State.action_seen_by`), a hidden one written `REDACTED` (`"?"`) or `"? <what was
        seen>"` (a card played face down). The result is public (`returns`). A start position
        that holds what the seat may not see is left out, and its observation kept in
        `meta["start_seen"]`. Two games that differ only in what `seat` cannot see give equal
        records. The record replays move by move only when nothing was hidden (`redacted`);
        `tablesports replay` lists the steps of one that was. When nothing is hidden from the
        seat (a perfect-information game), the record itself is its view.
        """
        if game is None:
            from tablesports.core.registry import load

            game = load(self.game, **self.options)
        if not 0 <= seat < game.info.players:
            raise RecordError(
                f"seat {seat} is not a seat of {self.game} (0 to {game.info.players - 1})"
            )
        if self.seat_view is not None:
            if self.seat_view != seat:
                raise RecordError(f"the record is seat {self.seat_view}'s view, not seat {seat}'s")
            return self.sealed(earlier=not self.redacted)
        state = starting_state(self, game)
        sealed = self.sealed()
        meta = {**self.meta, SEAT_VIEW: seat}
        start = self.start
        seen_start = state.observation(seat)
        full_start = state.to_json()
        seen_start.pop("history", None)
        full_start.pop("history", None)
        if start is not None and seen_start != full_start:  # the usual start is public
            start = None
            meta[START_HIDDEN] = True
            meta["start_seen"] = seen_start
        history: list[tuple[int, str]] = []
        for player, text in self.history:
            action = _parse_step(game, text, len(history))
            seen = state.action_seen_by(action, seat) if player != seat else text
            if seen is None:
                history.append((player, REDACTED))
            elif seen != text:
                history.append((player, f"{REDACTED} {seen}"))
            else:
                history.append((player, text))
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise RecordError(
                    f"move {len(history) - 1} ({text!r}) does not replay: {exc}"
                ) from None
        if history == self.history and start == self.start:
            # nothing hidden from this seat: its view is the whole record, retired seeds too
            return self.sealed(earlier=True)
        return sealed.model_copy(update={"history": history, "start": start, "meta": meta})

    def sealed(self, earlier: bool = False) -> Record:
        """This record as a seat may hold it: while the game is played its seed is replaced by
        the seed's commitment (with the seed and a bot's name every hidden step could be
        rebuilt, and every roll to come foreseen); a finished game keeps both. The seeds the
        game drew from before (`earlier_seeds`) are kept when `earlier` is true: they deal no
        step to come, and a record that hides no step shows all they dealt already."""
        if self.returns is not None:
            return self
        retired = self.earlier_seeds
        if not earlier:
            retired = [e.model_copy(update={"seed": None}) for e in retired]
        if self.seed is None and retired == self.earlier_seeds:
            return self
        sealed = self.commitment or (None if self.seed is None else commitment(self.seed))
        return self.model_copy(
            update={"seed": None, "commitment": sealed, "earlier_seeds": retired}
        )


def record_of(
    state: State,
    players: list[str],
    seed: Seed | None = None,
    start: str | None = None,
    chance: Chance | None = None,
    **meta: Any,
) -> Record:
    """The record of `state`'s history; `start` is the notation it began from, if not the usual.
    A secret seed (text) comes with its commitment."""
    game = state.game
    return Record(
        game=game.info.id,
        game_version=game.info.version,
        options=game.options_json(),
        players=players,
        seed=seed,
        commitment=None if seed is None else commitment(seed),
        chance=chance,
        start=start,
        history=[(p, str(a)) for p, a in state.history],
        returns=state.returns() if state.is_terminal() else None,
        meta=meta,
    )


def parse_record(data: Any, source: str = "record") -> Record:
    """Validate one record; the error names the source, the field and the problem."""
    try:
        return Record.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(top)'}: {e['msg']}" for e in exc.errors()
        )
        raise RecordError(f"{source}: malformed record: {problems}") from None


def read_records(
    path: str | Path, limit: int = MAX_BYTES, line_limit: int = MAX_LINE_BYTES
) -> Iterator[Record]:
    """Records from a `.json` file (one record, at most `limit` bytes) or a JSON Lines file
    (one per line, each at most `line_limit` bytes)."""
    path = Path(path)
    if path.suffix == ".json":
        text = read_text(path, "record", limit)
        if text.lstrip().startswith("{"):
            yield parse_record(loads_json(text, f"{path}"), f"{path}")
            return
        lines: Iterable[tuple[int, str]] = enumerate(text.splitlines(), 1)
    else:
        lines = read_lines(path, "records file", line_limit)
    for n, line in lines:
        if line.strip():
            where = f"{path}:{n}"
            yield parse_record(loads_json(line, where), where)


def write_records(path: str | Path, records: Iterable[Record], append: bool = False) -> int:
    count = 0
    with Path(path).open("a" if append else "w", encoding="utf-8") as out:
        for record in records:
            out.write(record.to_json_line() + "\n")
            count += 1
    return count


@dataclass(frozen=True, slots=True)
class ReplayStep:
    index: int
    player: int
    action: Action
    events: list[Event]
    state: State


def replay(record: Record, game: Game | None = None) -> Iterator[ReplayStep]:
    """Replay the record, yielding each step with the state after it (the same object, advanced).

    Raises `RecordError` when the record does not fit the game: a different version, an action
    that does not parse or is illegal, a move attributed to a player who was not to move (or a
    chance outcome to a player, a player's move to chance), or a stated result that is not the
    replay's (another result, a result for an unfinished game, none for a finished one). The
    result is checked after the last step.
    """
    if game is None:
        from tablesports.core.registry import load

        game = load(record.game, **record.options)
    if game.info.id != record.game:
        raise RecordError(f"the record is of {record.game!r}, not {game.info.id!r}")
    if game.info.version != record.game_version:
        raise RecordError(
            f"the record is of {record.game} game version {record.game_version}; this program "
            f"plays version {game.info.version} and keeps no older rules, so it cannot replay "
            "it (the rules changed: replay it with the tablesports release that made it)"
        )
    if record.start_hidden:
        raise RecordError(
            "the record is one seat's view and its start position is hidden: "
            "replaying it needs the full record"
        )
    state = starting_state(record, game)
    for i, (player, text) in enumerate(record.history):
        to_move = state.current_player()
        if player != to_move:
            raise RecordError(
                f"move {i} ({text!r}): the record says player {player}, but {to_move} is to move"
            )
        action = _parse_step(game, text, i)
        try:
            events = state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(f"move {i} ({text!r}) does not replay: {exc}") from None
        yield ReplayStep(i, player, action, events, state)
    try:
        game.check_state(state)  # the start was checked when read; the end must hold too
    except TablesportsError as exc:
        raise RecordError(f"the record ends in an impossible state: {exc}") from None
    _check_result(record, state)


def _check_result(record: Record, state: State) -> None:
    """The result a record states is the replay's: the same returns when the game is over, and
    none before (an unfinished game's returns are all 0, so a draw could be claimed for it)."""
    if not state.is_terminal():
        if record.returns is not None:
            raise RecordError(
                f"the record states the result {record.returns}, but its replay ends "
                f"before the game is over"
            )
        return
    if record.returns is None:
        raise RecordError(
            f"the replay ends the game with {state.returns()}, but the record states no result"
        )
    if state.returns() != record.returns:
        raise RecordError(f"replay ends with {state.returns()}, the record says {record.returns}")


def starting_state(record: Record, game: Game) -> State:
    """The state a record begins from: its `start` position, or the game's initial state."""
    if record.start is None:
        return game.new_initial_state()
    try:
        return game.from_position(record.start)
    except TablesportsError as exc:
        raise RecordError(f"the record's start position does not load: {exc}") from None


def replay_final(record: Record, game: Game | None = None) -> State:
    """The final state of a replayed record."""
    if game is None:
        from tablesports.core.registry import load

        game = load(record.game, **record.options)
    state = starting_state(record, game)
    for step in replay(record, game):
        state = step.state
    return state
