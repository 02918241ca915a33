"""`bloodbowl-planner`: the scripted bot's plans put to playouts. It plays legal moves to the
end of a match, is reproducible with a seed, keeps to its playout and time budgets, refuses
bad options, and offers (and carries out) the plans the scripted bot never makes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import OptionError
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.actions import EndTurn
from tablesports.games.bloodbowl.planner import PlannerBot, alternatives
from tablesports.games.bloodbowl.turn.actions import Declare
from tests.games.bloodbowl.turn.turn_helpers import act, position, sq

SHORT = load("bloodbowl", turns_per_half=2)
CHEAP = "bloodbowl-planner:rollouts=2,width=2"


def test_planner_plays_a_whole_match_with_legal_moves() -> None:
    # play_match raises AgentError on any illegal action
    record = play_match(
        SHORT, [make_agent(CHEAP, SHORT), make_agent("bloodbowl-scripted", SHORT)], 3
    )
    assert record.returns is not None and len(record.history) > 50


def test_planner_is_reproducible_with_a_seed() -> None:
    def actions(seed: int) -> list[str]:
        agents = [make_agent("bloodbowl-scripted", SHORT), make_agent(CHEAP, SHORT)]
        return [str(a) for a in play_match(SHORT, agents, seed).history]

    assert actions(5) == actions(5)


def test_a_foul_on_a_player_lying_down_is_among_the_plans() -> None:
    # human #7 stands beside orc #1, who is Prone; #1 of the humans assists from 11,6
    s = position("H7 10,7", "H1 11,6", "A1 11,7 prone", "A2 20,10", ball="2,2")
    plans = alternatives(s, EndTurn())
    fouls = [(a, plan) for a, plan in plans if isinstance(a, Declare) and a.kind == "foul"]
    assert fouls, plans
    _, plan = fouls[0]
    assert plan.aim == sq("11,7")


def test_the_scripted_bot_carries_out_a_plan_it_did_not_make() -> None:
    s = position("H7 10,7", "H1 11,6", "A1 11,7 prone", "A2 20,10", ball="2,2")
    planner = PlannerBot(s.game)
    (action, plan), *_ = [p for p in alternatives(s, EndTurn()) if p[0].kind == "foul"]
    planner.bot.plan = replace(plan)
    act(s, action)
    chosen = planner.bot.step(s)
    assert str(chosen).startswith("foul 11,7")


def test_planner_keeps_to_its_playout_budget() -> None:
    s = position("H7 10,7", "H1 11,6", "A1 11,7 prone", "A2 20,10", ball="2,2")
    planner = PlannerBot(s.game, rollouts=3, width=2)
    planner.step(s)
    plans = len(planner.last_values)
    assert 2 <= plans <= 3
    assert planner.last_playouts == 3 * plans


def test_planner_stops_at_its_time_cap() -> None:
    # a cap far below one round of playouts: the first round is played, then it stops
    s = position("H7 10,7", "H1 11,6", "A1 11,7 prone", "A2 20,10", ball="2,2")
    planner = PlannerBot(s.game, rollouts=1000, width=2, seconds=0.000001)
    planner.step(s)
    assert planner.last_playouts == len(planner.last_values)


def test_planner_without_plans_plays_as_the_scripted_bot() -> None:
    agents = [
        make_agent("bloodbowl-planner:width=0", SHORT),
        make_agent("bloodbowl-scripted", SHORT),
    ]
    bots = [make_agent("bloodbowl-scripted", SHORT), make_agent("bloodbowl-scripted", SHORT)]
    assert play_match(SHORT, agents, 7).history == play_match(SHORT, bots, 7).history


@pytest.mark.parametrize(
    ("spec", "word"),
    [
        ("bloodbowl-planner:budget=3", "unknown option 'budget'"),
        ("bloodbowl-planner:rollouts=0", "rollouts"),
        ("bloodbowl-planner:margin=-1", "margin"),
        ("bloodbowl-planner:horizon=9", "horizon"),
    ],
)
def test_planner_refuses_bad_options(spec: str, word: str) -> None:
    with pytest.raises(OptionError, match=word):
        make_agent(spec, SHORT)


def test_decisions_outside_the_team_turn_are_the_scripted_bots() -> None:
    s = SHORT.new_initial_state()
    planner, bot = PlannerBot(SHORT), make_agent("bloodbowl-scripted", SHORT)
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    assert planner.step(s) == bot.step(s)
    assert planner.decisions == 0
