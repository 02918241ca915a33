"""The Goblin and Snotling teams (2025 rosters, BSData/bloodbowl-season-3): shown by
`tablesports teams`, played end to end by random and scripted agents; Dirty Player (+1), the
2025 Dirty Player of the 'Ooligan and the Pump Wagon."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.cli.app import app
from tablesports.core.records import replay_final
from tablesports.core.registry import load
from tablesports.games.bloodbowl.rules_data import rosters, teams
from tests.games.bloodbowl.turn.turn_helpers import act, log, position

TEAMS = ["goblin", "snotling"]


@pytest.mark.parametrize("key", TEAMS)
def test_the_team_is_shown_with_its_2025_source(key: str) -> None:
    out = CliRunner().invoke(app, ["teams", key]).output
    assert rosters()[key].edition == "2025" and "season-3" in out
    for position_ in rosters()[key].positions:
        assert position_.name in out


@pytest.mark.parametrize("key", TEAMS)
@pytest.mark.parametrize("agent", ["random", "bloodbowl-scripted"])
def test_a_match_of_the_team_plays_to_the_end(key: str, agent: str) -> None:
    game = load("bloodbowl", home=key, away="orc")
    bots = [make_agent(agent, game, 3), make_agent(agent, game, 4)]
    final = replay_final(play_match(game, bots, 0), game)
    assert final.is_terminal()


@pytest.mark.parametrize("key", TEAMS)
def test_the_published_team_fields_every_position_of_its_roster(key: str) -> None:
    fielded = {p.position for p in teams()[key].players}
    assert fielded == {p.name for p in rosters()[key].positions}


def test_the_snotlings_field_no_more_insignificant_players_than_others() -> None:
    roster = rosters()["snotling"]
    small = [
        p
        for p in teams()["snotling"].players
        if roster.position(p.position).skills.count("Insignificant")
    ]
    assert 0 < len(small) <= len(teams()["snotling"].players) - len(small)


def test_dirty_player_plus_one_adds_one_to_the_fouls_armour_roll() -> None:
    s = position("H13 10,7", "A1 11,7 prone", rerolls=(0, 0), teams=("goblin", "human"))
    events = act(s, "foul 13", "foul 11,7", "2D6=3+5")  # 8 + 1 = 9 breaks AV 9+
    assert "Armour 2D6=3+5 +1 against AV 9+: broken" in log(events)
