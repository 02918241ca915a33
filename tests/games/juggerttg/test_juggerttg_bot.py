"""The greedy bot: it plays legal moves to the end and beats the random agent."""

from __future__ import annotations

import random
from collections import deque

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.registry import load
from tablesports.games.juggerttg.board import NEIGHBOURS
from tablesports.games.juggerttg.bot import GreedyBot, _distances
from tablesports.games.juggerttg.game import JuggerGame, JuggerState
from tests.games.juggerttg.helpers import GAME


def test_the_greedy_bot_beats_random_in_most_of_ten_seeded_games() -> None:
    wins = 0
    for seed in range(10):
        bot, rnd = GreedyBot(GAME, seed), RandomAgent(GAME, seed)
        seats = [bot, rnd] if seed % 2 == 0 else [rnd, bot]
        record = play_match(GAME, seats, seed)
        wins += record.returns[seed % 2] > 0
    assert wins >= 9


def test_the_greedy_bot_builds_a_team_with_a_qwik_a_chain_and_fighters() -> None:
    # free pick against itself: every team gets a real Qwik and spends its budget on fighters
    for seed in range(3):
        st = GAME.new_initial_state()
        bots = [GreedyBot(GAME, seed), GreedyBot(GAME, seed + 1)]
        while st.phase in ("recruit", "field", "qwik", "spar"):
            st.apply_action(bots[st.current_player()].step(st))
        for p in (0, 1):
            team = [st.game.heroes[st.card[h]] for h in range(8 * p, 8 * p + 8) if st.card[h] >= 0]
            qwik = next(h for h in range(8 * p, 8 * p + 8) if st.role[h] == 0)
            q = st.game.heroes[st.card[qwik]]
            others = [hr for hr in team if hr is not q]
            # the Qwik is the team's most mobile hero (agility, then Reflex)
            assert (q.agility, q.reflex) >= max((hr.agility, hr.reflex) for hr in others)
            chains = [h for h in range(8 * p, 8 * p + 8) if st.spar[h] == 4]
            assert len(chains) == 1
            assert st.team_cost[p] >= GAME.budget - 3  # the budget is used, not left lying
            assert sum(hr.attack + hr.parry for hr in others) >= 14


def test_the_greedy_bot_drafts_the_better_card_of_two() -> None:
    # a drafted game: at its first recruit the bot takes the hand's most valuable hero
    from tablesports.core.registry import load
    from tablesports.games.juggerttg import teambuild

    game = load("juggerttg", teams="draft")
    st = game.new_initial_state()
    bot = GreedyBot(game, 0)
    import random

    rng = random.Random(4)
    while st.phase != "draft-pick":
        if st.current_player() < 0:
            st.apply_action(st.sample_chance(rng))
        else:
            st.apply_action(bot.step(st))
    p = st.player
    choice = bot.step(st)
    assert choice.kind == "recruit"
    hand = [game.heroes[c] for c in (st.hand0 if p == 0 else st.hand1)]
    left = game.budget - st.team_cost[p]
    scores = {hr.id: teambuild.pick_score([], hr, game.team_size, left) for hr in hand}
    assert scores[choice.s] == max(scores[a.s] for a in st.legal_actions() if a.kind == "recruit")
    assert len(set(scores.values())) > 1  # a real choice: the hand's heroes differ in worth


def test_the_greedy_bot_attacks_the_pinner_of_its_own_qwik_first() -> None:
    from tests.games.juggerttg.helpers import h, pos

    # b2 and b3 both stand next to red's kneeling Qwik r8; the one that pins it is attacked,
    # since its parry (or its fall) frees the Qwik (R144)
    for pinner in ("b2", "b3"):
        st = pos(
            "r2 wren long k6 E 3/4; b2 bex long k7 W 3/3; b3 dov long l7 W 3/3; "
            f"r8 nils qwik l8 E 4/3 down0 pinned-by={pinner}; b8 sami qwik s11 W 4/2",
            "rda=4 init=red active=r2",
            "",
        )
        choice = GreedyBot(GAME, 0).step(st)
        assert choice.kind in ("attack", "talent") and choice.a == h(pinner)


def test_the_greedy_bot_long_game_ends_with_points() -> None:
    # bot against bot, the long game is no longer a pin lock at 0-0 (docs/strength.md)
    from tablesports.core.registry import load

    game = load("juggerttg", length="long")
    scored = 0
    for seed in range(4):
        record = play_match(game, [GreedyBot(game, seed), GreedyBot(game, seed + 7)], seed)
        scored += record.returns[0] != 0
    assert scored >= 3


def test_the_bots_paths_go_around_the_heroes_by_the_fewest_steps() -> None:
    # `_distances` (the path the Qwik runs to the Mal) against a textbook breadth-first
    # search, on both fields, with 15 other heroes scattered anywhere on the field
    rng = random.Random(7)
    for game in (GAME, load("juggerttg", european_corners=True)):
        assert isinstance(game, JuggerGame)
        st = game.new_initial_state()
        assert isinstance(st, JuggerState)
        on_field = [x for x, f in enumerate(game.field) if f]
        for _ in range(150):
            st.pos[:] = rng.sample(on_field, len(st.pos))
            h, target = rng.randrange(len(st.pos)), rng.choice(on_field)
            blocked = {p for k, p in enumerate(st.pos) if k != h}
            want: dict[int, int] = {target: 0}
            queue = deque([target])
            while queue:
                x = queue.popleft()
                for n in NEIGHBOURS[x]:
                    if n >= 0 and game.field[n] and n not in want and n not in blocked:
                        want[n] = want[x] + 1
                        queue.append(n)
            to_here, dist = _distances(st, h, target)
            assert to_here == want.get(st.pos[h], -1)
            assert all(want[x] == d for x, d in dist.items())  # a layer at a time, none wrong
