"""The notes that go with an action's targets, so that a person sees the dice before choosing:
`block 14,6 (2 dice, you choose)`, `foul 14,8 (armour 9+, +1)`, `hand-off to 15,7 (catch
3+)`, `pass to 20,5 (short pass 3+)`. They are not part of the action's identity."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, index
from tablesports.games.bloodbowl.turn.actions import Aim
from tablesports.games.bloodbowl.turn.common import marked
from tablesports.games.bloodbowl.turn.data import TN
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
    from tablesports.games.bloodbowl.turn.passing import pass_range

    if p.pa <= 0 or p.no_ball():
        return []
    base = -marked(s, p) + s.weather_entry().pass_modifier
    key = (p.square, s.weather == "blizzard")
    targets = _IN_RANGE.get(key)
    if targets is None:
        targets = _IN_RANGE[key] = [
            (x, y, band)
            for y in range(HEIGHT)
            for x in range(WIDTH)
            if index(x, y) != p.square and (band := pass_range(s, p.square, index(x, y)))
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


_PASS_AIMS: list[dict[str, Aim]] = [{} for _ in range(WIDTH * HEIGHT)]
"""Every pass Aim made so far, by square and note."""
_IN_RANGE: dict[tuple[int, bool], list[tuple[int, int, Any]]] = {}
"""The squares in range of a square (and their band), with and without a Blizzard."""
