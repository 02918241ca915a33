"""The hero roster, spars and hero files of your own (rules.md, "Heroes"; R24, R133)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesports.core.errors import ActionParseError, DataFileError, NotationError, OptionError
from tablesports.core.registry import load
from tablesports.games.juggerttg.actions import act
from tablesports.games.juggerttg.data import load_heroes, load_spars, parse_heroes, recruit_cost
from tablesports.games.juggerttg.notation import position
from tests.games.juggerttg.helpers import GAME, pos

GOOD = """
[talents.wall]
name = "Mauer"
label = "Parade"
effect = "parry_dice"
amount = 2
fp = 3
"""


def hero(hid: str, **over: object) -> str:
    fields = {
        "name": f'"{hid.title()}"',
        "team": '"A"',
        "reflex": 3,
        "attack": 2,
        "parry": 2,
        "agility": 1,
        "focus": 4,
        "stamina": 4,
        "will": 2,
        "talent": '"wall"',
        "cost": 6,
    }
    fields.update({k: v for k, v in over.items()})
    lines = [f"[heroes.{hid}]"] + [f"{k} = {v}" for k, v in fields.items() if v is not None]
    return "\n".join(lines) + "\n"


def test_the_house_roster_has_30_heroes_within_the_ranges_and_the_cost_formula() -> None:
    heroes = load_heroes()
    assert len(heroes) >= 30 and len({h.id for h in heroes}) == len(heroes)
    for h in heroes:
        assert 1 <= h.reflex <= 5 and 0 <= h.attack <= 3 and 0 <= h.parry <= 3
        assert 0 <= h.agility <= 2 and 3 <= h.focus <= 5 and 2 <= h.stamina <= 5
        assert h.talent is not None
        assert h.cost == recruit_cost(h, h.talent.weight), h.id


def test_r24_r133_the_spar_table() -> None:
    table = {s.id: (s.attack, s.parry, s.range, s.stones) for s in load_spars()}
    assert table["shield"] == (1, 3, 1, 3)
    assert table["long"] == (2, 1, 2, 3)
    assert table["staff"] == (1, 2, 2, 3)
    assert table["qtip"] == (2, 1, 2, 3)
    assert table["chain"] == (3, 0, 3, 5)


def test_a_broken_hero_file_names_the_file_the_hero_and_the_field() -> None:
    text = GOOD + hero("anna") + hero("bert", reflex=7)
    with pytest.raises(DataFileError, match=r"mine\.toml: hero 'bert', field 'reflex'"):
        parse_heroes(text, "mine.toml")
    with pytest.raises(DataFileError, match=r"hero 'anna', field 'talent': unknown talent"):
        parse_heroes(GOOD + hero("anna", talent='"fly"'), "mine.toml")
    with pytest.raises(DataFileError, match=r"hero 'anna', field 'focus': Field required"):
        parse_heroes(GOOD + hero("anna", focus=None), "mine.toml")
    bad_talent = GOOD.replace('label = "Parade"', 'label = "Duell"')
    with pytest.raises(DataFileError, match=r"talent 'wall'"):
        parse_heroes(bad_talent + hero("anna"), "mine.toml")


def test_a_hero_file_of_your_own_is_an_option(tmp_path: Path) -> None:
    path = tmp_path / "my_heroes.toml"
    path.write_text(GOOD + "".join(hero(n, cost=5) for n in "abcdef"), encoding="utf-8")
    game = load("juggerttg", heroes=str(path))
    st = game.new_initial_state()
    assert {str(a) for a in st.legal_actions()} == {f"recruit {n}" for n in "abcdef"}
    with pytest.raises(DataFileError, match="cannot read"):
        load("juggerttg", heroes=str(tmp_path / "none.toml"))
    with pytest.raises(OptionError, match="unknown option"):
        load("juggerttg", hero="x")


def test_action_texts_parse_back_and_nonsense_is_refused() -> None:
    for text in (
        "step l6",
        "attack b3",
        "place r1 a6",
        "spar r3 chain",
        "recruit arlo",
        "face NE",
        "buy 2",
        "initiative blue",
        "no-defence",
    ):
        assert str(GAME.parse_action(text)) == text
    with pytest.raises(ActionParseError, match="not a hero"):
        GAME.parse_action("attack x9")
    with pytest.raises(ActionParseError, match="no hex"):
        GAME.parse_action("step a12")


def test_one_shared_object_per_action_however_it_is_asked_for() -> None:
    """`act` is cached in front of the interning dict: a call with keywords (cached apart) and
    a parsed text still give the very object the move generation hands out."""
    step = act("step", 5)
    assert act("step", 5) is step
    assert act("step", a=5) is step
    assert act(kind="step", a=5, b=-1, s="") is step
    assert GAME.parse_action(str(step)) is step
    assert act("step", 6) is not step and act("step", 6) != step


def test_the_notation_round_trips_and_bad_positions_say_why() -> None:
    st = pos(
        "r2 wren long k6 E 3/4 exhausted; b2 bex chain m6 W 3/3 thrown down2",
        "rda=4 init=red active=r2 moves=2",
    )
    text = position(st)
    assert position(GAME.from_position(text)) == text
    with pytest.raises(NotationError, match="share a hex"):
        pos("r2 wren long k6 E 3/4; b2 bex long k6 W 3/3")
    with pytest.raises(NotationError, match="exactly one Qwik"):
        pos("r2 wren long k6 E 3/4", qwiks="")
    with pytest.raises(NotationError, match=r"RDA runs 5\.\.1"):
        pos("r2 wren long k6 E 3/4", "rda=7")


def test_short_forms_a_hex_is_a_step_and_a_hero_is_an_attack() -> None:
    assert str(GAME.parse_action("l6")) == "step l6"
    assert str(GAME.parse_action("b3")) == "attack b3"
