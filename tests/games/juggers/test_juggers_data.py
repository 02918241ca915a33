"""The data files: the shipped ones load, and a broken one names the file, entry and field."""

from __future__ import annotations

import pytest

from tablesports.core.errors import DataFileError
from tablesports.games.juggers import data

CHARACTER = """
[[character]]
id = "uno"
name = "Uno"
cost = 30
life = 3
stamina = 50
charisma = 20
precision = 2.0
supermove = {{ name = "Push", morale = 3, power = 1.2 }}
"""


def test_the_shipped_market_has_at_least_twelve_original_characters() -> None:
    roster = data.roster().character
    assert len(roster) >= 12
    assert len({c.id for c in roster}) == len(roster)
    assert all(0 <= c.stamina <= 100 and 0 <= c.charisma <= 100 for c in roster)


def _market(last: str) -> str:
    """Seven good characters and `last`."""
    good = "".join(CHARACTER.format().replace('"uno"', f'"c{i}"') for i in range(7))
    return good + last


def test_a_broken_character_names_the_file_entry_and_field() -> None:
    bad = CHARACTER.format().replace('"uno"', '"due"').replace("stamina = 50", "stamina = 150")
    with pytest.raises(DataFileError) as err:
        data.parse_data(data.Roster, _market(bad), "my/characters.toml")
    message = str(err.value)
    assert "my/characters.toml" in message
    assert "entry 8 (id 'due')" in message and "'stamina'" in message


def test_a_bad_supermove_effect_is_named() -> None:
    text = _market(CHARACTER.format().replace('"uno"', '"bad"').replace("power = 1.2", "power = 9"))
    with pytest.raises(DataFileError, match=r"entry 8 \(id 'bad'\), field 'supermove.power'"):
        data.parse_data(data.Roster, text, "characters.toml")


def test_a_table_whose_step_lets_coins_tunnel_is_refused() -> None:
    import tomllib
    from pathlib import Path

    import tablesports.games.juggers as pkg

    raw = (Path(pkg.__file__).parent / "data" / "table.toml").read_text()
    bad = raw.replace("time_step = 0.004", "time_step = 0.01")
    assert tomllib.loads(bad)["time_step"] == 0.01
    with pytest.raises(DataFileError, match="time_step"):
        data.parse_data(data.Table, bad, "table.toml")


def test_not_toml_is_named() -> None:
    with pytest.raises(DataFileError, match=r"house\.toml: not valid TOML"):
        data.parse_data(data.HouseRules, "innings = = 9", "house.toml")


def test_a_table_with_bouncing_posts_and_dead_coins_is_refused() -> None:
    """Chipmunk multiplies the coin's and the post's elasticities: a coin of elasticity 0 could
    not bounce off a post at all."""
    raw = data._read("table.toml")
    bad = raw.replace("restitution_coins = 0.80", "restitution_coins = 0.0")
    with pytest.raises(DataFileError, match="restitution_coins"):
        data.parse_data(data.Table, bad, "table.toml")
