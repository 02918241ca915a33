"""`tablesports games`: the registered games."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tablesports.agents.registry import GENERAL_AGENTS
from tablesports.cli.common import console, guarded
from tablesports.cli.game_options import options_line
from tablesports.core.registry import game_bots, game_ids, load


@guarded
def games_command() -> None:
    """List the registered games with their title, players, kind and own bots."""
    out = console()
    table = Table(title="tablesports games", title_justify="left")
    table.add_column("id", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("kind")
    table.add_column("its own bots", no_wrap=True)
    ids = game_ids()
    problems: list[str] = []
    for game_id in ids:
        try:
            info = load(game_id).info
        except Exception as exc:  # a game being written must not hide the others
            problems.append(f"{game_id}: {type(exc).__name__}: {exc}")
            table.add_row(game_id, Text("cannot load (see below)", style="red"), "", "", "")
            continue
        kind = info.kind
        if info.information not in kind:
            kind += f"; {info.information} information"
        bots = "\n".join(sorted(game_bots(game_id)))
        table.add_row(info.id, info.title, str(info.players), kind, bots)
    out.print(table)
    if ids:
        out.print("Their options (play, simulate and arena take -o KEY=VALUE), with the defaults:")
        for game_id in ids:
            out.print(f"  {game_id}: {options_line(game_id)}", soft_wrap=True)
    general = ", ".join(sorted(GENERAL_AGENTS))
    out.print(f"The general agents play every game: {general}.", soft_wrap=True)
    if not ids:
        out.print("no games are registered")
    for problem in problems:
        console(stderr=True).print(Text(problem, style="red"), soft_wrap=True)
