"""`tablesports rules GAME`: the rules page as implemented."""

from __future__ import annotations

import typer
from rich.markdown import Markdown

from tablesports.cli.common import OPTION_HELP, console, guarded, load_game


@guarded
def rules_command(
    game_id: str = typer.Argument(..., metavar="GAME", help="The game id (see `games`)."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
) -> None:
    """Show the game's rules page, each rule marked (seed) or (house rule)."""
    text = load_game(game_id, option).rules_page()
    out = console()
    if out.is_terminal:
        out.print(Markdown(text))
    else:
        typer.echo(text.rstrip("\n"))
