"""What a typed line means at a person's turn: a number, an action, or a shortcut.

A line resolves to a list of action texts that the session checks on a clone of the state
before it plays any of them, so a shortcut that expands into several actions (Blood Bowl's
`7 3,14` declares `move 7`, then moves) is played whole or not at all. The order:

1. the number of an action in `legal_actions()`;
2. a legal action's text (the dice notes in brackets may be left out, any letter case);
3. the game's own shortcuts (`shortcuts/<game>.py`, pure text over the position);
4. a text that parses as an action (the game then explains why it is illegal);
5. the end of exactly one legal action's text, or its beginning (`pow` for `choose pow`,
   Jukem's `PASS-20` for `play PASS-20`, HanniBall's `c3` for the one step to c3);
6. otherwise an error with the nearest actions and commands ("did you mean").
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tablesports.cli.prompt import matches
from tablesports.cli.shortcuts.problem import ShortcutProblem
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Action, State

Expander = Callable[[State, str, list[str]], list[str] | None]
"""`(state, line, legal texts without notes)` -> action texts, or None if not a shortcut."""

_NOTE = re.compile(r" \([^)]*\)$")


def bare(text: str) -> str:
    """An action's text without the note in brackets that is there for people."""
    return _NOTE.sub("", text)


def legal_texts(state: State) -> list[str]:
    return [bare(str(a)) for a in state.legal_actions()]


@dataclass
class Resolved:
    """The actions a line stands for (`texts`), or why it stands for none (`problem`)."""

    texts: list[str] = field(default_factory=list)
    problem: str = ""


def _expanders() -> dict[str, Expander]:
    from tablesports.cli.shortcuts import bloodbowl, hanniball, juggers, juggerttg

    return {
        "bloodbowl": bloodbowl.expand,
        "hanniball": hanniball.expand,
        "juggers": juggers.expand,
        "juggerttg": juggerttg.expand,
    }


def _hints() -> dict[str, str]:
    from tablesports.cli.shortcuts import bloodbowl, hanniball, juggers, juggerttg

    return {
        "bloodbowl": bloodbowl.HINT,
        "hanniball": hanniball.HINT,
        "juggers": juggers.HINT,
        "juggerttg": juggerttg.HINT,
        "jukem": "shortcuts: a card alone plays it (PASS-20, SHOT-4b, SAVE-2, RED-1)",
    }


def hint(game_id: str) -> str:
    """One line on the game's shortcuts, for the menu and `help`."""
    return _hints().get(game_id, "")


def glossary(game_id: str) -> str:
    """What a game's abbreviations and marks mean, for `help` (empty when it has none)."""
    if game_id == "juggerttg":
        from tablesports.cli.shortcuts import juggerttg

        return juggerttg.GLOSSARY
    return ""


def default(state: State) -> str | None:
    """The action an empty line (Enter) plays: the only legal one, else the game's usual
    answer where it has one (Jugger TTG's `no-reaction`); None when Enter plays nothing."""
    texts = legal_texts(state)
    if len(texts) == 1:
        return texts[0]
    if state.game.info.id == "juggerttg" and state.current_player() >= 0:
        from tablesports.cli.shortcuts import juggerttg

        return juggerttg.default(texts)
    return None


def label(state: State, text: str) -> str:
    """An action's text as the menu shows it, with a note in brackets where one helps (a
    Jugger TTG `buy 2` says what it costs); the note is left out when matching a typed line."""
    if state.game.info.id == "juggerttg":
        from tablesports.cli.shortcuts import juggerttg

        return juggerttg.label(text)
    return text


def resolve(state: State, line: str, commands: list[str]) -> Resolved:
    text = " ".join(line.split())
    actions = state.legal_actions()
    texts = [bare(str(a)) for a in actions]
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(actions):
            return Resolved([texts[number - 1]])
        choices = "1" if len(actions) == 1 else f"1 to {len(actions)}"
        return Resolved(problem=f"no action {number}: choose {choices}, or type help")
    low = text.lower()
    exact = [t for t in texts if t.lower() == low]
    if exact:
        return Resolved([exact[0]])
    expand = _expanders().get(state.game.info.id)
    if expand is not None:
        try:
            expanded = expand(state, low, texts)
        except ShortcutProblem as exc:  # understood, but ambiguous or impossible: say so
            return Resolved(problem=str(exc))
        if expanded:
            return Resolved(expanded)
    parse_problem = ""
    try:
        action = state.game.parse_action(text)
    except TablesportsError as exc:
        action, parse_problem = None, str(exc)
    if action is not None:
        return Resolved([str(action)])
    tail = re.compile(rf"(?:^|[ ~*^-]){re.escape(low)}")
    ends = [t for t in texts if tail.search(t.lower()) and t.lower().endswith(low)]
    if len(ends) > 1:  # `HEADER-1` is `play HEADER-1` rather than `play JUKEM-1 HEADER-1`
        fewest = min(len(t.split()) for t in ends)
        if sum(len(t.split()) == fewest for t in ends) == 1:
            ends = [t for t in ends if len(t.split()) == fewest]
    if len(ends) == 1:
        return Resolved(ends)
    starts = [t for t in texts if t.lower().startswith(low + " ")]
    if len(starts) == 1 and not ends:
        return Resolved(starts)
    verb = low.split(" ", 1)[0]
    if (
        parse_problem
        and not ends
        and not starts
        and any(t.lower().startswith(verb + " ") for t in texts)
    ):
        # the line names a kind of action the game has, but its values are wrong: say which
        return Resolved(problem=parse_problem)
    near = (ends + starts)[:4] or did_you_mean(low, texts + commands)
    problem = f"{text!r} is not an action or a command here"
    if len(ends) + len(starts) > 1:
        problem = f"{text!r} could be more than one action"
    if near:
        problem += "; did you mean: " + ", ".join(near) + "?"
    return Resolved(problem=problem + " (type actions for the list, help for the commands)")


def did_you_mean(typed: str, choices: list[str]) -> list[str]:
    """The nearest few of `choices` to a typo, else those with a word it begins."""
    seen = list(dict.fromkeys(choices))
    return difflib.get_close_matches(typed, seen, n=3, cutoff=0.6) or matches(seen, typed)[:3]


def plan(state: State, texts: list[str]) -> list[Action] | str:
    """The actions `texts` name, checked in turn on a clone: all legal for the player to move,
    with no dice between them; else the reason (and the real state is untouched).

    What is chance is the state's to say, never the text's: every step is played at a node
    where the person's seat is to move (a chance node between two steps stops the plan), so a
    roll typed at such a node is simply not among its legal actions, while a decision that
    reads like a draw (Juggers' draft `pick lince`) is the person's to make."""
    trial = state.clone()
    seat = trial.current_player()
    planned: list[Action] = []
    for n, text in enumerate(texts):
        if trial.current_player() != seat:
            return f"after {texts[n - 1]!r} the dice roll first: type {text!r} when asked"
        try:
            action = trial.parse_action(text)
        except TablesportsError as exc:
            return str(exc)
        if not trial.is_legal(action):
            reason = trial.why_illegal(action)
            step = f" (step {n + 1} of {' → '.join(texts)})" if len(texts) > 1 else ""
            return f"illegal action {action}: {reason}{step}"
        planned.append(action)
        trial.apply_legal(action)
    return planned
