"""The `bloodbowl-scripted` bot: it scores when it can, blitzes the opposing carrier, takes
safe blocks first, cages its carrier, and beats random play with touchdowns."""

from __future__ import annotations

import pytest

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.protocol import CHANCE
from tablesports.core.records import replay_final
from tablesports.core.registry import load
from tablesports.games.bloodbowl.bot import ScriptedBot
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords
from tablesports.games.bloodbowl.rules_data import teams
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.paths import reach
from tablesports.games.bloodbowl.turn.rolls import Roll, path_rolls, success, text
from tests.games.bloodbowl.helpers import GAME, bot_against_random
from tests.games.bloodbowl.turn.turn_helpers import act, position, sq, who


def drive_bot(s, bot: ScriptedBot, steps: int = 20) -> list[str]:  # type: ignore[no-untyped-def]
    """Let the bot play its own decisions (every die rolls its best face, a 6) and return
    what it chose."""
    chosen = []
    team = s.current_player()
    for _ in range(steps):
        while s.current_player() == CHANCE:
            s.apply_action(s.chance_outcomes()[-1][0])
        if s.current_player() != team:
            break
        a = bot.step(s)
        chosen.append(str(a))
        s.apply_action(a)
    return chosen


def test_it_weighs_a_path_by_its_rolls_as_numbers() -> None:
    # human #7 (AG 3+) with one square of his MA left dodges out of the orc's tackle zone,
    # then rushes: dodge 3+, rush 2+
    s = position("H7 5,7", "A1 6,7")
    thrower = who(s, "H7")
    r = reach(s, thrower.pid, thrower.ma - 1)
    rolls = path_rolls(s, r, sq("3,7"))
    assert rolls == (Roll("dodge", 3), Roll("rush", 2)) and r.risk[sq("3,7")] == text(rolls)
    assert abs(success(rolls) - (4 / 6) * (5 / 6)) < 1e-12
    assert success(path_rolls(s, r, sq("4,6"))) == 4 / 6  # the dodge alone: one square


def test_it_scores_when_the_end_zone_is_in_reach() -> None:
    s = position("H7 20,7", "A1 10,7", ball="20,7")
    chosen = drive_bot(s, ScriptedBot(GAME))
    assert chosen[:2] == ["move 7", "move 7 to 25,7"] or chosen[1].startswith("move 7 to 25,")
    assert s.score == [1, 0]


def test_it_blitzes_the_opposing_ball_carrier() -> None:
    s = position("H10 5,7", "H1 2,2", "A1 9,7", "A2 20,3", ball="9,7")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "blitz 10"
    assert chosen[2].startswith("blitz 9,7")


def test_it_takes_a_safe_block_before_moving() -> None:
    # human #10 with #1 assisting against an orc lineman: two dice of his own choosing
    s = position("H10 8,7", "H1 9,6", "A1 9,7", "H7 2,2", "A2 20,10", ball="2,2")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=2)
    assert chosen[0] in ("block 10", "block 1")


def test_it_cages_its_ball_carrier() -> None:
    s = position("H7 5,7", "H1 3,3", "H2 3,11", "A1 20,7", ball="5,7")
    drive_bot(s, ScriptedBot(GAME), steps=12)
    carrier = who(s, "H7")
    corners = [q for q in NEIGHBOURS[carrier.square] if s.pitch[q] >= 0]
    assert len(corners) >= 2 and sq("5,7") != carrier.square


def test_scripted_bot_beats_random_play_with_touchdowns() -> None:
    wins, touchdowns = bot_against_random("bloodbowl-scripted", 8)
    assert wins >= 7 and touchdowns >= 12


def test_ending_the_turn_hands_play_to_the_opponent() -> None:
    s = position("H7 5,7")
    act(s, "end turn")
    assert s.current_player() == 1


def test_an_action_declared_for_it_gets_the_block_with_the_better_dice() -> None:
    # a search (MCTS with this bot as its prior) may declare an action the bot did not choose;
    # the bot then plays it sensibly: one die against a Goblin, not two against a Big Un
    s = position("H10 8,7", "A9 9,7", "A12 7,8", "H7 2,2", ball="2,2")
    act(s, "block 10")
    assert "block 9,7 (2 dice, they choose)" in [str(a) for a in s.legal_actions()]
    assert str(ScriptedBot(GAME).step(s)) == "block 7,8 (1 die)"


