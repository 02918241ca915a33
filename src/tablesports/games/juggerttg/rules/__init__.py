"""The rules of Jugger TTG as procedures on the state data, one module per concern.

Where a phase is handled: ``table.py`` maps every phase of play to its options and its effect;
the modules, from the bottom up (each imports only those above it in this list):

==================  ===========================================================================
``base.py``         small queries (who stands, sees, may pay), paying, exhaustion (R45 to R50)
``costs.py``        what each action costs, computed once for its listing and its effect
``contact.py``      knock-downs, pins released, holds ended (R131 to R134, R144, R147)
``stones.py``       initiative, RDA and turns, the penalty phase, follow-up decisions (R31-R44)
``lineup.py``       recruits, the line-up, the Qwik, spars, placement (R11 to R32)
``jugg.py``         pick-up, throw, pass, score, drop; a point (R34, R73 to R84, R132)
``movement.py``     jog, run, sprint, steps; who a step calls (R52 to R65, R117)
``pins.py``         pinning and letting go (R139 to R146)
``combat.py``       attacks, defences, dice, rolls, results, wrestling (R97 to R126)
``opportunity.py``  attacks of opportunity and quicksteps answering a step (R65, R117 to R121)
``activation.py``   the active hero's options and, by kind, each action's effect (R41 onwards)
``table.py``        ``PHASES``: phase -> (options, effect); ``legal`` and ``apply``
==================  ===========================================================================

Rule numbers (R1..R150) are those of the specification (rules.md lists them as implemented).
"""

from tablesports.games.juggerttg.rules.base import (
    DROP,
    FACE_AFTER,
    MAX_BUY,
    MID_ACTION,
    POMPFER,
    PUSH_BACK,
    QWIK,
    STAND_UP,
    SUB,
    WRESTLE_WIN,
    afford,
    attack_stat,
    dice_outcomes,
    hero,
    init_dice,
    jugg_hex,
    on_field,
    pins_of,
    reach,
    seats,
    sees,
    spar,
    standing,
)
from tablesports.games.juggerttg.rules.combat import reroll_candidates
from tablesports.games.juggerttg.rules.costs import MOVE_KINDS
from tablesports.games.juggerttg.rules.lineup import start_lineup
from tablesports.games.juggerttg.rules.stones import to_turn
from tablesports.games.juggerttg.rules.table import PHASES, apply, legal

__all__ = [
    "DROP",
    "FACE_AFTER",
    "MAX_BUY",
    "MID_ACTION",
    "MOVE_KINDS",
    "PHASES",
    "POMPFER",
    "PUSH_BACK",
    "QWIK",
    "STAND_UP",
    "SUB",
    "WRESTLE_WIN",
    "afford",
    "apply",
    "attack_stat",
    "dice_outcomes",
    "hero",
    "init_dice",
    "jugg_hex",
    "legal",
    "on_field",
    "pins_of",
    "reach",
    "reroll_candidates",
    "seats",
    "sees",
    "spar",
    "standing",
    "start_lineup",
    "to_turn",
]
