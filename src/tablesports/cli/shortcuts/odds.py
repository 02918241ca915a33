"""Blood Bowl's rolls before they are played: a typed line whose steps need dice is shown with
them and with the chance of making them all, and waits for a yes.

The rolls are the notes the game writes on its legal actions (`move 7 to 14,6 (dodge 3+,
rush 2+)`), the ones the web app prints on its lit squares; the chance is the game's own
`rolls.success` over the same rolls (`rolls.path_rolls` for a move, `leap_rolls` for a Leap),
as its bots weigh paths: every roll independent, re-rolls (team, Dodge, Sure Feet) not
counted. Passes, catches, fouls and gazes show their note without a chance; a block alone
is only said (its dice), not asked about.

- `8 14,2!` (or `!8 14,2`) plays at once; `confirm off` stops asking for the rest of the game.
- `safe 8 14,2` (or `8 14,2 safe`) walks the move's path only as far as no roll is needed,
  and stops there: the first square that would need a roll is left for another line.
- `moves [N]` lists where player N (or the one acting) can go, grouped by the rolls needed.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import Any

from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Action, State

HELP = (
    "  moves [N]      where player N (or the one acting) can go, each square's rolls\n"
    "  confirm on|off ask before a line that rolls dice, or play it at once\n"
    "                 8 14,2! plays at once, safe 8 14,2 stops before the first roll"
)
"""The lines `help` adds in Blood Bowl."""

_ROLL = re.compile(r"\b\d{1,2}\+")
"""A target number in a note: the step rolls dice (a block's `2 dice, you choose` does not
count: the block is the action itself)."""


@dataclass
class Step:
    """One step of a line, as the game lists it (`text` with its note), and the chance of
    making its rolls when the game works them out (None: a note without a chance)."""

    text: str
    note: str
    chance: float | None

    @property
    def risky(self) -> bool:
        return bool(_ROLL.search(self.note))


def marks(game_id: str, line: str) -> tuple[str, bool, bool]:
    """The line without its marks, whether it is forced (`!`), and whether it is `safe`."""
    if game_id != "bloodbowl":
        return line, False, False
    text = line.strip()
    forced = len(text) > 1 and (text.endswith("!") or text.startswith("!"))
    if forced:
        text = text.strip("!").strip()
    words = text.split()
    safe = len(words) > 1 and "safe" in (words[0].lower(), words[-1].lower())
    if safe:
        words = words[1:] if words[0].lower() == "safe" else words[:-1]
        text = " ".join(words)
    return text, forced, safe


def percent(chance: float) -> str:
    """A chance as people read it: 44%, 0.8% (never 0% nor 100% for a roll that may fail)."""
    if chance >= 1:
        return "100%"
    if chance >= 0.995:
        return "99%"
    if chance < 0.001:
        return "<0.1%"
    if chance < 0.01:
        return f"{chance:.1%}"
    return f"{chance:.0%}"


def steps(state: State, actions: list[Action]) -> list[Step]:
    """Each action of a planned line, as the game lists it at its turn (on a clone)."""
    trial = state.clone()
    out: list[Step] = []
    for action in actions:
        listed = next((a for a in trial.legal_actions() if a == action), action)
        note = getattr(listed, "risk", "") or getattr(listed, "note", "")
        out.append(Step(str(listed), note, _chance(trial, listed)))
        trial.apply_legal(action)
    return out


def _chance(s: Any, action: Action) -> float | None:
    """`rolls.success` of the rolls the game finds for a move or a Leap (1.0: none)."""
    from tablesports.games.bloodbowl.pitch import index
    from tablesports.games.bloodbowl.turn.actions import Aim, MovePath
    from tablesports.games.bloodbowl.turn.rolls import path_rolls, success

    activation = activation_of(s)
    if activation is None:
        return None
    if isinstance(action, MovePath):
        r = activation.reachable(s)
        square = index(action.x, action.y)
        return success(path_rolls(s, r, square)) if square in r.risk else None
    if isinstance(action, Aim) and action.verb == "leap to":
        p = s.players[activation.pid]
        return success(activation.leap_rolls(s, p, index(action.x, action.y)))
    return None


def activation_of(s: Any) -> Any:
    """The activation under way (the innermost), or None."""
    from tablesports.games.bloodbowl.turn.activation import Activation

    for proc in reversed(s.stack):
        if isinstance(proc, Activation):
            return proc
    return None


def warning(state: State, actions: list[Action]) -> tuple[str | None, bool]:
    """What a line rolls and its chance, and whether to ask before playing it: asked when a
    step has a target number; a block's dice alone (`2 dice, they choose`) are only said."""
    if state.game.info.id != "bloodbowl":
        return None, False
    found = steps(state, actions)
    risky = [step for step in found if step.risky]
    if not risky:
        noted = [step.text for step in found if step.note]
        return (f"dice: {'; '.join(noted)}" if noted else None), False
    chances = [step.chance for step in risky]
    parts = [step.text for step in risky]
    if all(c is not None for c in chances):
        total = 1.0
        for c in chances:
            total *= c or 0.0
        tail = f": {percent(total)} to make every roll (re-rolls not counted)"
    else:
        known = [f"{percent(c)} for {s.text}" for s, c in zip(risky, chances, strict=True) if c]
        tail = f" ({', '.join(known)})" if known else ""
    s: Any = state
    rerolls = s.rerolls[state.current_player()]
    return f"rolls: {'; '.join(parts)}{tail}; team re-rolls left: {rerolls}", True


