"""Each game's heuristic bot has `score(state, me)`: the evaluation the `value` agent's `base=`
corrects (higher is better for `me`, +-WIN once the game is over, the position's terms in
points). Each test builds positions with the game's own notation and checks that the score
orders them as a player would, and from either side alike."""

from __future__ import annotations

import json
import random

import pytest

from tablesports.agents.registry import make_agent
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tests.games.juggers.helpers import GATE
from tests.games.juggers.helpers import position as juggers_position
from tests.games.juggerttg.helpers import pos as ttg_position
from tests.games.jukem.helpers import position as jukem_position


def bot(name: str, game_id: str):  # type: ignore[no-untyped-def]
    return make_agent(name, load(game_id))


def test_jugger_ttg_scores_a_carrier_near_the_enemy_mal_above_one_at_home() -> None:
    greedy = bot("juggerttg-greedy", "juggerttg")
    head = "rda=4 init=red jugg=carried"

    def ttg(red_qwik: str, header: str = head):  # type: ignore[no-untyped-def]
        return ttg_position(red_qwik, header, qwiks="b8 sami qwik s11 W 4/2")

    near = ttg("r8 nils qwik r6 E 4/3 carrier")  # one hex from blue's Mal
    far = ttg("r8 nils qwik e6 E 4/3 carrier")  # by its own Mal
    assert greedy.score(near, 0) > greedy.score(far, 0) > 0
    assert greedy.score(near, 1) == -greedy.score(near, 0)  # zero-sum: blue sees it the other way
    kneeling = ttg("r8 nils qwik r6 E 4/3 carrier down2")
    assert greedy.score(kneeling, 0) < greedy.score(near, 0)
    qwiks = "r8 nils qwik e6 E 4/3 carrier; b8 sami qwik s11 W 4/2"
    ahead = load("juggerttg", length="long").from_position(
        f"length=long score=1-0 {head} / {qwiks}"
    )
    assert greedy.score(ahead, 0) > greedy.score(near, 0)  # a point beats a point nearly made


def test_jugger_ttgs_finished_game_scores_win_for_the_winner() -> None:
    from tablesports.games.juggerttg.bot import WIN

    greedy = bot("juggerttg-greedy", "juggerttg")
    game = load("juggerttg")
    bots = [make_agent("juggerttg-greedy", game, seed=s) for s in range(2)]
    state, rng = game.new_initial_state(), random.Random(3)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_legal(state.sample_chance(rng) if p == CHANCE else bots[p].step(state))
    assert [greedy.score(state, p) for p in (0, 1)] == [WIN * r for r in state.returns()]


def test_blood_bowl_scores_its_players_standing_above_them_knocked_down_or_out() -> None:
    from tests.games.bloodbowl.helpers import GAME, edit

    scripted = bot("bloodbowl-scripted", "bloodbowl")
    bots = [make_agent("bloodbowl-scripted", GAME, seed=s) for s in range(2)]
    state, rng = GAME.new_initial_state(), random.Random(2)
    for _ in range(60):  # into the first drive, every player on the pitch and standing
        p = state.current_player()
        state.apply_legal(state.sample_chance(rng) if p == CHANCE else bots[p].step(state))

    def lay(team: int, how: dict[str, object]) -> object:
        def change(data: dict) -> None:  # type: ignore[type-arg]
            entry = next(p for p in data["players"][team] if p.get("square") is not None)
            entry.update(how)
            if "box" in how:
                entry.pop("square")

        return edit(state, change)

    mine_down, theirs_down = lay(0, {"stance": "prone"}), lay(1, {"stance": "prone"})
    mine_out = lay(0, {"box": "ko"})
    base = scripted.score(state, 0)
    assert scripted.score(theirs_down, 0) > base > scripted.score(mine_down, 0)
    assert scripted.score(mine_down, 0) > scripted.score(mine_out, 0)
    assert scripted.score(mine_down, 1) == -scripted.score(mine_down, 0)
    data = state.to_json()
    del data["pitch"]
    data["score"] = [1, 0]
    ahead = GAME.from_position(json.dumps(data))
    assert scripted.score(ahead, 0) - base == 300.0  # a touchdown, nothing else moved


def test_jukem_scores_a_ready_shot_above_a_building_possession_from_its_seat_only() -> None:
    greedy = bot("jukem-greedy", "jukem")
    building = jukem_position("turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 PASS-4")
    ready = jukem_position("turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a")
    early = jukem_position("turn 0; possession0 PASS-1 PASS-2; hand0 SHOT-3a")
    goal = jukem_position("turn 0; score 1-0")
    scores = [greedy.score(s, 0) for s in (early, building, ready, goal)]
    assert scores[0] < scores[1] < scores[2] < scores[3]
    # the opponent's possession is a threat; its hand, which seat 0 cannot see, changes nothing
    threat = jukem_position("turn 1; possession1 PASS-1 PASS-2 PASS-3; hand1 SHOT-3a; hand0 SAVE-1")
    other = jukem_position("turn 1; possession1 PASS-1 PASS-2 PASS-3; hand1 PASS-4; hand0 SAVE-1")
    assert greedy.score(threat, 0) == greedy.score(other, 0) < 0
    assert greedy.score(threat, 1) > greedy.score(other, 1)  # seat 1 sees its own SHOT
    rng = random.Random(1)
    for _ in range(5):
        assert greedy.score(threat.resample_hidden(0, rng), 0) == greedy.score(threat, 0)


def test_juggers_scores_a_meta_above_any_placing_and_a_gate_above_scattered_coins() -> None:
    aim = bot("juggers-aim", "juggers")
    gate = juggers_position(GATE, "actions=0")
    scattered = juggers_position(
        "at=A1:100,100;A2:300,700;A3:200,50;B1:900,400;B2:1000,300", "actions=0"
    )
    assert gate.attacker == 0
    assert aim.score(gate, 0) > aim.score(scattered, 0)
    assert aim.score(gate, 1) == -aim.score(gate, 0)
    ahead = juggers_position(GATE, "actions=0", "score=1,0")
    assert aim.score(ahead, 0) - aim.score(gate, 0) == pytest.approx(
        1000.0
    )  # a meta: the bot's own META
