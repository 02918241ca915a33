"""`tablesports play GAME`: play in the terminal against an agent, or hot-seat."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from tablesports.agents.registry import make_agent
from tablesports.arena.match import seat_seed
from tablesports.cli.common import OPTION_HELP, CliError, console, guarded, load_game, seat_name
from tablesports.cli.session import PlaySession
from tablesports.core.agent import Agent

HUMAN = "human"


@guarded
def play_command(
    game_id: str = typer.Argument(..., metavar="GAME", help="The game id (see `games`)."),
    vs: str = typer.Option(
        "random",
        "--vs",
        help="The opponent: an agent spec (random, mcts:iterations=2000, a game's bot) "
        "or `human` for two people at one keyboard.",
    ),
    seat: int = typer.Option(0, "--seat", help="Your seat: 0 moves first."),
    seed: int | None = typer.Option(
        None, "--seed", help="Seed for the dice and the agent (random when left out)."
    ),
    save: Path | None = typer.Option(
        None, "--save", help="Write the game's record here (JSON) when it ends or you leave."
    ),
    position: str | None = typer.Option(
        None, "--position", help="Start from this position, in the game's notation."
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    png: Path | None = typer.Option(
        None, "--png", help="Draw the table into this PNG after every step (juggers)."
    ),
) -> None:
    """Play a game in the terminal: choose actions by number or by their text form."""
    game = load_game(game_id, option)
    players = game.info.players
    if not 0 <= seat < players:
        raise CliError(
            f"--seat must be one of {', '.join(map(str, range(players)))} "
            f"({game_id} has {players} seats), got {seat}"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    out = console()
    agents: list[Agent | None] = [None] * players
    if vs.strip().lower() != HUMAN:
        for other in range(players):
            if other != seat:
                agents[other] = make_agent(vs, game, seed=seat_seed(seed, other))
    state = game.from_position(position) if position else game.new_initial_state()
    if png is not None and not hasattr(state, "render_png"):
        raise CliError(f"--png: {game_id} has no picture to draw; leave --png out")
    out.print(Text(game.info.title, style="bold"), end=" ")
    opponents = [a.name for a in agents if a is not None]
    against = (
        f"you are {seat_name(seat)}, against {', '.join(opponents)}"
        if opponents
        else ("hot-seat: people at every seat")
    )
    out.print(f"- {against}; seed {seed}; type help for the commands")
    session = PlaySession(
        state,
        agents,
        seed,
        out,
        read_line=_line_reader(out),
        save_path=save,
        start=position,
        png_path=png,
    )
    session.run()


def _line_reader(out: Console) -> Callable[[str], str]:
    """`input()`, echoing the line when it comes from a pipe so the transcript reads well."""
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        line = input(prompt)
        if echo:
            out.print(line, soft_wrap=True)
        return line

    return read
