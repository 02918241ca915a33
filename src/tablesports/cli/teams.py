"""`tablesports teams`: the published Blood Bowl teams a match can pick (`-o home=KEY`), or
one roster's positions (`tablesports teams ogre`)."""

from __future__ import annotations

import typer
from rich import box
from rich.table import Table

from tablesports.cli.common import console, guarded
from tablesports.core.errors import DataFileError
from tablesports.games.bloodbowl.rules_data import (
    BUDGET,
    has_apothecary,
    rosters,
    team_value,
    teams,
)


@guarded
def teams_command(
    roster: str = typer.Argument(
        "", metavar="[ROSTER]", help="Show this roster's positions (a key from the list)."
    ),
) -> None:
    """List the Blood Bowl teams (play one with -o home=KEY -o away=KEY), or a roster."""
    out = console()
    if roster:
        _roster(roster)
        return
    # the source of each roster's values is a paragraph: it is `teams KEY`'s, not a column, so
    # that the list stays one line a team at 80 columns
    table = Table(title="Blood Bowl teams", title_justify="left", box=box.SIMPLE_HEAD)
    for column in ("key", "team (roster)", "size", "value", "re-rolls", "apo."):
        table.add_column(column, no_wrap=column != "team (roster)")
    sources: set[str] = set()
    for key, team in teams().items():
        r = rosters()[team.roster]
        sources.add(r.source.split(" ", 1)[0] if r.source else f"{r.edition} rosters")
        table.add_row(
            key,
            f"{team.name} ({r.name})",
            str(len(team.players)),
            f"{team_value(team) // 1000}k",
            f"{team.rerolls} at {r.reroll_cost // 1000}k",
            "yes" if has_apothecary(team) else "no",
        )
    out.print(table)
    out.print(
        f"A team file of your own: -o home=path/to/team.toml (see `tablesports rules bloodbowl`, "
        f"Teams); a team may be worth {BUDGET:,} gold at most (-o budget=N). "
        f"apo.: an Apothecary. Values from {', '.join(sorted(sources))}: "
        "`tablesports teams ROSTER` gives a roster's positions and its source.",
    )


def _roster(key: str) -> None:
    r = rosters().get(key)
    if r is None:
        raise DataFileError(f"unknown roster {key!r}; the rosters are: {', '.join(rosters())}")
    table = Table(
        title=f"{r.name} ({r.edition}): re-rolls {r.reroll_cost // 1000}k, "
        f"Apothecary {'allowed' if r.apothecary else 'not allowed'}",
        title_justify="left",
    )
    for column in ("position", "max", "cost", "MA", "ST", "AG", "PA", "AV", "skills"):
        table.add_column(column, justify="left" if column in ("position", "skills") else "right")
    for p in r.positions:
        table.add_row(
            p.name,
            str(p.max),
            f"{p.cost // 1000}k",
            str(p.ma),
            str(p.st),
            f"{p.ag}+",
            f"{p.pa}+" if p.pa else "-",
            f"{p.av}+",
            ", ".join(p.skills),
        )
    console().print(table)
    for limit in r.limits:
        console().print(f"At most {limit.max} of {', '.join(limit.positions)} together.")
    if r.source:
        console().print(f"Values from {r.source}.")
