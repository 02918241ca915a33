"""Pictures of the table: a text top view for the terminal, and a PNG with matplotlib."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.juggers.actions import COLUMNS, TEAM_LETTERS, slot_name
from tablesports.games.juggers.phases import CHOOSE, DRAFT, OVER, SHOOT, SHOOTER

if TYPE_CHECKING:
    from tablesports.games.juggers.state import JuggersState

COLS, ROWS = 60, 20
"""Characters across and down: 20 mm a column, 40 mm a row (a character is twice as tall)."""


def render_text(state: JuggersState) -> str:
    t = state.game.table
    grid = [[" "] * COLS for _ in range(ROWS)]
    mid = ROWS // 2
    for r in range(ROWS):
        grid[r][COLS // 2] = ":"
    for x in (t.goal_line, t.width - t.goal_line):
        c = min(COLS - 1, int(x / t.width * COLS))
        for y in (
            t.height / 2 - t.mouth / 2 - t.post_radius,
            t.height / 2 + t.mouth / 2 + t.post_radius,
        ):
            grid[ROWS - 1 - min(ROWS - 1, int(y / t.height * ROWS))][c] = "o"
    for s, p in enumerate(state.pos):
        if p is None:
            continue
        c = min(COLS - 2, int(p[0] / t.width * COLS))
        r = ROWS - 1 - min(ROWS - 1, int(p[1] / t.height * ROWS))
        name = slot_name(s)
        grid[r][c], grid[r][c + 1] = name[0], name[1]
    lines = [
        "    " + "".join(f"{COLUMNS[i // 5]:<5}" for i in range(0, COLS, 5)),
        "   +" + "-" * COLS + "+",
    ]
    last = ""
    for r, row in enumerate(grid):
        y = (ROWS - 1 - r + 0.5) * t.height / ROWS
        label = str(int(y // 100) + 1)
        label, last = ("" if label == last else label), label
        cell_row = label
        edge = "]" if r in (mid - 1, mid) else "|"
        left = "[" if r in (mid - 1, mid) else "|"
        lines.append(f"{cell_row:>2} {left}{''.join(row)}{edge}")
    lines.append("   +" + "-" * COLS + "+")
    lines.append("    A's goal (left) <- team B attacks    team A attacks -> B's goal (right)")
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: JuggersState) -> str:
    out = [state.summary() + f"  [{state.phase}]"]
    if state.pen_shots[0] or state.pen_shots[1] or state.phase in (SHOOTER, SHOOT):
        out.append(
            f"penalties: A {state.pen_goals[0]}/{state.pen_shots[0]}, "
            f"B {state.pen_goals[1]}/{state.pen_shots[1]}"
        )
    if state.phase in (CHOOSE, DRAFT):
        taken = set(state.chars)
        out.append(f"market (budgets: A {state.budget[0]}, B {state.budget[1]} denari):")
        for i, c in enumerate(state.game.characters):
            if i not in taken:
                sm = c.supermove
                out.append(
                    f"  {c.id:<9} {c.name:<22} {c.cost:>3} denari  life {c.life}  stamina "
                    f"{c.stamina}%  charisma {c.charisma}%  aim +-{c.precision:g} deg  "
                    f"{sm.name} ({sm.effects()}) {sm.morale} morale"
                )
    for team in (0, 1):
        row = []
        for s in range(team * 4, team * 4 + 4):
            if state.chars[s] < 0:
                continue
            c = state.character(s)
            flags = []
            if state.pos[s] is not None:
                flags.append(f"at {state.pos[s][0]:.0f},{state.pos[s][1]:.0f}")  # type: ignore[index]
            if state.injured(s):
                flags.append("injured")
            if state.turn <= state.excited_until[s]:
                flags.append("excited")
            if not state.paid[s]:
                flags.append("no supermove")
            extra = f" ({', '.join(flags)})" if flags else ""
            row.append(
                f"  {slot_name(s)} {c.name}: life {state.hp[s]}, stamina {c.stamina}%, "
                f"charisma {c.charisma}%, {c.supermove.name} {c.supermove.morale}{extra}"
            )
        if row:
            out.append(f"team {TEAM_LETTERS[team]} (morale {state.morale[team]}):")
            out.extend(row)
    if state.phase == OVER:
        winner = "nobody" if state.winner < 0 else f"team {TEAM_LETTERS[state.winner]}"
        out.append(f"match over: {winner} wins ({state.reason})")
    return "\n".join(out)


def render_png(state: JuggersState, path: str) -> None:
    """Draw the table to `path` (needs the `arena` extra's matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    t = state.game.table
    fig, ax = plt.subplots(figsize=(9, 6.2))
    ax.add_patch(Rectangle((0, 0), t.width, t.height, color="#2e7d32"))
    ax.plot([t.width / 2] * 2, [0, t.height], color="white", lw=1, ls=":")
    for x in (t.goal_line, t.width - t.goal_line):
        for dy in (-1, 1):
            y = t.height / 2 + dy * (t.mouth / 2 + t.post_radius)
            ax.add_patch(Circle((x, y), t.post_radius, color="white"))
    for s, p in enumerate(state.pos):
        if p is None:
            continue
        colour = "#f9a825" if s < 4 else "#1565c0"
        ax.add_patch(Circle(p, t.coin_radius, color=colour, ec="black"))
        ax.text(p[0], p[1], slot_name(s), ha="center", va="center", fontsize=7, color="black")
    ax.set_xlim(-20, t.width + 20)
    ax.set_ylim(-20, t.height + 20)
    ax.set_aspect("equal")
    ax.set_title(state.summary())
    fig.savefig(path, dpi=80)
    plt.close(fig)
