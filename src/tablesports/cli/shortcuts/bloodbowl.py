"""Blood Bowl's shortcuts: a whole player action from the turn menu in one line.

7 3,14 | move 7 to 3,14 | m 7 3,14   declare `move 7` (ending the active player's
                                     activation first), then move; in set-up `place 7
                                     at 3,14`, at QUICK SNAP! `shift 7 to 3,14`
block 7 on 12 | b 7 12               declare `block 7`, then block opponent 12's square
blitz 7 on 12, foul 7 on 12          the same for a blitz or a foul (or `on 14,6`)
pass 7 to 9 | hand-off 7 to 9        declare, then aim at team-mate 9 (or `to 20,5`)
end                                  end the activation, or else the turn
"""

from __future__ import annotations

import re
from typing import Any

from tablesports.cli.shortcuts.problem import ShortcutProblem
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import State
from tablesports.games.bloodbowl.pitch import coords
from tablesports.games.bloodbowl.players import CASUALTY, KO, RESERVES, SENT_OFF
from tablesports.games.bloodbowl.turn.activation import Activation

HINT = "shortcuts: 7 3,14 (move #7), block 7 on 12, blitz 7 on 12, pass 7 to 9, end"
_MOVE = re.compile(r"(?:move |m )?(\d{1,2})(?: to)? (\d{1,2}),(\d{1,2})")
_AT = re.compile(r"(block|blitz|foul|b|f) (\d{1,2})(?: on| at)? (\d{1,2})(?:,(\d{1,2}))?")
_TO = re.compile(r"(pass|hand-off|handoff|p|h) (\d{1,2}) to (\d{1,2})(?:,(\d{1,2}))?")
_SAFE_MOVE = re.compile(r"move (\d{1,2}) to (\d{1,2}),(\d{1,2})")
"""A move without a note in brackets: no dodge, rush or pick-up on the way."""
_VERBS = {"b": "block", "f": "foul", "p": "pass", "h": "hand-off", "handoff": "hand-off"}
_AIMS = {
    "block": "block",
    "blitz": "blitz",
    "foul": "foul",
    "pass": "pass to",
    "hand-off": "hand-off to",
}


def expand(state: State, line: str, legal: list[str]) -> list[str] | None:
    if line in ("end", "e"):
        for text in ("end activation", "end turn"):
            if text in legal:
                return [text]
        return None
    if line == "end turn" and "end turn" not in legal and "end activation" in legal:
        return ["end activation", "end turn"]
    m = _MOVE.fullmatch(line)
    if m:
        n, x, y = m.groups()
        for text in (f"move {n} to {x},{y}", f"place {n} at {x},{y}", f"shift {n} to {x},{y}"):
            if text in legal:
                return [text]
        return _declared(state, legal, "move", n, [f"move {n} to {x},{y}"])
    m = _AT.fullmatch(line) or _TO.fullmatch(line)
    if m:
        verb, n, who, y = m.groups()
        verb = _VERBS.get(verb, verb)
        target = f"{who},{y}" if y is not None else _square_of(state, int(who), verb)
        if target is None:
            return None
        texts = _declared(state, legal, verb, n, [f"{_AIMS[verb]} {target}"])
        if verb == "blitz":
            texts[-1:-1] = _step_beside(state, texts[:-1], int(n), target)
        return texts
    return None


def _step_beside(state: State, before: list[str], n: int, target: str) -> list[str]:
    """A move that needs no dice to a square beside `target`, when the blitzer (after the
    actions `before`) stands away from it; none when he is beside it or no such move exists."""
    trial = state.clone()
    try:
        for text in before:
            trial.apply_action(trial.parse_action(text))
    except TablesportsError:
        return []
    tx, ty = map(int, target.split(","))
    s: Any = trial
    player = s.player(trial.current_player(), n) if trial.current_player() >= 0 else None
    if player is None or player.square < 0:
        return []
    px, py = coords(player.square)
    if max(abs(px - tx), abs(py - ty)) == 1:
        return []
    for action in trial.legal_actions():
        m = _SAFE_MOVE.fullmatch(str(action))
        if m and int(m[1]) == n and max(abs(int(m[2]) - tx), abs(int(m[3]) - ty)) == 1:
            return [str(action)]
    return []


def _declared(state: State, legal: list[str], verb: str, n: str, then: list[str]) -> list[str]:
    """`then`, declaring `verb n` first unless player n is the one acting now (and ending the
    activation of another player who is)."""
    if active_number(state) == int(n):
        return then
    first = ["end activation"] if "end activation" in legal else []
    return [*first, f"{verb} {n}", *then]


def active_number(state: State) -> int | None:
    """The shirt number of the player taking an action now, if one is."""
    s: Any = state
    for proc in reversed(s.stack):
        if isinstance(proc, Activation):
            return int(s.players[proc.pid].number)
    return None


def _square_of(state: State, number: int, verb: str) -> str | None:
    """The square of the player a verb aims at: an opponent, or a team-mate for a pass. One
    who is not on the pitch (in the reserves, KO'd, a casualty) is said so in one line."""
    s: Any = state
    team = state.current_player()
    if team < 0:
        return None
    target_team = team if verb in ("pass", "hand-off") else 1 - team
    whose = "team-mate" if target_team == team else "opponent"
    on_pitch = " ".join(f"#{p.number}" for p in sorted(s.on_pitch(target_team), key=_number))
    aim = f"{verb} {'to' if target_team == team else 'on'} #{number}"
    allowed = f"the {whose}s on the pitch are {on_pitch or 'none'} (or aim at a square: x,y)"
    player = s.player(target_team, number)
    if player is None:
        raise ShortcutProblem(
            f"{aim}: there is no {whose} #{number} in {s.team_name(target_team)}; {allowed}"
        )
    if player.square < 0:
        where = _BOXES.get(player.box, player.box)
        raise ShortcutProblem(
            f"{aim}: {player.label()} of {s.team_name(target_team)} is {where}, "
            f"not on the pitch; {allowed}"
        )
    x, y = coords(player.square)
    return f"{x},{y}"


def _number(player: Any) -> int:
    return int(player.number)


_BOXES = {
    RESERVES: "in the reserves",
    KO: "in the KO box",
    CASUALTY: "a casualty",
    SENT_OFF: "sent off",
}
