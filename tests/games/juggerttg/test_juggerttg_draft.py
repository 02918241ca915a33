"""The draft with hidden hands (R16 to R19), an option: load("juggerttg", teams="draft")."""

from __future__ import annotations

import random

from tablesports import conformance as c
from tablesports.core.registry import load
from tablesports.games.juggerttg import rules
from tests.games.juggerttg.helpers import play

GAME = load("juggerttg", teams="draft")


def dealt():  # type: ignore[no-untyped-def]
    st = GAME.new_initial_state()
    ids = [h.id for h in GAME.heroes]
    for i in range(10):  # red gets the cards 0, 2, ..., blue 1, 3, ...
        play(st, f"deal {ids[i]}")
    return st


def test_r16_five_cards_each_hidden_from_the_other_player() -> None:
    st = dealt()
    assert len(st.hand0) == 5 and len(st.hand1) == 5 and len(st.pile) == len(GAME.heroes) - 10
    seen = st.observation(0)["fields"]
    assert seen["hand0"] == st.hand0 and seen["hand1"] == [-1] * 5
    assert GAME.info.information == "imperfect"


def test_r17_r18_the_roll_winner_chooses_who_starts_then_draws_three_and_recruits() -> None:
    st = dealt()
    play(st, "skulls 1", "skulls 2")
    assert st.phase == "draft-first" and st.player == 1
    play(st, "first red")
    assert st.phase == "draft-draw" and st.player == 0
    assert {str(a) for a in st.legal_actions()} == {"draw-pile"}  # no discard yet
    ids = [h.id for h in GAME.heroes]
    play(st, "draw-pile", f"deal {ids[10]}", "draw-pile", f"deal {ids[11]}")
    play(st, "draw-pile", f"deal {ids[12]}")
    assert st.phase == "draft-pick" and len(st.hand0) == 8
    play(st, f"recruit {ids[0]}", "stop")
    assert st.phase == "draft-discard"  # 7 cards: down to five, face up (R18)
    play(st, f"discard {ids[2]}", f"discard {ids[4]}")
    assert st.phase == "draft-draw" and st.player == 1 and st.discard == [2, 4]
    assert "draw-discard" in {str(a) for a in st.legal_actions()}
    assert sum(st.card[k] >= 0 for k in rules.seats(0)) == 1


def test_the_draft_keeps_the_conformance_properties_and_ends_in_a_line_up() -> None:
    rng = random.Random(2)
    drafting = {"draft-deal", "draft-roll", "draft-first", "draft-draw", "draft-take"}
    drafting |= {"draft-pick", "draft-discard"}
    for seed in range(4):
        final = c.random_playout(GAME, seed)
        assert final.is_terminal()
        st = GAME.new_initial_state()
        states = []
        while st.phase in drafting:
            states.append(st.clone())
            if st.is_chance_node():
                st.apply_action(st.sample_chance(rng))
            else:
                st.apply_action(rng.choice(st.legal_actions()))
        assert st.phase == "qwik"  # both teams complete: the line-up (R19)
        for p in (0, 1):
            assert sum(st.card[k] >= 0 for k in rules.seats(p)) == 5
            assert st.team_cost[p] <= 30  # R15
        for step, state in enumerate(states[::7]):
            probe = c.Probe(state, seed, step)
            c.check_legal_actions_apply(probe)
            c.check_clone_is_independent(probe)
            c.check_json_round_trip(probe)
            c.check_action_text_round_trip(probe)
            c.check_no_hidden_information_leaks(probe, rng)
            c.check_action_views_do_not_leak(probe)
            c.check_codec(probe)


def test_r19_a_complete_team_may_only_exchange_one_hero_a_turn() -> None:
    st = dealt()
    ids = [h.id for h in GAME.heroes]
    cheap = sorted(range(len(ids)), key=lambda i: GAME.heroes[i].cost)
    for k, card in enumerate(cheap[:5]):  # red's team: the five cheapest heroes
        st.card[k] = card
        st.team_cost[0] += GAME.heroes[card].cost
    st.hand0 = [c for c in st.hand0 if c not in cheap[:5]]
    st.hand1 = [c for c in st.hand1 if c not in cheap[:5]]
    st.pile = [c for c in st.pile if c not in cheap[:5]]
    play(st, "skulls 2", "skulls 0", "first red")
    for _ in range(3):
        play(st, "draw-pile")
        play(st, f"deal {ids[st.pile[0]]}")
    kinds = {a.kind for a in st.legal_actions()}
    assert "recruit" not in kinds and "stop" in kinds
    swaps = [a for a in st.legal_actions() if a.kind == "swap"]
    assert swaps  # any card of the hand fits the budget in place of a cheapest hero
    old = st.card[swaps[0].a]
    play(st, str(swaps[0]))
    assert st.discard[-1] == old and "swap" not in {a.kind for a in st.legal_actions()}


def test_search_agents_and_random_play_the_draft_to_the_line_up() -> None:
    # MCTS (the bot as prior), IS-MCTS (which resamples the hidden hands) and random all decide
    # every draft step; the draft ends in two complete teams within the budget (R15, R18)
    import random

    from tablesports.agents.registry import make_agent
    from tablesports.core.protocol import CHANCE
    from tablesports.core.registry import load

    game = load("juggerttg", teams="draft")
    for spec in ("mcts:iterations=4,rollout_steps=2,prior=juggerttg-greedy", "ismcts:iterations=4"):
        agents = [make_agent(spec, game, seed=1), make_agent("random", game, seed=2)]
        st = game.new_initial_state()
        rng = random.Random(3)
        while st.phase.startswith("draft"):
            p = st.current_player()
            st.apply_action(st.sample_chance(rng) if p == CHANCE else agents[p].step(st))
        assert st.phase == "field" or st.phase == "qwik"
        for p in (0, 1):
            assert sum(st.card[h] >= 0 for h in range(8 * p, 8 * p + 8)) == game.team_size
            assert st.team_cost[p] <= game.budget
