"""Rosters and teams as data: published teams with their editions, team files validated with
errors that name the file, the entry and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesports.core.errors import DataFileError, OptionError
from tablesports.core.registry import load
from tablesports.games.bloodbowl.rules_data import formations, rosters, tables, teams

GOOD_TEAM = """
[team]
name = "Bad Bay Bunch"
roster = "skaven"
edition = "BB2020"
rerolls = 2
cheerleaders = 0
assistant_coaches = 2
fan_factor = 4
players = [
  { number = 1, position = "Lineman" }, { number = 2, position = "Lineman" },
  { number = 3, position = "Lineman" }, { number = 4, position = "Lineman" },
  { number = 5, position = "Lineman" }, { number = 6, position = "Lineman" },
  { number = 7, position = "Thrower" }, { number = 8, position = "Gutter Runner" },
  { number = 9, position = "Gutter Runner" }, { number = 10, position = "Blitzer" },
  { number = 11, position = "Rat Ogre", name = "Gnawer" },
]
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "team.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_at_least_four_published_rosters_each_value_with_its_edition() -> None:
    assert {"human", "orc", "dwarf", "skaven"} <= set(rosters())
    for roster in rosters().values():
        assert roster.edition
        assert all(pos.edition for pos in roster.positions)


def test_published_teams_have_rerolls_cheerleaders_coaches_and_fan_factor() -> None:
    for key, team in teams().items():
        assert team.roster == key and len(team.players) >= 11
        assert team.rerolls >= 0 and team.cheerleaders >= 0
        assert team.assistant_coaches >= 0 and team.fan_factor >= 0


def test_tables_and_formations_load() -> None:
    assert len(tables().kickoff) == 11
    assert {"line", "wedge"} <= set(formations())


def test_a_team_file_loads(tmp_path: Path) -> None:
    game = load("bloodbowl", home=write(tmp_path, GOOD_TEAM), away="dwarf")
    s = game.new_initial_state()
    assert s.teams[0].name == "Bad Bay Bunch"
    assert s.player(0, 11).position.name == "Rat Ogre" and s.player(0, 11).ma == 6


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('position = "Rat Ogre"', 'position = "Troll"'), "has no position 'Troll'"),
        (('"Blitzer" }', '"Rat Ogre" }'), "at most 1"),
        (("number = 2,", "number = 1,"), "used twice"),
        (("rerolls = 2", "rerolls = -1"), "rerolls"),
        (('roster = "skaven"', 'roster = "elf"'), "unknown roster 'elf'"),
        (("fan_factor = 4\n", ""), "fan_factor"),
        (("[team]", "[squad]"), "one \\[team\\] table"),
        (("players = [", "players = [[["), "not valid TOML"),
    ],
)
def test_a_bad_team_file_names_the_file_the_entry_and_the_problem(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = write(tmp_path, GOOD_TEAM.replace(*change))
    with pytest.raises(DataFileError, match=message) as err:
        load("bloodbowl", home=path)
    assert str(tmp_path) in str(err.value)


def test_an_unknown_team_lists_the_published_ones() -> None:
    with pytest.raises(DataFileError, match="human"):
        load("bloodbowl", away="elves")


def test_a_missing_team_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load("bloodbowl", home=str(tmp_path / "nowhere.toml"))


def test_unknown_options_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown option 'teams'"):
        load("bloodbowl", teams="orc")
    with pytest.raises(OptionError, match="turns_per_half"):
        load("bloodbowl", turns_per_half=0)


def test_a_team_over_the_matchs_budget_is_refused_naming_its_value(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_TEAM)
    with pytest.raises(DataFileError, match="over the match's budget of 500,000") as err:
        load("bloodbowl", home=path, budget=500_000)
    assert str(tmp_path) in str(err.value) and "Bad Bay Bunch" in str(err.value)
    load("bloodbowl", home=path, budget=1_500_000)  # within a bigger budget


CHOSEN = """
[team]
name = "Doom Lords B"
roster = "chaos-chosen"
edition = "BB2020"
rerolls = 1
cheerleaders = 0
assistant_coaches = 0
fan_factor = 1
players = [
  { number = 1, position = "Beastmen Lineman" },
  { number = 2, position = "Troll" },
  { number = 3, position = "Minotaur" },
]
"""


def test_a_shared_positional_limit_names_the_positions(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="at most 1 of them together") as err:
        load("bloodbowl", home=write(tmp_path, CHOSEN))
    assert "Troll, Ogre, Minotaur" in str(err.value)


def test_an_apothecary_the_roster_does_not_allow_is_refused(tmp_path: Path) -> None:
    text = CHOSEN.replace('roster = "chaos-chosen"', 'roster = "necromantic"')
    text = text.replace('"Beastmen Lineman"', '"Zombie Lineman"')
    text = text.replace('"Troll"', '"Werewolf"').replace('"Minotaur"', '"Wraith"')
    game = load("bloodbowl", home=write(tmp_path, text))
    assert game.new_initial_state().apothecaries == [0, 1]  # type: ignore[attr-defined]
    text = text.replace("fan_factor = 1", "fan_factor = 1\napothecary = true")
    with pytest.raises(DataFileError, match="may not hire an Apothecary"):
        load("bloodbowl", home=write(tmp_path, text))


def test_every_published_team_loads_within_the_default_budget() -> None:
    for key in teams():
        game = load("bloodbowl", home=key, away="human")
        assert game.new_initial_state().teams[0].name == teams()[key].name  # type: ignore[attr-defined]
    assert len(teams()) >= 12
