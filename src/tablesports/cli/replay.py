"""`tablesports replay FILE`: a recorded game move by move, with its events; `--verify` checks
its dice against the seed's commitment (provable fairness)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from tablesports.arena.stats import outcome_of
from tablesports.cli.common import CliError, console, format_returns, guarded
from tablesports.cli.record_limit import bounded_records
from tablesports.core.errors import RecordError, TablesportsError
from tablesports.core.protocol import CHANCE, State
from tablesports.core.records import (
    REDACTED,
    Record,
    replay,
    starting_state,
)
from tablesports.core.registry import load
from tablesports.core.verify import verify


@guarded
def replay_command(
    file: Path = typer.Argument(..., help="A record: JSON, or JSON Lines with one per line."),
    step: bool = typer.Option(
        False, "--step", help="Draw the position and wait for Enter after every move."
    ),
    index: int = typer.Option(
        0, "--index", "-i", help="Which record of a JSON Lines file (0 is the first line)."
    ),
    check: bool = typer.Option(
        False,
        "--verify",
        help="Check the dice instead: the revealed seed matches the commitment shown at the "
        "start, and every roll and card is the one that seed gives (exit 2 if not).",
    ),
    against: Path | None = typer.Option(
        None,
        "--against",
        help="With --verify: a seat's view of the same game kept while it was played (a save, "
        "the web page's download); the full record must hold its commitment and every step it "
        "saw.",
    ),
) -> None:
    """Replay a recorded game, printing each action with its events."""
    if index < 0:
        raise CliError(f"--index must be 0 or more, got {index}")
    record, several = _pick(file, index)
    out = console()
    where = f"{file} (record {index})" if several else str(file)
    _header(out, record, where)
    if against is not None and not check:
        raise CliError("--against goes with --verify: replay --verify FULL --against VIEW")
    if check:
        _verify(out, record, where)
        if against is not None:
            _against(out, record, against)
        return
    if record.redacted:
        _list_seat_view(out, record)
        return
    try:
        _replay(out, record, step)
    except TablesportsError as exc:  # say which file and record it came from
        raise RecordError(f"{where}: {exc}") from None


def _replay(out: Console, record: Record, step: bool) -> None:
    game = load(record.game, **record.options)
    state = starting_state(record, game)
    if step:
        out.print(state.render(None), soft_wrap=True)
    steps = replay(record, game)
    waiting = step
    for s in steps:
        state = s.state
        who = "chance" if s.player == CHANCE else f"{_player(record, s.player)}"
        out.print(Text(f"{s.index + 1:>4}. {who}: {s.action}"), soft_wrap=True)
        for event in s.events:
            out.print(f"        · {event.text}", soft_wrap=True)
        if waiting:
            out.print(state.render(None), soft_wrap=True)
            answer = _ask("Enter: next move, q: stop > ")
            if answer is None:
                out.print()
                waiting = False  # end of input: print the rest without waiting
            elif answer.strip().lower() in ("q", "quit"):
                out.print("replay stopped")
                return
    _footer(out, record, state)


def _verify(out: Console, record: Record, where: str) -> None:
    try:
        verified = verify(record)
    except TablesportsError as exc:
        # said once, whether or not the reason begins with it
        reason = str(exc).removeprefix("not verified: ")
        raise RecordError(f"{where}: not verified: {reason}") from None
    what = "matches its commitment" if verified.committed else "has no commitment"
    out.print(
        Text(
            f"verified: the seed {what}, and all {verified.outcomes} chance outcomes are the "
            "ones it gives",
            style="bold green",
        ),
        soft_wrap=True,
    )
    for note in verified.notes:
        out.print(f"note: {note}", soft_wrap=True)


def _against(out: Console, full: Record, path: Path) -> None:
    """The seat's view kept while the game was played is the full record's: it was dealt under
    one of its commitments, and every step it holds is that step as the seat saw it."""
    view, _ = _pick(path, 0, "--against")
    commitments = {full.commitment, *(e.commitment for e in full.earlier_seeds)} - {None}
    if view.commitment is None or view.commitment not in commitments:
        raise RecordError(
            f"not verified: {path} was dealt under the commitment {view.commitment}, which the "
            "full record does not hold: it is a view of another game"
        )
    seat = view.seat_view if view.seat_view is not None else view.meta.get("seat", 0)
    if not isinstance(seat, int):
        raise RecordError(f"{path}: its seat {seat!r} is not a seat number")
    seen = full.for_seat(seat).history
    if len(view.history) > len(seen) or seen[: len(view.history)] != view.history:
        step = next(
            (i for i, (a, b) in enumerate(zip(view.history, seen, strict=False)) if a != b),
            min(len(view.history), len(seen)),
        )
        raise RecordError(
            f"not verified: step {step} of {path} is not the full record's step as seat {seat} "
            "saw it: the view was changed, or it is of another game"
        )
    out.print(
        Text(
            f"and {path} (seat {seat}'s view, {len(view.history)} steps) is this game as that "
            "seat saw it, under a commitment the full record reveals",
            style="bold green",
        ),
        soft_wrap=True,
    )


def _list_seat_view(out: Console, record: Record) -> None:
    """A seat's view with hidden steps cannot be replayed: list the steps as the seat saw them."""
    out.print(
        f"seat {record.seat_view}'s view: steps marked ? were hidden from that seat "
        "(the full record replays the positions)",
        soft_wrap=True,
    )
    out.print(
        Text(
            "seat view: the hidden steps cannot be verified, nor the stated result: the full "
            "record, revealed when the game ends, can (tablesports replay --verify)",
            style="yellow",
        ),
        soft_wrap=True,
    )
    if "start_seen" in record.meta:
        out.print(f"the start, as seat {record.seat_view} saw it: {record.meta['start_seen']}")
    for i, (player, text) in enumerate(record.history):
        who = "chance" if player == CHANCE else _player(record, player)
        shown = "(hidden)" if text == REDACTED else text.removeprefix(REDACTED + " ")
        out.print(Text(f"{i + 1:>4}. {who}: {shown}"), soft_wrap=True)
    if record.returns is None:
        out.print(f"the record ends after {len(record.history)} steps, before the game is over")
        return
    winners = [s for s in range(len(record.returns)) if outcome_of(record.returns, s) > 0]
    verdict = f"{_player(record, winners[0])} wins" if winners else "a draw"
    result = f"result: {verdict} (returns {format_returns(record.returns)})"
    out.print(Text(result, style="bold"))