def safe(state: State, actions: list[Action]) -> list[Action] | str:
    """The line with its last step, a move, cut at the last square of its path reachable
    without a roll; a reason (and nothing played) when there is none to cut or keep."""
    from tablesports.games.bloodbowl.pitch import coords, index
    from tablesports.games.bloodbowl.turn.actions import MovePath

    if not actions or not isinstance(actions[-1], MovePath):
        return "safe goes with a move (safe 8 14,2): it walks the path up to the first roll"
    trial: Any = state.clone()
    for action in actions[:-1]:
        trial.apply_legal(action)
    move = actions[-1]
    activation = activation_of(trial)
    r = activation.reachable(trial)
    target = index(move.x, move.y)
    stop = r.start
    for square in r.path(target):
        if r.risk.get(square):  # the path from here on rolls dice
            break
        stop = square
    if stop == r.start:
        first = r.risk.get(r.path(target)[0], "")
        return (
            f"safe: the first square towards {move.x},{move.y} already needs a roll "
            f"({first}); nothing played"
        )
    x, y = coords(stop)
    try:
        cut = trial.parse_action(f"move {move.number} to {x},{y}")
    except TablesportsError as exc:  # the game's own text: it always parses
        return str(exc)
    return [*actions[:-1], cut]


def moves(state: State, seat: int, arg: str, width: int = 80) -> str:
    """Where a player can go now, grouped by the rolls each square needs (`moves [N]`)."""
    s: Any = state
    trial: Any = state.clone()
    activation = activation_of(trial)
    number = int(arg) if arg.isdigit() else None
    acting = None if activation is None else s.players[activation.pid]
    if number is None and arg:
        return f"moves takes a shirt number of yours (moves 7), not {arg!r}"
    if number is None and (acting is None or acting.team != seat):
        return "moves needs a shirt number: moves 7 (no player of yours is acting now)"
    if number is not None and (acting is None or acting.number != number or acting.team != seat):
        player = s.player(seat, number)
        if player is None or player.square < 0:
            return f"moves {number}: no player #{number} of yours is on the pitch"
        legal = {str(a) for a in trial.legal_actions()}
        first = ["end activation"] if "end activation" in legal else []
        if not _declares(trial, [*first, f"move {number}"]):
            return f"moves {number}: #{number} cannot take a Move action now"
        activation = activation_of(trial)
    assert activation is not None
    r = activation.reachable(trial)
    p = trial.players[activation.pid]
    groups: dict[str, list[int]] = {}
    for square, note in r.risk.items():
        groups.setdefault(note, []).append(square)
    if not groups:
        return f"#{p.number} cannot move from where he stands"
    from tablesports.games.bloodbowl.turn.rolls import path_rolls, success

    lines = [f"#{p.number} {p.position.name} can reach (x,y1-y2: a column's squares y1 to y2):"]
    order = sorted(groups, key=lambda n: (-success(path_rolls(trial, r, groups[n][0])), n))
    for note in order:
        chance = success(path_rolls(trial, r, groups[note][0]))
        head = f"{note} ({percent(chance)})" if note else "no roll"
        lines.append(
            textwrap.fill(
                f"{head}: {runs(groups[note])}",
                width,
                initial_indent="  ",
                subsequent_indent="    ",
            )
        )
    return "\n".join(lines)


def runs(squares: list[int]) -> str:
    """Squares by column, each column's neighbours in a run: `13,2-5 13,9 14,2-4`."""
    from tablesports.games.bloodbowl.pitch import coords

    out: list[str] = []
    for x, y in sorted(coords(q) for q in squares):
        last = out[-1] if out else ""
        head, _, tail = last.partition(",")
        if head == str(x) and int(tail.split("-")[-1]) == y - 1:
            out[-1] = f"{x},{tail.split('-')[0]}-{y}"
        else:
            out.append(f"{x},{y}")
    return " ".join(out)


def _declares(trial: Any, texts: list[str]) -> bool:
    """Apply `texts` on `trial` if each is legal in turn (the player to move staying the
    same): whether they all were."""
    seat = trial.current_player()
    for text in texts:
        try:
            action = trial.parse_action(text)
        except TablesportsError:
            return False
        if trial.current_player() != seat or not trial.is_legal(action):
            return False
        trial.apply_legal(action)
    return True