def test_a_move_declared_for_it_goes_next_to_the_ball_carrier() -> None:
    s = position("H7 5,7", "H2 9,10", "A1 20,7", ball="5,7")
    act(s, "move 2")
    bot = ScriptedBot(GAME)
    act(s, bot.step(s))
    assert who(s, "H2").square in NEIGHBOURS[sq("5,7")]


def test_it_vomits_with_a_troll_that_has_no_safe_block() -> None:
    # the Chaos Chosen's Troll is not in the published team: put him in (#12)
    team = teams()["chaos-chosen"].model_dump()
    team["players"] = [p for p in team["players"] if p["position"] != "Minotaur"]
    team["players"].append({"number": 12, "position": "Troll", "name": ""})
    # the Troll (ST 5) against three Big Uns (ST 4): each helped by the other two, 6 to 5
    s = position("H12 10,7", "H1 9,7", "A9 11,7", "A10 11,6", "A11 11,8", teams=(team, "orc"))
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "projectile vomit 12" and chosen[1].startswith("vomit at 11,")


@pytest.mark.parametrize("home", list(teams()))
def test_it_plays_a_whole_match_with_every_team(home: str) -> None:
    keys = list(teams())
    away = keys[(keys.index(home) + 1) % len(keys)]
    game = load("bloodbowl", home=home, away=away)
    bots = [make_agent("bloodbowl-scripted", game, 1), make_agent("bloodbowl-scripted", game, 2)]
    record = play_match(game, bots, 0)  # raises on an illegal action
    final = replay_final(record, game)
    assert final.is_terminal()
    declared = [a for who, a in final.history if who == 0 and isinstance(a, Declare)]
    assert any(a.kind in ("block", "blitz") for a in declared)  # its players block


def test_its_thrower_passes_to_a_free_catcher_further_up() -> None:
    # the Skaven Thrower (#7, PA 2+) holds the ball; a Gutter Runner (#8) stands free five
    # columns up (a short pass, 3+)
    s = position("H7 10,7", "H8 15,7", "A1 22,2", ball="10,7", teams=("skaven", "orc"))
    chosen = drive_bot(s, ScriptedBot(GAME), steps=2)
    assert chosen[0] == "pass 7" and chosen[1].startswith("pass to 15,7")


def test_it_does_not_pass_to_a_marked_team_mate() -> None:
    # as above, but an orc marks the Gutter Runner
    s = position("H7 10,7", "H8 15,7", "A1 16,7", ball="10,7", teams=("skaven", "orc"))
    chosen = drive_bot(s, ScriptedBot(GAME), steps=1)
    assert chosen[0] != "pass 7"


def test_its_assassin_stabs_when_a_block_would_be_one_die() -> None:
    # Dark Elf Assassin (#6, ST 3) next to an Ogre (#12, ST 5, AV 10) and a Lineman (AV 9)
    s = position(
        "H6 10,7",
        "A12 11,7",
        "A1 11,8",
        "H1 2,2",
        "A2 20,10",
        ball="2,2",
        teams=("dark-elf", "human"),
    )
    chosen = drive_bot(s, ScriptedBot(GAME), steps=2)
    assert chosen[:2] == ["stab 6", "stab at 11,8 (AV 9+)"]


def test_its_marked_wardancer_leaps_towards_the_ball() -> None:
    # the Wardancer (#9, AG 2+) is Marked at 10,7 by a Blitzer only, but every square next
    # to him is Marked twice (dodge 4+): a Leap to 12,5 (3+) is likelier; the ball is at 14,3
    s = position(
        "H9 10,7",
        "A10 11,7",
        "A2 10,5",
        "A3 10,9",
        "A4 8,7",
        ball="14,3",
        teams=("wood-elf", "human"),
    )
    chosen = drive_bot(s, ScriptedBot(GAME), steps=2)
    assert chosen == ["move 9", "leap to 12,5 (leap 3+)"]


def test_its_piranha_hits_and_runs_away_after_a_block() -> None:
    s = position("H7 10,7", "A1 11,7", "H1 2,2", ball="2,2", teams=("amazon", "human"))
    s.apply_action(s.parse_action("block 7"))
    bot = ScriptedBot(GAME)
    act(s, str(bot.step(s)), "block dice=push", "choose push", "push to 12,7", "stay")
    assert str(bot.step(s)).startswith("move 7 to 9,")


