"""The action menu a person sees: the whole numbered list when it is short, else a summary.

A summary groups what would be a wall of text: declarations by player (`7: move block blitz`),
targets by what is aimed (`move 7 to x,y: 148 squares`), HanniBall's steps by the square
they start from (`d4: -c5 -e5 *e10`), and actions aimed at a named hex or hero by what aims
(Jugger TTG's `quickstep r3: k7 l6 l7`, `throw HEX: 202 hexes`), while Jugger TTG's attacks and
talents aimed at a hero keep their numbers (`53. talent b3`). `actions` prints the full
numbered list on request.
"""

from __future__ import annotations

import re

SHORT = 16
"""Up to this many actions, the numbered list itself is the menu."""
_DECLARE = re.compile(r"([a-z][a-z -]*?) (\d{1,2})")
_TARGET = re.compile(r"(.*?)(\d{1,2},\d{1,2})( \(.*\))?")
_STEP = re.compile(r"([a-z]\d{1,2})([-~*^][a-z]\d{1,2})")
_NAMED = re.compile(r"([a-z][a-z-]*(?: [rb][1-8])?) ([a-z]\d{1,2})")
"""An action aimed at a hex or a hero named like one (`step l6`, `quickstep r3 k7`, `aoo r3`)."""
MANY = 16
"""More targets than this are counted, not listed."""
AT_A_HERO = frozenset(("attack", "talent", "wrestle", "pin", "unpin", "aoo", "reroll"))
"""Jugger TTG's choices aimed at a hero: few, and the ones that matter, so a long menu keeps
them numbered (`53. talent b3`: two keys and Enter) instead of folding them into a group."""


def numbered(texts: list[str], width: int) -> list[str]:
    """`  1. text` in as many columns as fit `width`, numbered down the columns."""
    labels = [f"{n:>3}. {t}" for n, t in enumerate(texts, 1)]
    if not labels:
        return []
    cell = max(len(label) for label in labels) + 2
    columns = max(1, min(len(labels), width // cell))
    rows = -(-len(labels) // columns)
    return [
        "".join(labels[i].ljust(cell) for i in range(r, len(labels), rows)).rstrip()
        for r in range(rows)
    ]


def menu(texts: list[str], width: int) -> list[str]:
    """The menu for these action texts (in `legal_actions()` order)."""
    if len(texts) <= SHORT:
        return numbered(texts, width)
    by_player: dict[str, list[str]] = {}
    targets: dict[str, list[str]] = {}
    steps: dict[str, list[str]] = {}
    named: dict[str, list[str]] = {}
    others: list[str] = []
    for text in texts:
        if m := _DECLARE.fullmatch(text):
            by_player.setdefault(m[2], []).append(m[1])
        elif m := _STEP.fullmatch(text):
            steps.setdefault(m[1], []).append(m[2])
        elif m := _TARGET.fullmatch(text):
            targets.setdefault(m[1], []).append(text)
        elif text.split(" ", 1)[0] in AT_A_HERO and _NAMED.fullmatch(text):
            continue  # numbered on a line of their own
        elif m := _NAMED.fullmatch(text):
            named.setdefault(m[1], []).append(m[2])
        else:
            others.append(text)
    aimed = [t for t in texts if t.split(" ", 1)[0] in AT_A_HERO and _NAMED.fullmatch(t)]
    lines = _plain(others, width)
    if aimed:
        lines.extend(numbered_few(texts, aimed, width))
    # players with the same choices share a line
    by_choices: dict[str, list[str]] = {}
    for number, verbs in by_player.items():
        by_choices.setdefault(" ".join(verbs), []).append(number)
    for choices, numbers in by_choices.items():
        lines.append(_wrap(f"{choices}: ", numbers, width))
    for frm, tails in steps.items():
        lines.append(_wrap(f"{frm}: ", tails, width))
    for prefix, tails in named.items():
        if len(tails) == 1:
            lines.append(f"{prefix} {tails[0]}")
        elif len(tails) > MANY:
            lines.append(f"{prefix} HEX: {len(tails)} hexes ({tails[0]} to {tails[-1]})")
        else:
            lines.append(_wrap(f"{prefix}: ", tails, width))
    for prefix, group in targets.items():
        if len(group) <= 3:
            lines.extend(group)
        else:
            lines.append(f"{prefix}x,y: {len(group)} squares")
    return lines


def numbered_few(texts: list[str], chosen: list[str], width: int) -> list[str]:
    """`chosen` with their numbers in `texts` (the numbers the prompt reads), wrapped."""
    where = {t: n for n, t in enumerate(texts, 1)}
    return [_wrap("", [f"{where[t]}. {t} " for t in chosen], width)]


def _plain(texts: list[str], width: int) -> list[str]:
    """Texts of two words sharing the first (`face: E NE NW`) on one line, one-word texts
    (`jog run sprint done`) on another, the rest as they are."""
    firsts: dict[str, list[str]] = {}
    for text in texts:
        firsts.setdefault(text.split(" ", 1)[0], []).append(text)
    lines: list[str] = []
    words: list[str] = []
    for first, group in firsts.items():
        if len(group) > 1 and all(len(t.split()) == 2 for t in group):
            lines.append(_wrap(f"{first}: ", [t.split()[1] for t in group], width))
        elif group == [first]:
            words.append(first)
        else:
            lines.extend(group)
    if words:
        lines.append(_wrap("", words, width))
    return lines


def _wrap(head: str, words: list[str], width: int) -> str:
    """`head` then the words, on lines no wider than `width`, continued under the first word."""
    lines = [head]
    for word in words:
        if len(lines[-1]) + len(word) + 1 > width and lines[-1].strip():
            lines.append(" " * len(head))
        lines[-1] += ("" if lines[-1].endswith(": ") or not lines[-1].strip() else " ") + word
    return "\n".join(line.rstrip() for line in lines)
