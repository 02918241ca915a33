"""The text picture of a match: the score line, the pitch with shirt numbers, the dugouts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, coords, index
from tablesports.games.bloodbowl.players import PITCH, STANDING, STUNNED
from tablesports.games.bloodbowl.tables import WEATHER_BY_KEY

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

_MARK = {
    (0, STANDING): "H",
    (0, "prone"): "h",
    (0, STUNNED): "x",
    (1, STANDING): "A",
    (1, "prone"): "a",
    (1, STUNNED): "y",
}


def _line(x: int) -> str:
    return "| " if x == WIDTH // 2 - 1 else ""


def render(s: BloodBowlState) -> str:
    lines = [
        f"{s.team_name(0)} (home, H) {s.score[0]} - {s.score[1]} {s.team_name(1)} (away, A)",
        f"half {s.half}, turn markers {s.turn[0]}/{s.turn[1]}, drive {s.drive}, "
        f"weather {WEATHER_BY_KEY[s.weather].name}, re-rolls {s.rerolls[0]}/{s.rerolls[1]}"
        + (f" (+{s.free_rerolls[0]}/{s.free_rerolls[1]} free)" if any(s.free_rerolls) else "")
        + (f", bribes {s.bribes[0]}/{s.bribes[1]}" if any(s.bribes) else ""),
    ]
    # four characters a square; the line of scrimmage is drawn between x 12 and 13
    header = "    " + "".join(
        f"{x:<4d}" + ("| " if x == WIDTH // 2 - 1 else "") for x in range(WIDTH)
    )
    lines.append(header.rstrip())
    for y in range(HEIGHT):
        cells = []
        for x in range(WIDTH):
            sq = index(x, y)
            pid = s.pitch[sq]
            if pid >= 0:
                p = s.players[pid]
                cell = f"{_MARK[(p.team, p.stance)]}{p.number}"
            else:
                cell = "o" if s.ball == sq else "."
            cells.append(f"{cell:<4}" + _line(x))
        lines.append(f"{y:>2}  " + "".join(cells).rstrip())
    if s.ball >= 0:
        x, y = coords(s.ball)
        carrier = s.carrier()
        held = f" by {'HA'[carrier.team]}{carrier.number}" if carrier else ""
        lines.append(f"ball: {s.ball_state}{held} at {x},{y}")
    for t in (0, 1):
        boxes: dict[str, list[str]] = {}
        for i in s.team_pids[t]:
            p = s.players[i]
            if p.box != PITCH:
                boxes.setdefault(p.box, []).append(f"#{p.number}")
        dugout = "; ".join(f"{box}: {' '.join(n)}" for box, n in boxes.items())
        lines.append(f"{s.team_name(t)} dugout: {dugout or 'empty'}")
    if s.stack:
        lines.append(f"now: {s.stack[-1].describe(s)}")
    else:
        lines.append("the match is over")
    return "\n".join(lines)
