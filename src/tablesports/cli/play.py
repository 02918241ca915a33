"""`tablesports play GAME`: play in the terminal against an agent, or hot-seat."""

from __future__ import annotations

import random
from pathlib import Path

import typer
from rich.text import Text

from tablesports.agents.registry import make_agent
from tablesports.arena.match import seat_seed
from tablesports.cli.common import OPTION_HELP, CliError, console, guarded, load_game, seat_name
from tablesports.cli.session import PlaySession
from tablesports.core.agent import Agent
from tablesports.core.records import Record, read_records, replay_final
from tablesports.core.registry import load

HUMAN = "human"


@guarded
def play_command(
    game_id: str | None = typer.Argument(
        None, metavar="GAME", help="The game id (see `games`); left out with --resume."
    ),
    vs: str | None = typer.Option(
        None,
        "--vs",
        metavar="SPEC",
        help="The opponent: an agent spec (random, mcts:iterations=2000, a game's bot) "
        "or `human` for two people at one keyboard.  (default: random, or the resumed game's)",
        show_default=False,
    ),
    seat: int | None = typer.Option(
        None,
        "--seat",
        metavar="N",
        help="Your seat: 0 moves first.  (default: 0, or the resumed game's)",
        show_default=False,
    ),
    seed: int | None = typer.Option(
        None,
        "--seed",
        metavar="N",
        help="Seed for the dice and the agent.  (default: random, or the resumed game's)",
        show_default=False,
    ),
    save: Path | None = typer.Option(
        None,
        "--save",
        metavar="FILE",
        help="Write the game's record here (JSON) when it ends or you leave (Ctrl-C too).  "
        "(default: the --resume file)",
        show_default=False,
    ),
    full_record: bool = typer.Option(
        False,
        "--full-record",
        help="Save every step, the bot's secret cards too (by default a game against a bot "
        "saves only what your seat may see; a full record can be resumed and replayed).",
    ),
    position: str | None = typer.Option(
        None, "--position", metavar="TEXT", help="Start from this position, in the game's notation."
    ),
    resume: Path | None = typer.Option(
        None,
        "--resume",
        metavar="FILE",
        help="Continue the game saved in this record (from --save or the save command).",
    ),
    option: list[str] = typer.Option(
        None, "--option", "-o", metavar="KEY=VALUE", help=OPTION_HELP + " (see below)"
    ),
    png: Path | None = typer.Option(
        None,
        "--png",
        metavar="FILE",
        help="Draw the table into this PNG after every step (juggers).",
    ),
) -> None:
    """Play a game in the terminal: type an action, its number or a shortcut (Tab completes);
    `help` in the game lists the commands (undo, rules, save, quit)."""
    record = _resumed(resume, game_id, position, option) if resume else None
    if record is not None:
        game = load(record.game, **record.options)
        seat = _resumed_seat(record) if seat is None else seat
        vs = vs or _resumed_opponent(record, seat)
        seed = record.seed if seed is None else seed
        position = record.start
        save = save or resume
    elif game_id is None:
        raise CliError("play needs a GAME (see `tablesports games`), or --resume FILE")
    else:
        game = load_game(game_id, option)
    vs = vs or "random"
    seat = 0 if seat is None else seat
    players = game.info.players
    if not 0 <= seat < players:
        raise CliError(
            f"--seat must be one of {', '.join(map(str, range(players)))} "
            f"({game.info.id} has {players} seats), got {seat}"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    out = console()
    agents: list[Agent | None] = [None] * players
    if vs.strip().lower() != HUMAN:
        for other in range(players):
            if other != seat:
                agents[other] = make_agent(vs, game, seed=seat_seed(seed, other))
    if record is not None:
        state = replay_final(record, game)
    else:
        state = game.from_position(position) if position else game.new_initial_state()
    if png is not None and not hasattr(state, "render_png"):
        raise CliError(f"--png: {game.info.id} has no picture to draw; leave --png out")
    out.print(Text(game.info.title, style="bold"), end=" ")
    opponents = [a.name for a in agents if a is not None]
    against = (
        f"you are {seat_name(seat)}, against {', '.join(opponents)}"
        if opponents
        else ("hot-seat: people at every seat")
    )
    resumed = f"; resumed at step {len(state.history)}" if record is not None else ""
    out.print(f"- {against}; seed {seed}{resumed}; type help for the commands")
    session = PlaySession(
        state,
        agents,
        seed,
        out,
        save_path=save,
        start=position,
        meta={"vs": vs, "seat": seat},
        png_path=png,
        view_seat=None if full_record or opponents == [] else seat,
    )
    session.run()


def _resumed(
    path: Path, game_id: str | None, position: str | None, option: list[str] | None
) -> Record:
    """The one unfinished record in `path`, checked against the other arguments."""
    if position or option:
        raise CliError(
            "--resume takes the position and options from the record: leave out "
            "--position and --option"
        )
    records = list(read_records(path))
    if len(records) != 1:
        raise CliError(f"{path}: --resume needs a file with one game, it has {len(records)}")
    record = records[0]
    if record.redacted:
        raise CliError(
            f"{path} holds only seat {record.seat_view}'s view of the game (steps it may not "
            "see are hidden), so it cannot be resumed: save with --full-record to resume later"
        )
    if game_id is not None and game_id != record.game:
        raise CliError(f"{path} is a game of {record.game}, not {game_id}")
    if record.returns is not None:
        raise CliError(f"{path}: that game is over (returns {record.returns}); replay it instead")
    return record


def _resumed_seat(record: Record) -> int:
    seat = record.meta.get("seat")
    if isinstance(seat, int):
        return seat
    return record.players.index(HUMAN) if HUMAN in record.players else 0


def _resumed_opponent(record: Record, seat: int) -> str:
    vs = record.meta.get("vs")
    if isinstance(vs, str):
        return vs
    others = [name for n, name in enumerate(record.players) if n != seat]
    return others[0] if others else "random"
