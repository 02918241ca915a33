"""The deck as data, a user's deck file, the action text forms and the position notation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tablesports.core.errors import ActionParseError, DataFileError, NotationError
from tablesports.core.registry import load
from tablesports.games.jukem.cards import SETUP_KINDS, Kind

from .helpers import GAME, act, position

STANDARD = (
    Path(__file__).parents[3] / "src" / "tablesports" / "games" / "jukem" / "data" / "deck.toml"
)


def test_deck_has_56_cards_42_offensive_and_14_defensive() -> None:
    kinds = Counter(GAME.deck.kind)
    offensive = sum(kinds[k] for k in (Kind.PASS, Kind.HEADER, Kind.FLOP, Kind.SHOT, Kind.JUKEM))
    defensive = sum(kinds[k] for k in (Kind.SAVE, Kind.YELLOW, Kind.RED))
    assert (GAME.deck.size, offensive, defensive) == (56, 42, 14)
    assert kinds[Kind.FLOP] == 1 and kinds[Kind.JUKEM] == 1  # "the FLOP card", "the JUKEM card"


def test_every_card_has_a_unique_id() -> None:
    assert len(set(GAME.deck.ids)) == GAME.deck.size


def test_a_yellow_penalty_of_the_seed_answers_only_a_flop() -> None:
    d = GAME.deck
    yellows = [c for c in d.penalties if d.kind[c] == Kind.YELLOW]
    assert any(d.against[y] == 1 << Kind.FLOP and not d.removes_all[y] for y in yellows)
    assert all(d.removes_all[r] for r in d.penalties if d.kind[r] == Kind.RED)


def test_load_plays_with_a_users_own_deck_file(tmp_path: Path) -> None:
    text = STANDARD.read_text().replace("count = 27\n", "count = 30\n", 1)
    path = tmp_path / "my-deck.toml"
    path.write_text(text)
    game = load("jukem", deck=str(path))
    assert game.deck.size == 59 and "PASS-30" in game.deck.ids  # type: ignore[attr-defined]
    assert game.new_initial_state() is not None


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("setup = 4\nballs = [4, 5]", "setup = 4\nballs = [4, 9]", "'SHOT-4b': balls box 9"),
        ('id = "SAVE-2"\nkind = "save"', 'id = "SAVE-1"\nkind = "save"', "'SAVE-1': this id"),
        ('kind = "flop"', 'kind = "lob"', "card 'FLOP': kind"),
        (
            'id = "SHOT-5a"\nkind = "shot"\nsetup = 5',
            'id = "SHOT-5a"\nkind = "shot"',
            "needs 'setup'",
        ),
        ('id = "SAVE-3"\nkind = "save"', 'id = "SAVE-3"\nkind = "save"\nsetup = 3', "no 'setup'"),
    ],
)
def test_a_bad_deck_file_names_the_file_the_card_and_the_problem(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = STANDARD.read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataFileError, match=problem) as info:
        load("jukem", deck=str(path))
    assert str(path) in str(info.value)


def test_a_missing_or_broken_deck_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load("jukem", deck=str(tmp_path / "nothing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]\n")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load("jukem", deck=str(broken))


@pytest.mark.parametrize(
    "text",
    [
        "play PASS-3",
        "play JUKEM-1 HEADER-2",
        "shot SHOT-4b",
        "shot JUKEM-1 SHOT-5b",
        "penalty RED-1",
        "no penalty",
        "save SAVE-2",
        "no save",
        "substitute PASS-3",
        "pass",
        "dealer 1",
        "draw SHOT-4b",
    ],
)
def test_action_text_parses_back(text: str) -> None:
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("play PASS-99", "not a card of this deck"),
        ("play SAVE-1", "not a PASS, HEADER, FLOP card"),
        ("play SHOT-3a", "a SHOT is taken with 'shot SHOT-3a'"),
        ("save RED-1", "not a SAVE card"),
        ("penalty SAVE-1", "not a YELLOW, RED card"),
        ("kick PASS-1", "not an action of Jukem Soccer"),
        ("", "empty action"),
    ],
)
def test_bad_action_text_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(ActionParseError, match=problem):
        GAME.parse_action(text)


def test_codec_has_one_id_per_action_and_masks_the_legal_ones() -> None:
    codec = GAME.action_codec()
    state = position("turn 0; hand0 PASS-1 JUKEM-1 SHOT-3a SAVE-1 RED-1; possession0 PASS-2")
    mask = codec.legal_mask(state)
    assert sum(mask) == 2  # play PASS-1, play JUKEM-1 PASS-1
    assert codec.decode(codec.encode(GAME.parse_action("shot JUKEM-1 SHOT-5b"))) is not None


def test_notation_round_trips_a_turn_start_position() -> None:
    text = (
        "half 2; dealer 1; turn 0; score 2-1; first 1-1; "
        "hand0 PASS-1 PASS-2 SHOT-3a SAVE-1 RED-1; hand1 HEADER-1 PASS-3 PASS-4 YELLOW-1 SAVE-2; "
        "possession0 PASS-5 PASS-6 HEADER-2; aside0 PASS-7 PASS-8 PASS-9 SHOT-4b; discard FLOP-1"
    )
    state = position(text)
    assert state.half == 2 and state.score == [2, 1] and state.first_half == [1, 1]
    again = position(state.position())
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("hand0 PASS-1", "'turn'"),
        ("turn 2", "turn is a number from 0 to 1"),
        ("turn 0; hand0 PASS-1; hand1 PASS-1", "PASS-1 is in both hand0 and hand1"),
        ("turn 0; possession0 SAVE-1", "not a setup play"),
        ("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5 PASS-6", "more than 5"),
        ("turn 0; score 2", "written like 2-1"),
        ("turn 0; half 3; score 2-1", "tied score"),
        ("turn 0; kickoff 1", "unknown field"),
        ("turn 0; pile PASS-1", "cards in no place"),
        ("turn 0; hand0 ACE-1", "not a card of this deck"),
    ],
)
def test_a_bad_position_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        position(text)


def test_evaluate_is_goal_difference_squashed_into_minus_one_to_one() -> None:
    ahead = position("turn 0; score 3-0; aside0 PASS-1 PASS-2 PASS-3 SHOT-3a")
    level = position("turn 0; score 1-1")
    assert GAME.evaluate(ahead)[0] > 0.9 and GAME.evaluate(ahead)[1] < -0.9
    assert GAME.evaluate(level) == [0.0, 0.0]


def test_evaluate_counts_a_possession_and_a_shot_it_allows_as_part_of_a_goal() -> None:
    building = position("turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 PASS-4")
    ready = position("turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a")
    early = position("turn 0; possession0 PASS-1 PASS-2; hand0 SHOT-3a")
    goal = position("turn 0; score 1-0")
    values = [GAME.evaluate(s)[0] for s in (early, building, ready, goal)]
    assert 0 < values[0] < values[1] < values[2] < values[3]
    # the same possession is worth as much to either side
    mirrored = position("turn 0; possession1 PASS-1 PASS-2 PASS-3; hand1 SHOT-3a")
    assert GAME.evaluate(mirrored) == [-values[2], values[2]]


def test_a_position_is_played_on_by_the_rules() -> None:
    state = position("turn 1; hand1 PASS-1; hand0 SAVE-1")
    act(state, "play PASS-1")
    assert state.poss[1] and state.current_player() == -1  # the draws to replenish


def test_a_penalty_may_require_a_possession_of_some_length(tmp_path: Path) -> None:
    text = STANDARD.read_text().replace(
        'removes = "possession"', 'removes = "possession"\nmin_plays = 3', 1
    )
    path = tmp_path / "late-red.toml"
    path.write_text(text)
    game = load("jukem", deck=str(path))
    state = game.from_position("turn 0; possession0 PASS-2; hand0 PASS-1; hand1 RED-1")
    act_on = game.parse_action
    state.apply_action(act_on("play PASS-1"))
    # a possession of 2: RED-1 may not answer (the defender is asked all the same, as other
    # PENALTY cards of the deck may answer a PASS: being asked says nothing of the hand)
    assert [str(a) for a in state.legal_actions()] == ["no penalty"]
    state = game.from_position("turn 0; possession0 PASS-2 PASS-3; hand0 PASS-1; hand1 RED-1")
    state.apply_action(act_on("play PASS-1"))
    assert [str(a) for a in state.legal_actions()] == ["penalty RED-1", "no penalty"]


def test_the_decks_tables_of_plays_and_answers_follow_its_cards() -> None:
    deck = GAME.deck
    for c, card in enumerate(deck.cards):
        for plays in range(deck.max_setup + 2):
            playable = card.kind in SETUP_KINDS or (card.kind == Kind.SHOT and card.setup <= plays)
            assert (deck.plays_needed[c] <= plays) == playable, (card.id, plays)
        for kind in SETUP_KINDS:
            answers = card.kind in (Kind.YELLOW, Kind.RED) and card.against >> kind & 1
            assert deck.answers[kind][c] == bool(answers), (card.id, kind)
