"""Shortcuts at the play prompt: a line resolves to whole actions, checked on a clone first."""

from __future__ import annotations

import random

from tablesports.cli import shortcuts
from tablesports.core.protocol import State
from tablesports.core.registry import load
from tests.games.bloodbowl.helpers import to_first_turn

COMMANDS = ["help", "actions", "undo"]


def plan_of(state: State, line: str) -> list[str] | str:
    """The action texts a line plays, or the message that explains why it plays none."""
    resolved = shortcuts.resolve(state, line, COMMANDS)
    if resolved.problem:
        return resolved.problem
    planned = shortcuts.plan(state, resolved.texts)
    return planned if isinstance(planned, str) else [str(a) for a in planned]


def test_bloodbowl_move_from_the_turn_menu_declares_the_move_on_the_way() -> None:
    s = to_first_turn()  # the orcs' first turn: nobody has been activated
    assert plan_of(s, "7 15,11") == ["move 7", "move 7 to 15,11"]
    assert plan_of(s, "move 7 to 15,11") == ["move 7", "move 7 to 15,11"]
    assert plan_of(s, "m 7 15,11") == ["move 7", "move 7 to 15,11"]


def test_bloodbowl_a_move_of_another_player_ends_the_active_players_activation() -> None:
    s = to_first_turn()
    for action in shortcuts.plan(s, ["move 7", "move 7 to 15,11"]):  # type: ignore[union-attr]
        s.apply_action(action)
    assert plan_of(s, "7 16,11") == ["move 7 to 16,11"]  # 7 is active: it moves on
    assert plan_of(s, "8 17,6") == ["end activation", "move 8", "move 8 to 17,6"]
    assert plan_of(s, "end") == ["end activation"]
    assert plan_of(s, "end turn") == ["end activation", "end turn"]


def test_bloodbowl_block_names_the_opponent_by_shirt_number() -> None:
    s = to_first_turn()  # human #1-3 stand on 12,6-8 opposite orcs #1-3 on 13,6-8
    assert plan_of(s, "block 1 on 2") == ["block 1", "block 12,7"]
    assert plan_of(s, "b 2 12,7") == ["block 2", "block 12,7"]


def test_an_illegal_step_of_a_shortcut_is_explained_and_nothing_is_played() -> None:
    s = to_first_turn()
    before = s.to_json()
    problem = plan_of(s, "7 0,0")
    assert isinstance(problem, str)
    assert (
        "#7 Blitzer cannot reach 0,0" in problem and "step 2 of move 7 → move 7 to 0,0" in problem
    )
    assert s.to_json() == before  # `move 7` was tried on a clone only


def test_typed_dice_are_refused_without_listing_outcomes() -> None:
    s = to_first_turn()
    problem = plan_of(s, "D6=6")
    assert (
        problem == "illegal action D6=6: Gouged Eye: turn 1 of half 1: it is not one of the choices"
    )


def test_what_is_chance_is_the_states_to_say_not_the_texts() -> None:
    # Juggers' draft: `pick lince` is the person's decision, though Blood Bowl's random pick
    # reads the same; the state (a seat to move, not CHANCE) says whose it is
    s = load("juggers").new_initial_state()
    s.apply_action(s.parse_action("toss A"))
    s.apply_action(s.parse_action("choose pick"))
    assert s.current_player() == 0
    assert plan_of(s, "pick lince") == ["pick lince"]
    assert plan_of(s, "2") == ["pick lince"]


def test_a_typo_gets_did_you_mean() -> None:
    s = to_first_turn()
    problem = plan_of(s, "blok 1")
    assert isinstance(problem, str)
    assert "did you mean: block 1" in problem
    assert "D6" not in problem and "block dice" not in problem


def test_jukem_accepts_the_card_alone() -> None:
    s = load("jukem").new_initial_state()
    rng = random.Random(0)
    while s.is_chance_node():
        s.apply_action(s.sample_chance(rng))
    card = str(s.legal_actions()[0]).split()[-1]  # seed 0 deals `play PASS-14` first
    assert plan_of(s, card) == [f"play {card}"]
    assert plan_of(s, card.lower()) == [f"play {card}"]


def test_jukem_card_alone_is_the_plain_play_not_the_jukem_one() -> None:
    for seed in range(100):  # the first deal with a JUKEM card in the hand to move
        s = load("jukem").new_initial_state()
        rng = random.Random(seed)
        while s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        legal = [str(a) for a in s.legal_actions()]
        if any("JUKEM" in t for t in legal):
            break
    jukem_play = next(t for t in legal if "JUKEM" in t)  # e.g. play JUKEM-1 HEADER-1
    card = jukem_play.split()[-1]
    assert f"play {card}" in legal
    assert plan_of(s, card) == [f"play {card}"]
    assert plan_of(s, " ".join(jukem_play.split()[1:])) == [jukem_play]
    problem = plan_of(s, card[:3].lower())
    assert isinstance(problem, str) and f"did you mean: play {card[:3]}" in problem


def test_hanniball_accepts_two_squares_alone() -> None:
    s = load("hanniball").new_initial_state()
    assert plan_of(s, "c2c3") == ["c2-c3"]
    assert plan_of(s, "c2 c3") == ["c2-c3"]
    problem = plan_of(s, "c2c9")
    assert isinstance(problem, str) and problem.startswith("illegal action c2-c9")


def test_a_number_picks_from_the_full_list_and_an_ambiguous_end_lists_the_choices() -> None:
    s = load("hanniball").new_initial_state()
    assert plan_of(s, "1") == [str(s.legal_actions()[0])]
    problem = plan_of(s, "c3")  # c2-c3 and b3-c3 (and more) end there
    assert isinstance(problem, str) and "could be more than one action" in problem


def test_bloodbowl_blitz_moves_beside_the_target_when_no_dice_are_needed() -> None:
    s = to_first_turn()  # orc #4 on 14,5; human #4 on 12,4, two squares away
    assert plan_of(s, "blitz 4 on 4") == ["blitz 4", "move 4 to 11,3", "blitz 12,4"]
    assert plan_of(s, "blitz 1 on 1") == ["blitz 1", "blitz 12,6"]  # already beside him
