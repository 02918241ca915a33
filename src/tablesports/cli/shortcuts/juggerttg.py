"""Jugger TTG's shortcuts, and what its menu and `help` say beyond the actions' texts.

The game's own reader (stateless, so that records read the same) takes a bare `b3` as the
attack on hero b3 and a bare `l6` as a step to hex l6. At the prompt a bare name is read from
what is on the field at that moment instead: every hero's label (r1-r8, b1-b8) is also a hex's
name, so while a hero of that label is on the field the prompt asks which is meant; otherwise
the name is a hex, and stands for the one legal action that goes there (a step, a throw, a
placement `place r1 a7`), or the prompt lists them when there are several:

a b3 | attack b3      attack hero b3          s b3 | step b3     step to hex b3
t m6 | throw m6       throw the Jugg to m6    l6, b7 (no hero b7 on the field): the move there
a7 (at the line-up)   place the hero to place now on a7

Shorter forms for the common choices (issue 46): Enter takes the usual answer where there is one
(`no-reaction` to a reaction offered, `buy 0` when dice may be bought, `activate r3` when only
r3 may act; the prompt shows it), a word's first letters stand for the one legal one-word action
they begin (`d` done, `j` jog, `ru` run, `p` parry; `p` is refused with the list when parry and
pickup are both legal), and `+2` buys two dice. In a long menu the attacks and talents aimed at
a hero keep their numbers (`menu.py`).

d | done   j | jog   r | run   +1 | buy 1   Enter: no-reaction, buy 0, the one activation
"""

from __future__ import annotations

import re
from typing import Any

from tablesports.cli.shortcuts.problem import ShortcutProblem
from tablesports.core.protocol import State

HINT = """\
shortcuts: a b3 attacks hero b3, s b3 steps to hex b3, t m6 throws to m6;
  a bare l6 is the move or placement there (a bare r1-r8 or b1-b8 while that
  hero is on the field: the prompt asks which); a word's first letters are the
  one-word action they begin (d done, j jog, ru run, p parry); +2 buys 2 dice;
  Enter plays the default the prompt shows ([Enter: no-reaction], buy 0)"""
GLOSSARY = """\
Jugger TTG's words:
  RDA            the activation counter: it runs 5, 4, 3, 2, 1 in a Stone;
                 heroes of that Reflex recover their FP and act (R38 to R43)
  TPP 1/2        teamplay points, red's/blue's: heroes of the same real-world
                 team on the field give 1-4 points a drive, spent like FP or AP
                 (R30, R49 to R51)
  FP 4/4, AP 3/3 focus and stamina points left/most: every action beyond facing
                 and jogging costs points, FP first, then TPP, then AP (R45-R50)
  aoo r3         an attack of opportunity by r3 on an enemy stepping within its
                 range (R116)
  quickstep, lunge, reroll   reactions by talent (R65, R66, R88); no-reaction
                 declines (Enter)
  buy N, +N      buy N more dice for an attack or a defence, 2 points a die
                 (R104, R106); buy 0 (Enter) buys none
  r1→ / R13      a standing hero facing east / kneeling with 3 Stones to wait;
                 J the Jugg, M a Mal, + the centre, : a start slot; on the
                 narrow board r1⇒ / R1* a hero with the Jugg on its hex"""

_BARE_LABEL = re.compile(r"[rb][1-8]")
_BARE_HEX = re.compile(r"[a-u]\d{1,2}")
_TO_HEX = frozenset(("step", "throw", "pass", "lunge", "push", "drop", "place", "quickstep"))
"""The actions whose last word is a hex (`place r1 a7`, `step l6`): what a bare hex may mean."""
_SHORT = re.compile(r"([ast]) ([a-u]\d{1,2})")
_VERBS = {"a": "attack", "s": "step", "t": "throw"}
_BUY = re.compile(r"buy (\d+)")
_PLUS = re.compile(r"\+(\d{1,2})")
_WORD = re.compile(r"[a-z][a-z-]*")
DIE_PRICE = 2
"""Points a bought die costs (R104, R106: the game's own `buy` offers afford // 2 dice)."""


def default(legal: list[str]) -> str | None:
    """What Enter plays when no choice is typed: declining a reaction, buying no dice, or the
    activation of the one hero who may act (its delay is the rare choice); else None."""
    if "no-reaction" in legal:
        return "no-reaction"
    if "buy 0" in legal and all(t.startswith("buy ") for t in legal):
        return "buy 0"
    activations = [t for t in legal if t.startswith("activate ")]
    return activations[0] if len(activations) == 1 else None


def expand(state: State, line: str, legal: list[str]) -> list[str] | None:
    m = _SHORT.fullmatch(line)
    if m:
        return [f"{_VERBS[m[1]]} {m[2]}"]
    m = _PLUS.fullmatch(line)
    if m:
        return [f"buy {int(m[1])}"]
    if _WORD.fullmatch(line):
        return _first_letters(line, legal)
    if _BARE_LABEL.fullmatch(line) and _hero_on_field(state, line):
        readings = [t for t in legal if t.split()[-1] == line and len(t.split()) == 2]
        listed = ", ".join(f"'{t}'" for t in readings)
        now = f"legal now: {listed}" if listed else "neither is legal now"
        raise ShortcutProblem(
            f"{line} is both hero {line} and hex {line}: type 'a {line}' for the hero or "
            f"'s {line}' for the hex ({now})"
        )
    if _BARE_HEX.fullmatch(line):
        return _to_hex(line, legal)
    return None


def _first_letters(typed: str, legal: list[str]) -> list[str] | None:
    """The one legal one-word action that `typed` begins (`d` for done); several are refused
    with their names; none leaves the line to the other readings."""
    words = [t for t in legal if " " not in t and t.startswith(typed)]
    if len(words) == 1:
        return words
    if words:
        raise ShortcutProblem(
            f"{typed!r} could be {', '.join(words)}: type more of the one you mean"
        )
    return None


def _to_hex(where: str, legal: list[str]) -> list[str] | None:
    """A bare hex with no hero of that name on the field: the one legal action that goes
    there; several are listed; none leaves the game to say why the likeliest is refused."""
    going = [t for t in legal if t.split()[-1] == where and t.split()[0] in _TO_HEX]
    if len(going) == 1:
        return going
    if going:
        listed = ", ".join(f"'{t}'" for t in going)
        raise ShortcutProblem(f"{where} could be {listed}: type the one you mean")
    placing = {t.split()[1] for t in legal if t.startswith("place ")}
    if len(placing) == 1:  # the line-up: the hero to place now, so the game says why not there
        return [f"place {placing.pop()} {where}"]
    return [f"step {where}"]  # not `attack b7`: no hero b7 is on the field


def _hero_on_field(state: State, label: str) -> bool:
    s: Any = state
    h = (0 if label[0] == "r" else 8) + int(label[1]) - 1
    cards, pos = getattr(s, "card", None), getattr(s, "pos", None)
    return cards is not None and pos is not None and cards[h] >= 0 and pos[h] >= 0


def label(text: str) -> str:
    """A menu entry with what it costs: `buy 2 (4 points)`."""
    m = _BUY.fullmatch(text)
    if m and int(m[1]):
        points = int(m[1]) * DIE_PRICE
        return f"{text} ({points} point{'s' * (points != 1)})"
    return text
