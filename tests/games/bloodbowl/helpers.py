"""Helpers for the Blood Bowl rule tests: positions in the game's notation, forced dice.

The default match is Reikland Reavers (human, home, team 0) against Gouged Eye (orc, away,
team 1). `to_kickoff_event` plays the pre-game and the start of the first drive with forced
outcomes: the orcs win the toss and receive; the humans set up in the "line" formation (#1-3
on their line of scrimmage at 12,6-8, #4 12,4, #5 12,10, #6 10,2, #7 10,12, #8 10,7,
#9 8,5, #10 8,9, #11 5,7; #12 in reserve), the orcs in the "wedge" (#1-3 at 13,6-8, #4 14,5,
#5 14,9, #6 15,4, #7 15,10, #8 16,7, #9 17,2, #10 17,12, #11 19,7; #12 in reserve).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.events import Event
from tablesports.core.records import replay_final
from tablesports.core.registry import load
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.state import BloodBowlState

GAME = load("bloodbowl")
HOME, AWAY = 0, 1


def play(s: BloodBowlState, *moves: str) -> list[Event]:
    """Apply actions and chance outcomes by their text; return every event."""
    events: list[Event] = []
    for text in moves:
        events += s.apply_action(s.parse_action(text))
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def new_match(**options: Any) -> BloodBowlState:
    game = load("bloodbowl", **options) if options else GAME
    s = game.new_initial_state()
    assert isinstance(s, BloodBowlState)
    return s


PREGAME = ("2D6=3+4", "call heads", "coin=heads", "choose receive")
SETUPS = ("formation line", "setup done", "formation wedge", "setup done")


def to_setup(**options: Any) -> BloodBowlState:
    """The first drive, at the kicking team's (the humans') set-up."""
    s = new_match(**options)
    play(s, *PREGAME)
    return s


def to_kick(kicker: int = 8, **options: Any) -> BloodBowlState:
    """Both teams set up and the kicker nominated: the humans place the kick next."""
    s = to_setup(**options)
    play(s, *SETUPS, f"kicker {kicker}")
    return s


def to_kickoff_event(
    target: str = "19,7", direction: int = 2, distance: int = 1, **options: Any
) -> BloodBowlState:
    """The kick aimed at `target` and deviated; the 2D6 kick-off event roll comes next."""
    s = to_kick(**options)
    play(s, f"kick at {target}", f"D8={direction}", f"D6={distance}")
    return s


def edit(s: BloodBowlState, change: Callable[[dict[str, Any]], None]) -> BloodBowlState:
    """A new state from `s`'s notation after `change` edits the JSON (the drawing dropped)."""
    data = s.to_json()
    del data["pitch"]
    change(data)
    state = GAME.from_position(json.dumps(data))
    assert isinstance(state, BloodBowlState)
    return state


def move_player(data: dict[str, Any], team: int, number: int, x: int, y: int) -> None:
    for entry in data["players"][team]:
        if entry["number"] == number:
            entry.pop("box", None)
            entry["square"] = [x, y]
            return
    raise KeyError(number)


def bench_player(data: dict[str, Any], team: int, number: int) -> None:
    """Send a player to the reserves, so that another may take his place (11 on the pitch)."""
    for entry in data["players"][team]:
        if entry["number"] == number:
            entry.pop("square", None)
            entry["box"] = "reserves"
            return
    raise KeyError(number)


def at(s: BloodBowlState, x: int, y: int) -> tuple[int, int] | None:
    """(team, number) of the player on x,y."""
    pid = s.pitch[index(x, y)]
    if pid < 0:
        return None
    p = s.players[pid]
    return p.team, p.number


def top(s: BloodBowlState) -> str:
    return s.stack[-1].name


def to_first_turn(**options: Any) -> BloodBowlState:
    """The kick caught by orc #11 (a Big Un at 19,7): the receiving orcs' first turn."""
    s = to_kickoff_event("19,8", 2, 1, **options)
    play(s, "2D6=3+4", "D6=3", "D6=3", "D6=5")
    assert top(s) == "team_turn"
    return s


def last_turns(s: BloodBowlState) -> BloodBowlState:
    """The same position with both turn markers on the last turn: ending this turn ends the
    drive (and the half)."""
    return edit(s, lambda d: d.update(turn=[d["turns_per_half"]] * 2))


def bot_against_random(bot: str, games: int) -> tuple[int, int]:
    """Play `bot` against the random agent (seeds 0 to games-1, seats alternating), check it
    never loses, and return its wins and touchdowns."""
    touchdowns = wins = 0
    for seed in range(games):
        agents = [make_agent(bot, GAME, seed), make_agent("random", GAME, seed)]
        seat = seed % 2
        if seat:
            agents.reverse()
        record = play_match(GAME, agents, seed)  # raises on an illegal action
        final = replay_final(record, GAME)
        touchdowns += final.score[seat]
        assert final.score[seat] >= final.score[1 - seat]
        wins += final.score[seat] > final.score[1 - seat]
    return wins, touchdowns
