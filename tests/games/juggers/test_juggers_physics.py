"""The physics against closed forms, and its determinism."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from tablesports.games.juggers import data, physics
from tablesports.games.juggers.physics_objects import in_goal, simulate_objects

TABLE = data.table()
DECEL = TABLE.sliding_friction * TABLE.gravity


def test_a_lone_coin_stops_after_v_squared_over_2_mu_g() -> None:
    for speed in (500.0, 1500.0, 2000.0):
        out = physics.simulate(TABLE, [(0, 0, 200.0, 400.0)], 0, (speed, 0.0))
        travelled = out.positions[0][0] - 200.0
        exact = speed**2 / (2 * DECEL)
        # the integrator (semi-implicit Euler) is off by half a step's travel, v*dt/2
        assert travelled == pytest.approx(exact, abs=speed * TABLE.time_step / 2 + 0.5)
        assert out.positions[0][1] == 400.0
        assert out.fallen == []


def test_a_head_on_collision_of_equal_coins_swaps_their_velocities() -> None:
    table = TABLE.model_copy(update={"restitution_coins": 1.0, "coin_friction": 0.0})
    speed, gap = 1500.0, 100.0
    discs = [(0, 0, 300.0, 400.0), (1, 0, 300.0 + gap, 400.0)]
    travel = gap - 2 * table.coin_radius
    at_impact = math.sqrt(speed**2 - 2 * DECEL * travel)
    impact = (speed - at_impact) / DECEL  # seconds until the coins touch
    steps = math.ceil(impact / table.time_step) + 3
    out = physics.simulate(table, discs, 0, (speed, 0.0), max_steps=steps)
    after = steps * table.time_step - impact  # time since the impact, both slowed by friction
    slack = 3 * DECEL * table.time_step
    assert out.velocities[0][0] == pytest.approx(0.0, abs=slack)
    assert out.velocities[1][0] == pytest.approx(at_impact - DECEL * after, abs=slack)
    # and, left to stop, the striker rests at the contact point
    rest = physics.simulate(table, discs, 0, (speed, 0.0))
    assert rest.positions[0][0] == pytest.approx(300.0 + travel, abs=2.0)


@pytest.mark.parametrize("simulate", [physics.simulate, simulate_objects])
@pytest.mark.parametrize("speed", [1200.0, 1500.0, 2000.0])
def test_h_geom_the_restitutions_measured_from_slides_are_the_tables(
    simulate: Any, speed: float
) -> None:
    """Chipmunk multiplies two shapes' elasticities; the shapes are set so that the products
    are the table's 0.8 (coin-coin) and 0.6 (coin-post), measured from where coins stop: a
    coin sliding d mm left its last contact at sqrt(2 mu g d) mm/s."""
    r = TABLE.coin_radius
    # head-on into a resting coin: it leaves at (1 + e) / 2 of the impact speed
    out = simulate(TABLE, [(0, 0, 300.0, 400.0), (1, 0, 400.0, 400.0)], 0, (speed, 0.0))
    impact = math.sqrt(speed**2 - 2 * DECEL * (100.0 - 2 * r))
    struck = math.sqrt(2 * DECEL * (out.positions[1][0] - 400.0))
    assert 2 * struck / impact - 1 == pytest.approx(TABLE.restitution_coins, abs=0.025)
    # head-on into a post: the coin slides back at e of the impact speed
    post_y = TABLE.height / 2 + TABLE.mouth / 2 + TABLE.post_radius
    out = simulate(TABLE, [(0, 0, 1000.0, post_y)], 0, (speed, 0.0))
    contact = TABLE.width - TABLE.goal_line - TABLE.post_radius - r
    impact = math.sqrt(speed**2 - 2 * DECEL * (contact - 1000.0))
    back = math.sqrt(2 * DECEL * (contact - out.positions[0][0]))
    assert back / impact == pytest.approx(TABLE.restitution_posts, abs=0.025)


def test_a_coin_whose_centre_leaves_the_table_has_fallen() -> None:
    out = physics.simulate(TABLE, [(0, 0, 600.0, 700.0), (4, 1, 600.0, 300.0)], 0, (0.0, 2000.0))
    assert out.fallen == [0]
    assert 0 not in out.positions and out.positions[4] == (600.0, 300.0)


def test_the_same_flick_gives_bit_identical_positions() -> None:
    rng = random.Random(3)
    discs = [(s, s // 4, rng.uniform(100, 1100), rng.uniform(100, 700)) for s in range(8)]
    discs = [
        d
        for i, d in enumerate(discs)
        if all(math.hypot(d[2] - e[2], d[3] - e[3]) > 30 for e in discs[:i])
    ]
    runs = [
        physics.simulate(TABLE, discs, discs[0][0], (2400.0, 900.0), spin=40.0) for _ in range(3)
    ]
    assert runs[0].positions == runs[1].positions == runs[2].positions
    assert runs[0].fallen == runs[1].fallen


def test_an_off_centre_hit_spins_the_coin_but_not_its_path_alone() -> None:
    spin = physics.flick_spin(TABLE, 0.5, 1000.0)
    assert spin > 0.0
    plain = physics.simulate(TABLE, [(0, 0, 200.0, 400.0)], 0, (1000.0, 0.0))
    spun = physics.simulate(TABLE, [(0, 0, 200.0, 400.0)], 0, (1000.0, 0.0), spin=spin)
    assert spun.positions[0] == pytest.approx(plain.positions[0])


def test_posts_stop_a_coin_aimed_at_them() -> None:
    post_y = TABLE.height / 2 + TABLE.mouth / 2 + TABLE.post_radius
    out = physics.simulate(TABLE, [(0, 0, 1000.0, post_y)], 0, (1500.0, 0.0), goal=1)
    assert not out.scored
    assert out.positions[0][0] < TABLE.width - TABLE.goal_line


def test_a_coin_wholly_between_the_posts_scores() -> None:
    out = physics.simulate(TABLE, [(0, 0, 900.0, 400.0)], 0, (2000.0, 0.0), goal=1)
    assert out.scored and 0 not in out.positions and out.fallen == []
    wide = physics.simulate(TABLE, [(0, 0, 900.0, 400.0)], 0, (2000.0, 0.0), goal=-1)
    assert not wide.scored and wide.fallen == [0]


POSTS_X = TABLE.width - TABLE.goal_line
"""The line of the posts' centres of the goal that team A attacks (x = width)."""
MID = TABLE.height / 2
R = TABLE.coin_radius
EDGE = TABLE.mouth / 2 - R
"""The centre's largest distance from the middle with the disc still between the posts."""


