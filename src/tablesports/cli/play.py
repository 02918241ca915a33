"""`tablesports play GAME`: play in the terminal against an agent, or hot-seat."""

from __future__ import annotations

import re
from pathlib import Path

import typer
from rich.text import Text

from tablesports.agents.registry import agent_names, make_agent, parse_spec
from tablesports.arena.levels import level_spec, levels
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    console,
    guarded,
    known_game,
    load_game,
    needs_extra,
    seat_name,
)
from tablesports.cli.leaving import Stopped, stopping_signals
from tablesports.cli.record_limit import bounded_records
from tablesports.cli.session import PlaySession
from tablesports.cli.targets import check_file
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError
from tablesports.core.fairness import Seed, agent_seed, commitment, new_secret
from tablesports.core.protocol import Game
from tablesports.core.records import EarlierSeed, Record, replay_final
from tablesports.core.registry import load

HUMAN = "human"
RECORD_AGENTS_REFUSED = {"ppo", "policy", "value"}
"""Agents a record may not name: they load a file (a trained network), and a record is data."""
RECORD_BUDGET = {"iterations": 20_000, "seconds": 30.0}
"""The largest search budget a record may ask of a bot (0, no limit, is refused too)."""
RECORD_SPEC_CHARACTERS = 200
"""The longest opponent a record may name (every level's and bot's spec is far shorter)."""
_PLAIN_VALUE = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")


