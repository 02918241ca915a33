"""What Jukem's designers count in a finished match (`FIGURES` in the package): the goals by
half and the tie-break (`JukemState.figures`), and the plays that make them: shots, the saves
that answer them, PENALTY cards, JUKEMs, HEADERs, substitutions and turns passed.

    >>> figures(state, events)  # doctest: +SKIP
    {'goals': 3.0, ..., 'shots': 7.0, 'saves': 4.0, 'penalties': 2.0, ...}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablesports.core.events import Event

NAMES = (
    "goals",
    "goals_in_the_two_halves",
    "goals_in_the_first_half",
    "goals_in_the_second_half",
    "tied_after_two_halves",
    "half_time_leader_loses",
    "shots",
    "saves",
    "penalties",
    "jukems",
    "headers",
    "substitutions",
    "turns_passed",
)

# event kind -> figure: one event of that kind is one of these
_COUNTED = {
    "shot": "shots",
    "save": "saves",
    "penalty": "penalties",
    "jukem": "jukems",
    "header": "headers",
    "substitution": "substitutions",
    "pass": "turns_passed",  # a turn passed, not a PASS card
}


def figures(state: Any, events: Sequence[Event]) -> dict[str, float]:
    """The state's own goal figures, then one count per kind of play (a SHOT face down, a SAVE
    that blocks it, a RED card, a JUKEM, a HEADER's extra turn, a substitution, a turn
    passed). The shots that became goals are the goals in the two halves (the tie-break's
    goal is not a shot): one figure, not two."""
    out = dict(state.figures())
    kinds = Counter(e.kind for e in events)
    for kind, name in _COUNTED.items():
        out[name] = float(kinds[kind])
    return out