def _pick(file: Path, index: int, flag: str = "replay") -> tuple[Record, bool]:
    """The record at `index`, and whether the file holds several.

    Reading stops just after it: a file of ten thousand games is not validated to show one.
    A record is bounded as `--resume` bounds it (`record_limit`), by its size before reading.
    """
    chosen: Record | None = None
    count = 0
    for record in bounded_records(flag, file, whole=False, purpose="replay"):
        if chosen is not None:
            return chosen, True
        if count == index:
            chosen = record
        count += 1
    if chosen is not None:
        return chosen, count > 1
    if count == 0:
        raise RecordError(f"{file}: holds no record")
    raise CliError(f"{file} holds {count} record(s): --index runs from 0 to {count - 1}")


def _player(record: Record, seat: int) -> str:
    name = record.players[seat] if 0 <= seat < len(record.players) else "?"
    return f"{name} (seat {seat})"


def _header(out: Console, record: Record, where: str) -> None:
    out.print(Text(where, style="bold"), soft_wrap=True)
    players = ", ".join(_player(record, s) for s in range(len(record.players)))
    options = "".join(f", {k}={_option(v)}" for k, v in record.options.items())
    dice = f"seed {record.seed}" if record.seed is not None else "seed not revealed"
    if record.commitment is not None:
        dice += f", commitment {record.commitment}"
    out.print(
        f"{record.game} version {record.game_version}{options}; {players}; {dice}",
        soft_wrap=True,
    )
    if record.start is not None:
        out.print(f"from the position {record.start}", soft_wrap=True)


def _option(value: object) -> str:
    """An option as the header shows it: a data file the record carries by its size."""
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        return f"(its own file, {len(value['content'].encode('utf-8'))} bytes)"
    return repr(value)


def _footer(out: Console, record: Record, state: State) -> None:
    if not state.is_terminal():
        out.print(f"the record ends after {len(record.history)} steps, before the game is over")
        return
    returns = state.returns()
    winners = [s for s in range(len(returns)) if outcome_of(returns, s) > 0]
    verdict = f"{_player(record, winners[0])} wins" if winners else "a draw"
    out.print(Text(f"result: {verdict} (returns {format_returns(returns)})", style="bold"))


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
