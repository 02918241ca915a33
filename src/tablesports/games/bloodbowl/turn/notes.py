"""The notes that go with an action's targets, so that a person sees the dice before choosing:
`block 14,6 (2 dice, you choose)`, `foul 14,8 (armour 9+, +1)`, `hand-off to 15,7 (catch
3+)`, `pass to 20,5 (short pass 3+)`. They are not part of the action's identity."""

from __future__ import annotations

from functools import cache
from math import hypot
from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH
from tablesports.games.bloodbowl.turn.actions import Aim
from tablesports.games.bloodbowl.turn.common import marked
from tablesports.games.bloodbowl.turn.data import RANGES, TN
from tablesports.games.bloodbowl.turn.paths import clamp

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


def block_note(s: BloodBowlState, att: Player, dfd: Player, rush: bool, blitz: bool = False) -> str:
    from tablesports.games.bloodbowl.turn.block import block_st, block_strengths, dice_count

    n, mine = dice_count(*block_strengths(s, att, dfd, block_st(att, blitz)))
    dice = "1 die" if n == 1 else f"{n} dice, {'you' if mine else 'they'} choose"
    return f"rush 2+, {dice}" if rush else dice


def foul_note(s: BloodBowlState, p: Player, victim: Player) -> str:
    from tablesports.games.bloodbowl.turn.block import assists

    mod = assists(s, p.team, victim, p) - assists(s, victim.team, p, victim)
    return f"armour {victim.av}+, {mod:+d}" if mod else f"armour {victim.av}+"


def hand_off_note(s: BloodBowlState, q: Player) -> str:
    mod = TN.pass_catch_modifier - marked(s, q)
    mod += s.weather_entry().catch_modifier
    return f"catch {clamp(q.ag - mod)}+"


def pass_aims(s: BloodBowlState, p: Player) -> list[Aim]:
    """Every square in range (BB2020: a pass may aim at any square), with its range and the
    Passing test it needs."""
    if p.pa <= 0 or p.no_ball():
        return []
    base = -marked(s, p) + s.weather_entry().pass_modifier
    key = (p.square, s.weather == "blizzard")
    targets = _IN_RANGE.get(key)
    if targets is None:  # the squares of the pitch among the steps in range, in row order
        x0, y0 = p.square % WIDTH, p.square // WIDTH
        targets = _IN_RANGE[key] = [
            (x0 + dx, y0 + dy, band)
            for dy, dx, band in _steps(key[1])
            if 0 <= x0 + dx < WIDTH and 0 <= y0 + dy < HEIGHT
        ]
    # a few bands, so a few notes; the Aims are kept by square and note (they are slow to make)
    notes: dict[int, str] = {}
    out: list[Any] = []
    append = out.append
    for x, y, band in targets:
        note = notes.get(id(band))
        if note is None:
            note = notes[id(band)] = f"{band.name} {clamp(p.pa - (band.modifier + base))}+"
        made = _PASS_AIMS[y * WIDTH + x]
        a = made.get(note)
        if a is None:
            a = made[note] = Aim("pass to", x, y, note)
        append(a)
    return out


@cache
def _steps(blizzard: bool) -> list[tuple[int, int, Any]]:
    """Every step (dy, dx) from a thrower to a square in range, with its band, in row order
    (dy, then dx): `pass_range`'s bands by distance (only those allowed in a Blizzard, in
    one), made once rather than for each square of the pitch (a cold `pass_aims` asked
    `pass_range` about all 390 squares)."""
    out = []
    for dy in range(1 - HEIGHT, HEIGHT):
        for dx in range(1 - WIDTH, WIDTH):
            d = hypot(dx, dy)
            band = next((b for b in RANGES if d <= b.reach), None)
            if (dx or dy) and band is not None and (band.blizzard or not blizzard):
                out.append((dy, dx, band))
    return out


_PASS_AIMS: list[dict[str, Aim]] = [{} for _ in range(WIDTH * HEIGHT)]
"""Every pass Aim made so far, by square and note."""
_IN_RANGE: dict[tuple[int, bool], list[tuple[int, int, Any]]] = {}
"""The squares in range of a square (and their band), with and without a Blizzard."""
