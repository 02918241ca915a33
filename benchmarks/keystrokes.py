"""The keys a person types for a typical move of each game, through the play prompt's input.

Usage: PYTHONPATH=src python benchmarks/keystrokes.py

Each game's typical move is written down below (`MOVES`) with the lines typed for it three
ways: `typed`, the actions' own texts (as a newcomer reading the menu types them); `shortest`,
the fewest keys the prompt took before issue 46's shortcuts (numbers, the older shortcuts);
`now`, the fewest keys with them. Every line counts its characters and one for Enter. The lines
are fed to a `PlaySession` one by one as a person's input; a script counts only if the moves it
should make were made (the actions checked in the game's history), so run on an older checkout
(PYTHONPATH=/path/to/old/src) the `now` column says "refused" where a form is new.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console

from tablesports.agents.registry import make_agent
from tablesports.cli.session import PlaySession
from tablesports.core.protocol import CHANCE, State
from tablesports.core.registry import load


@dataclass
class Move:
    game: str
    what: str
    start: Callable[[], State]
    made: list[str]
    """The actions the move is (by the people at the table, in order)."""
    typed: list[str]
    shortest: list[str]
    now: list[str]
    hot_seat: bool = False
    """Both seats are people (their keys count): a Jugger TTG activation has the other side's
    answers in it."""


def advanced(game_id: str, ready: Callable[[State], bool], seed: int = 1) -> State:
    """Random play from the start until `ready` (at a person's decision)."""
    state = load(game_id).new_initial_state()
    rng = random.Random(seed)
    while not (state.current_player() >= 0 and ready(state)):
        legal = state.legal_actions()
        chance = state.current_player() == CHANCE
        state.apply_action(state.sample_chance(rng) if chance else rng.choice(legal))
    return state


def texts(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


TTG = (
    "rda=4 init=red / r1 nils qwik c6 E 4/3 done; r2 wren long g6 E 3/4; "
    "b3 tove long k6 W 4/3; b1 sami qwik s6 W 4/2"
)
"""Red's pompfer r2 (Reflex 4) and blue's b3 (a re-roll talent) four hexes apart, facing each
other, both with long spars (range 2)."""

MOVES = [
    Move(
        "juggerttg",
        "an activation: activate r2, jog 2 hexes (blue declines an AoO), attack b3, buy 1 "
        "die; blue parries, buys none and declines its re-roll; done",
        lambda: load("juggerttg").from_position(TTG),
        [
            "activate r2",
            "jog",
            "step h6",
            "step i6",
            "no-reaction",
            "attack b3",
            "buy 1",
            "parry",
            "buy 0",
            "no-reaction",
            "done",
        ],
        typed=[
            "activate r2",
            "jog",
            "h6",
            "i6",
            "no-reaction",
            "attack b3",
            "buy 1",
            "parry",
            "buy 0",
            "no-reaction",
            "done",
        ],
        shortest=["1", "6", "h6", "i6", "2", "a b3", "2", "1", "1", "2", "done"],
        now=["", "j", "h6", "i6", "", "a b3", "+1", "p", "", "", "d"],
        hot_seat=True,
    ),
    Move(
        "bloodbowl",
        "move a player: declare `move 7`, then move it to a square it reaches without a roll",
        lambda: advanced("bloodbowl", lambda s: "move 7" in texts(s)),
        ["move 7", "move 7 to {to}"],
        typed=["move 7", "move 7 to {to}"],
        shortest=["7 {to}"],
        now=["7 {to}"],
    ),
    Move(
        "hanniball",
        "one step of a piece to a square only it reaches (a turn is up to four)",
        lambda: advanced("hanniball", lambda s: "e1-e2" in texts(s)),
        ["{step}"],
        typed=["{step}"],
        shortest=["{to}"],
        now=["{to}"],
    ),
    Move(
        "jukem",
        "play a card",
        lambda: advanced("jukem", lambda s: any(t.startswith("play ") for t in texts(s))),
        ["play {card}"],
        typed=["play {card}"],
        shortest=["{card}"],
        now=["{card}"],
    ),
    Move(
        "juggers",
        "a flick of Jugger 1 to a cell",
        lambda: advanced("juggers", lambda s: any(t.startswith("flick 1 ") for t in texts(s))),
        ["flick 1 "],
        typed=["{flick}"],
        shortest=["1 d4"],
        now=["1 d4"],
    ),
]


def fill(move: Move, state: State) -> dict[str, str]:
    """The values a move's lines name that come from its position (a square, a card)."""
    legal = texts(state)
    values = {"to": "", "card": "", "flick": "", "step": ""}
    if move.game == "bloodbowl":
        trial = state.clone()
        trial.apply_action(trial.parse_action("move 7"))
        # a square reached without a roll: a move with dice asks first (issue 46 finding 5)
        moves = [t for t in texts(trial) if t.startswith("move 7 to ") and "(" not in t]
        values["to"] = moves[0].split(" to ")[1].split()[0]
    if move.game == "hanniball":  # a step to a square no other step reaches: its square alone
        ends = [t.split("-")[-1] for t in legal]
        values["step"] = next(t for t in legal if ends.count(t.split("-")[-1]) == 1)
        values["to"] = values["step"].split("-")[-1]
    if move.game == "jukem":
        values["card"] = next(t for t in legal if t.startswith("play ")).split()[-1]
    if move.game == "juggers":
        values["flick"] = next(t for t in legal if t.startswith("flick 1 "))
    return values


def keys(move: Move, lines: list[str]) -> tuple[int, bool]:
    """The keys typed (Enter counted) and whether the move was made by them."""
    state = move.start()
    values = fill(move, state)
    lines = [line.format(**values) for line in lines]
    made = [m.format(**values) for m in move.made]
    seat = state.current_player()
    players = state.game.info.players
    game = state.game
    agents = [
        None if move.hot_seat or n == seat else make_agent("random", game, seed=n)
        for n in range(players)
    ]
    fed = iter(lines)

    def read(prompt: str) -> str:
        return next(fed)  # StopIteration ends the game as the end of input does

    out = Console(file=io.StringIO(), width=80, height=24)
    session = PlaySession(state, agents, 7, out, read_line=lambda p: _or_eof(read, p))
    begin = len(state.history)
    session.run()
    people = [
        str(a)
        for p, a in session.state.history[begin:]
        if p != CHANCE and (move.hot_seat or p == seat)
    ]
    ok = len(people) >= len(made) and all(
        got.startswith(want) for got, want in zip(people, made, strict=False)
    )
    return sum(len(line) + 1 for line in lines), ok


def _or_eof(read: Callable[[str], str], prompt: str) -> str:
    try:
        return read(prompt)
    except StopIteration:
        raise EOFError from None


def main() -> None:
    print("| game | typical move | typed (texts) | shortest before | now |")
    print("|---|---|---:|---:|---:|")
    for move in MOVES:
        cells = []
        for lines in (move.typed, move.shortest, move.now):
            n, ok = keys(move, lines)
            cells.append(str(n) if ok else f"{n} (refused)")
        print(f"| {move.game} | {move.what} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
