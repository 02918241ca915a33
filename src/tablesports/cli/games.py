"""`tablesports games`: the registered games."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tablesports.cli.common import console, guarded
from tablesports.core.registry import game_ids, load


@guarded
def games_command() -> None:
    """List the registered games with their title, players and kind."""
    out = console()
    table = Table(title="tablesports games", title_justify="left")
    for column in ("id", "title", "players", "information", "kind"):
        table.add_column(column)
    ids = game_ids()
    problems: list[str] = []
    for game_id in ids:
        try:
            info = load(game_id).info
        except Exception as exc:  # a game being written must not hide the others
            problems.append(f"{game_id}: {type(exc).__name__}: {exc}")
            table.add_row(game_id, Text("cannot load (see below)", style="red"), "", "", "")
            continue
        table.add_row(info.id, info.title, str(info.players), info.information, info.kind)
    out.print(table)
    if not ids:
        out.print("no games are registered")
    for problem in problems:
        console(stderr=True).print(Text(problem, style="red"), soft_wrap=True)