@pytest.mark.parametrize(
    ("x", "dy", "inside"),
    [
        (POSTS_X + R + 0.01, 0.0, True),  # just inside: the disc wholly beyond the posts' line
        (TABLE.width - 0.01, 0.0, True),  # the centre at the table's edge, the disc in the goal
        (POSTS_X + R, 0.0, False),  # touching the posts' line
        (POSTS_X, 0.0, False),  # straddling it
        (POSTS_X - R - 0.01, 0.0, False),  # wholly in front of it
        (POSTS_X + R + 5.0, EDGE - 0.01, True),  # just between the posts' inner edges
        (POSTS_X + R + 5.0, EDGE, False),  # touching an inner edge
        (POSTS_X + R + 5.0, EDGE + 8.0, False),  # the centre between the posts, the disc not
        (TABLE.width + 0.01, 0.0, False),  # the centre off the table: it fell
    ],
)
def test_r10_h_goal_a_meta_needs_the_whole_disc_inside_the_posts(
    x: float, dy: float, inside: bool
) -> None:
    for sign in (1.0, -1.0):
        assert in_goal(TABLE, 1, x, MID + sign * dy) is inside
        assert in_goal(TABLE, -1, TABLE.width - x, MID + sign * dy) is inside  # the other goal


@pytest.mark.parametrize("simulate", [physics.simulate, simulate_objects])
def test_r10_a_coin_stopping_astride_the_posts_line_scores_nothing(simulate: Any) -> None:
    stop = POSTS_X + 5.0  # the centre just past the line: the disc straddles it
    speed = math.sqrt(2 * DECEL * (stop - 1000.0))
    out = simulate(TABLE, [(0, 0, 1000.0, MID)], 0, (speed, 0.0), goal=1)
    assert not out.scored
    assert out.positions[0][0] == pytest.approx(stop, abs=2.0)


@pytest.mark.parametrize("simulate", [physics.simulate, simulate_objects])
def test_r10_a_coin_flicked_away_from_the_goal_scores_nothing(simulate: Any) -> None:
    out = simulate(TABLE, [(0, 0, POSTS_X + 2.0, MID)], 0, (-800.0, 0.0), goal=1)
    assert not out.scored and out.positions[0][0] < POSTS_X


def _random_flick(rng: random.Random) -> tuple[Any, ...]:
    """Up to eight coins (half of them on cell centres), a flick at up to twice full speed, and
    the options: spin, a heavy or ghost coin, a goal, a gate of two team-mates, a step limit."""
    discs: list[tuple[int, int, float, float]] = []
    for slot in rng.sample(range(8), rng.randint(1, 8)):
        for _ in range(50):
            x, y = rng.uniform(20, 1180), rng.uniform(20, 780)
            if rng.random() < 0.5:
                x, y = 50.0 + 100 * rng.randrange(12), 50.0 + 100 * rng.randrange(8)
            if all(math.hypot(x - d[2], y - d[3]) > 2 * TABLE.coin_radius + 0.5 for d in discs):
                discs.append((slot, slot // 4, x, y))
                break
    flicked = rng.choice(discs)[0]
    mates = [d[0] for d in discs if d[0] // 4 == flicked // 4 and d[0] != flicked]
    gate = (mates[0], mates[1]) if len(mates) >= 2 and rng.random() < 0.7 else None
    velocity = physics.flick_velocity(rng.uniform(0, 360), rng.uniform(0.01, 2.0) * 3000.0)
    spin = rng.choice([0.0, rng.uniform(-300, 300)])
    heavy = rng.choice([1.0, 1.0, 1.5, 3.0])
    ghost = rng.random() < 0.2
    goal = rng.choice([0, 1, -1])
    limit = rng.choice([None] * 9 + [rng.randint(0, 60)])
    return (discs, flicked, velocity, spin, heavy, ghost, goal, gate, limit)


def test_the_fast_flick_matches_pymunks_objects_bit_for_bit() -> None:
    """`simulate` makes pymunk's Chipmunk calls without its objects: every field of the outcome,
    positions and velocities to the last bit, equals `simulate_objects`'."""
    rng = random.Random(5)
    seen = {"scored": 0, "touched": 0, "crossed": 0, "fallen": 0, "ghost crossed": 0}
    for _ in range(400):
        discs, flicked, velocity, spin, heavy, ghost, goal, gate, limit = _random_flick(rng)
        args = (TABLE, discs, flicked, velocity, spin, heavy, ghost, goal, gate, limit)
        fast = physics.simulate(*args)
        slow = simulate_objects(*args)
        assert fast == slow, args
        seen["scored"] += fast.scored
        seen["touched"] += fast.touched_mate
        seen["crossed"] += fast.crossed
        seen["fallen"] += bool(fast.fallen)
        seen["ghost crossed"] += ghost and fast.crossed
    assert min(seen.values()) > 0, seen  # every path of the loop was taken