@guarded
def play_command(
    game_id: str | None = typer.Argument(
        None,
        metavar="GAME",
        help="The game id (see `games`); left out with --resume.",
        callback=known_game,
    ),
    vs: str | None = typer.Option(
        None,
        "--vs",
        metavar="SPEC",
        help="The opponent: a level (easy, normal, hard, strongest: the web lobby's bots), an "
        "agent spec (random, mcts:iterations=2000, a game's bot) or `human` for two people at "
        "one keyboard.  (default: random, or the resumed game's)",
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
        help="Seed for the dice and the agent, chosen by you (default: a secret of 256 random "
        "bits, or the resumed game's); only its commitment is shown until the game ends",
        show_default=False,
    ),
    save: Path | None = typer.Option(
        None,
        "--save",
        metavar="FILE",
        help="Write the game's record here (JSON) when it ends or you leave (Ctrl-C, SIGTERM and "
        "SIGHUP too; checked before the first move; a symbolic link is written through).  "
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
    chosen: Seed | None = seed
    meta: dict[str, object] = {}
    earlier: list[EarlierSeed] = []
    if record is not None and resume is not None:
        game = load(record.game, **record.options)
        seat = _resumed_seat(record) if seat is None else seat
        vs = vs or _record_opponent(record, seat, game, resume)
        position = record.start
        save = save or resume
        meta = {k: v for k, v in record.meta.items() if k == "undos"}
        # the game draws on from a fresh secret: a seed the file held may be known to anyone
        earlier = resumed_seeds(record)
    elif game_id is None:
        raise CliError("play needs a GAME (see `tablesports games`), or --resume FILE")
    else:
        game = load_game(game_id, option)
    # a game is never lost at its end to a file that cannot be written: checked now
    check_file("--save", save)
    check_file("--png", png)
    vs = vs or "random"
    seat = 0 if seat is None else seat
    players = game.info.players
    if not 0 <= seat < players:
        raise CliError(
            f"--seat must be one of {', '.join(map(str, range(players)))} "
            f"({game.info.id} has {players} seats), got {seat}"
        )
    secret: Seed = new_secret() if chosen is None else chosen
    out = console()
    agents: list[Agent | None] = [None] * players
    if vs.strip().lower() != HUMAN:
        spec = level_spec(vs, game)  # a level name is kept in the record as typed
        for other in range(players):
            if other != seat:
                agents[other] = make_agent(spec, game, seed=agent_seed(secret, other))
    if record is not None:
        state = replay_final(record, game)
    else:
        state = game.from_position(position) if position else game.new_initial_state()
    if png is not None and not hasattr(state, "render_png"):
        raise CliError(f"--png: {game.info.id} has no picture to draw; leave --png out")
    if png is not None:  # before the first step, not at it
        needs_extra("arena", "--png", "matplotlib")
    out.print(Text(game.info.title, style="bold"), end=" ")
    opponents = [a.name for a in agents if a is not None]
    if vs.strip() in levels(game):  # "normal (hanniball-greedy)": the level and what plays it
        opponents = [f"{vs.strip()} ({name})" for name in opponents]
    against = (
        f"you are {seat_name(seat)}, against {', '.join(opponents)}"
        if opponents
        else ("hot-seat: people at every seat")
    )
    resumed = f"; resumed at step {len(state.history)}" if record is not None else ""
    # the seed itself would tell every roll and card to come: it is shown when the game ends
    out.print(f"- {against}{resumed}; type help for the commands", soft_wrap=True)
    out.print(f"dice committed to {commitment(secret)[:16]} (the seed is shown at the end)")
    if record is not None:
        out.print("(a resumed game draws on from a fresh secret: undo stops at the resume)")
    # a resumed full record stays full: a seat's view must never replace it
    whole = full_record or opponents == [] or (record is not None and record.seat_view is None)
    session = PlaySession(
        state,
        agents,
        secret,
        out,
        save_path=save,
        start=position,
        meta={"vs": vs, "seat": seat, **meta},
        png_path=png,
        view_seat=None if whole else seat,
        earlier_seeds=earlier,
    )
    with stopping_signals():  # SIGTERM, SIGHUP: saved as on Ctrl-C, then the shell's exit code
        try:
            session.run()
        except Stopped as stop:
            raise typer.Exit(stop.exit_code) from None


def resumed_seeds(record: Record) -> list[EarlierSeed]:
    """The seeds a resumed game retires: the record's earlier ones, then the one it was saved
    under (revealed if the file held it, else its commitment only).
    An old record's `reseeded_at` counts as a seed that was never revealed, up to that step."""
    earlier = list(record.earlier_seeds)
    start = earlier[-1].until if earlier else 0
    old = record.meta.get("reseeded_at")
    if not earlier and isinstance(old, int) and 0 < old <= len(record.history):
        earlier.append(EarlierSeed(until=old))
        start = old
    # kept even when it dealt nothing: a seat's view saved under it then still verifies
    # against the full record (`replay --verify FULL --against VIEW`)
    if len(record.history) > start or record.commitment is not None:
        held = record.seed
        sealed = record.commitment or (None if held is None else commitment(held))
        earlier.append(EarlierSeed(until=len(record.history), commitment=sealed, seed=held))
    return earlier


def _resumed(
    path: Path, game_id: str | None, position: str | None, option: list[str] | None
) -> Record:
    """The one unfinished record in `path`, checked against the other arguments."""
    if position or option:
        raise CliError(
            "--resume takes the position and options from the record: leave out "
            "--position and --option"
        )
    records = list(bounded_records("--resume", path, whole=True, purpose="resume"))
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


def _record_opponent(record: Record, seat: int, game: Game, path: Path) -> str:
    """The opponent a record names, accepted only as a built-in agent with a bounded budget:
    a record is data, so it never names a file to load (`ppo:path=...`) or a search without end."""
    vs = record.meta.get("vs")
    if not isinstance(vs, str):
        others = [name for n, name in enumerate(record.players) if n != seat]
        vs = others[0] if others else "random"
    if vs.strip().lower() == HUMAN or vs.strip() in levels(game):
        return vs  # a level is the project's own table, not a spec the file chose
    choose = (
        f"Choose the bot yourself: tablesports play --resume {path} --vs SPEC "
        f"(the levels: {', '.join(levels(game))}; the agents: "
        f"{', '.join(sorted(set(agent_names(game)) - RECORD_AGENTS_REFUSED))})"
    )
    if len(vs) > RECORD_SPEC_CHARACTERS:  # not echoed: a file may hold a megabyte there
        raise CliError(
            f"{path} names an opponent of {len(vs):,} characters (a record's is at most "
            f"{RECORD_SPEC_CHARACTERS}). {choose}"
        )
    problem = _record_agent_problem(vs, game)
    if problem is not None:
        raise CliError(
            f"{path} names the opponent {vs!r}, which a record may not choose: {problem}. {choose}"
        )
    return vs


def _record_agent_problem(spec: str, game: Game) -> str | None:
    try:
        name, params = parse_spec(spec)
    except AgentError as exc:
        return str(exc)
    if name in RECORD_AGENTS_REFUSED:
        return f"{name!r} loads a file"
    if name not in agent_names(game):
        return f"there is no agent {name!r} for {game.info.id}"
    for key, value in params.items():
        if not _PLAIN_VALUE.match(value) or value.split(":")[0] in RECORD_AGENTS_REFUSED:
            return f"its parameter {key}={value!r} is neither a number nor a plain name"
        cap = RECORD_BUDGET.get(key)
        if cap is not None:
            try:
                number = float(value)
            except ValueError:
                return f"its parameter {key}={value!r} is not a number"
            low = 1 if key == "iterations" else 0  # 0 iterations: a search without end
            if not low <= number <= cap:
                return f"its {key} must be from {low} to {cap:g}, not {value}"
    return None