def test_its_runner_dumps_off_to_a_free_team_mate() -> None:
    s = position(
        "H10 10,7",
        "A5 11,7",
        "A1 13,7",
        ball="11,7",
        teams=("human", "dark-elf"),
    )
    act(s, "block 10", "block 11,7")
    assert str(ScriptedBot(GAME).step(s)).startswith("pass to 13,7")


def test_its_thirsty_vampire_walks_up_to_a_thrall_and_bites() -> None:
    s = position(
        "H6 10,7", "H1 14,7", "A1 20,3", ball="2,2", rerolls=(0, 0), teams=("vampire", "human")
    )
    bot = ScriptedBot(GAME)
    act(s, "move 6", "D6=1")  # Bloodlust failed
    first = str(bot.step(s))
    assert first.startswith("move 6 to 13,") or first.startswith("move 6 to 15,")
    act(s, first)
    assert str(bot.step(s)) == "bite 1"


def test_its_vampire_hypnotises_an_opponent_marking_its_carrier() -> None:
    # the Vampire Runner (#6) stands next to A1, who Marks the carrier (Thrall #1); A3 Marks
    # the carrier too, so he gives no assist: a block would be one die
    s = position(
        "H6 10,7",
        "H1 12,7",
        "A1 11,6",
        "A3 13,8",
        "A2 20,3",
        ball="12,7",
        teams=("vampire", "human"),
    )
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "hypnotic gaze 6" and chosen[1].startswith("gaze at 11,6")


def test_its_valkyrie_picks_the_push_that_strips_the_ball() -> None:
    # a Valkyrie (#8) with a Raider's assist (#1) blocks the human Thrower: two dice
    s = position(
        "H8 10,7", "H1 12,6", "A7 11,7", ball="11,7", rerolls=(0, 0), teams=("norse", "human")
    )
    act(s, "block 8", "block 11,7", "block dice=both-down,push")
    assert str(ScriptedBot(GAME).step(s)) == "choose push"


def test_its_sprinter_scores_with_a_third_rush() -> None:
    # the Wood Elf Catcher (#7, MA 8, Sprint) holds the ball eleven squares from the end zone
    s = position("H7 14,7", "A1 20,1", ball="14,7", teams=("wood-elf", "orc"))
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)  # the third step rolls the Rushes
    assert chosen[0] == "move 7" and chosen[1].startswith("move 7 to 25,")
    assert chosen[1].endswith("rush 2+, rush 2+, rush 2+)") and s.score == [1, 0]


def distance(a: int, b: int) -> int:
    (ax, ay), (bx, by) = coords(a), coords(b)
    return max(abs(ax - bx), abs(ay - by))


def test_on_defence_it_stands_players_up_and_marks_the_carrier() -> None:
    # the orcs defend: no blitz reaches the human carrier on 5,7; #1 lies Prone three squares
    # from him, #2 and #3 stand far away. Before, it ended the turn at once.
    s = position("H7 5,7", "H1 3,3", "A1 8,7 prone", "A2 21,3", "A3 15,11", ball="5,7", team=1)
    far = {n: distance(who(s, n).square, sq("5,7")) for n in ("A2", "A3")}
    chosen = drive_bot(s, ScriptedBot(GAME), steps=12)
    assert chosen[-1] == "end turn"
    assert who(s, "A1").standing and who(s, "A1").square in NEIGHBOURS[sq("5,7")]
    assert all(distance(who(s, n).square, sq("5,7")) < far[n] for n in far)  # closer, no roll


def test_the_bots_distances_count_squares_as_a_player_moves_them() -> None:
    # every pair of squares, off the pitch (-1) too: `distance` is the squares moved in any
    # of the 8 directions, `straight` along rows and columns only, as `coords` reads them
    from tablesports.games.bloodbowl.bot import distance, straight
    from tablesports.games.bloodbowl.pitch import OFF_PITCH, SIZE

    squares = [OFF_PITCH, *range(SIZE)]
    for a in squares:
        (ax, ay) = coords(a)
        for b in squares:
            (bx, by) = coords(b)
            assert distance(a, b) == max(abs(ax - bx), abs(ay - by)), (a, b)
            assert straight(a, b) == abs(ax - bx) + abs(ay - by), (a, b)
    assert distance(sq("0,0"), sq("3,2")) == 3 and straight(sq("0,0"), sq("3,2")) == 5
