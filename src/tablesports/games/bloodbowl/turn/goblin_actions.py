"""The hooks of the Goblin and Snotling secret weapons in the team turn (bb-goblin): which of
their Special actions a player may declare, the targets they offer, and what a target starts.
The activation and the team turn call these only for a player with one of `SKILLS`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn import swoop as _swoop  # noqa: F401 (Swoop's hook)
from tablesports.games.bloodbowl.turn.actions import Aim

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILLS = frozenset(("Chainsaw", "Bombardier", "Ball & Chain"))
"""The skills whose player goes through these hooks."""


def declarable(s: BloodBowlState, p: Player, once_used: list[str], usual: list[str]) -> list[str]:
    """The actions `p` may declare now: `usual` (what any player could) with his secret
    weapon's Special actions; a Ball & Chain player declares nothing else."""
    if "Ball & Chain" in p.skills:
        return ["ball & chain"]
    out = list(usual)
    opponent_next = "block" in usual
    if "Chainsaw" in p.skills and p.stance == STANDING and opponent_next:
        out.append("chainsaw")
    if (
        "Bombardier" in p.skills
        and p.stance == STANDING
        and p.pa > 0
        and "throw bomb" not in once_used
    ):
        out.append("throw bomb")
    return out


def aims(s: BloodBowlState, act: Any, p: Player) -> list[Any]:
    """The secret weapon's targets in activation `act` now."""
    out: list[Any] = []
    kind = act.kind
    if "Chainsaw" in p.skills:
        if (kind == "chainsaw" and not act.acted) or (kind == "blitz" and not act.blitzed):
            if kind == "chainsaw" or act.moved < p.ma + NUMBERS.max_rushes:
                for sq in NEIGHBOURS[p.square]:
                    q = s.pitch[sq]
                    if q >= 0 and s.players[q].team != p.team and s.players[q].stance == STANDING:
                        x, y = coords(sq)
                        out.append(Aim("chainsaw at", x, y, f"2+, AV {s.players[q].av}+ at +3"))
        elif kind == "foul" and not act.acted:
            for sq in NEIGHBOURS[p.square]:
                q = s.pitch[sq]
                if q >= 0 and s.players[q].team != p.team and s.players[q].stance != STANDING:
                    x, y = coords(sq)
                    out.append(Aim("chainsaw foul", x, y, "2+, armour +3"))
    if kind == "ball & chain":
        from tablesports.games.bloodbowl.turn.ball_and_chain import chain_aims

        out.extend(chain_aims(s, act, p))
    if kind == "throw bomb" and not act.acted and "Bombardier" in p.skills:
        from tablesports.games.bloodbowl.turn.bombardier import bomb_aims

        out.extend(bomb_aims(s, p))
    return out


def aim(s: BloodBowlState, act: Any, p: Player, target: int, verb: str, dump_off: Any) -> bool:
    """Start what the target step `verb` at `target` does (the activation's `_aim`, which
    hands over its `dump_off`: no import of the activation here)."""
    from tablesports.games.bloodbowl.turn.chainsaw import Chainsaw
    from tablesports.games.bloodbowl.turn.moving import Rush

    other = s.pitch[target]
    if verb == "chain to":
        from tablesports.games.bloodbowl.turn.ball_and_chain import chain_to

        return chain_to(s, act, p, target)
    if verb == "bomb at":
        from tablesports.games.bloodbowl.turn.bombardier import ThrowBomb

        act.acted = True
        s.push(ThrowBomb(act.pid, target))
        return False
    if verb == "chainsaw foul":
        act.acted = True
        s.push(Chainsaw(act.pid, other, foul=True))
        return False
    # chainsaw at: the Special action, or the block of a Blitz (which then ends)
    act.acted = act.blitzed = True
    act.ended = act.kind == "blitz"
    rush = act.kind == "blitz" and act.moved >= p.ma
    act.moved += act.kind == "blitz"
    s.push(
        *([Rush(act.pid, p.square)] if rush else []), *dump_off(s, other), Chainsaw(act.pid, other)
    )
    return False
