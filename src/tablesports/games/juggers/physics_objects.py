"""A flick's `Outcome`, and the flick through pymunk's public objects (Space, Body, joints).

`simulate_objects` is the readable form of `physics.simulate`, which makes the same Chipmunk
calls in the same order through pymunk's C binding, without a Python object per body, shape
and joint (three times faster). It is used when that binding cannot be imported (a pymunk that
moved it) and, in the tests, as the reference the fast one must match bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tablesports.games.juggers.data import Table

FLICKED, MATE, OTHER = 1, 2, 3
"""Collision types: the flicked coin, its team-mates, everyone else."""
CHECK_EVERY = 4
"""Falls and rest are checked every this many steps (the flicked coin every step)."""


def elasticities(t: Table) -> tuple[float, float]:
    """The elasticity of a coin's shape and of a post's, such that the restitutions are the
    table's: Chipmunk multiplies the two shapes' elasticities at a contact, so a coin's is the
    square root of the coin-coin restitution and a post's makes the product the coin-post one."""
    coin = math.sqrt(t.restitution_coins)
    return coin, (t.restitution_posts / coin if coin else 0.0)


def post_centres(t: Table) -> list[tuple[float, float]]:
    """The four posts' centres: goal at x = 0 (near side, far side), then goal at x = width."""
    return [
        (x, t.height / 2 + dy * (t.mouth / 2 + t.post_radius))
        for x in (t.goal_line, t.width - t.goal_line)
        for dy in (-1.0, 1.0)
    ]


def goal_gap(t: Table, goal: int, x: float, y: float) -> float:
    """How far (mm) a coin centred at (x, y) is from being wholly inside `goal` (+1: the goal
    at x = width, -1: the one at x = 0); under 0 when it is (R10, H-GOAL: "entrerà
    completamente all'interno dei pali"). Wholly inside: the whole disc beyond the line of the
    posts' centres and between the posts' inner edges, its centre still on the table."""
    r = t.coin_radius
    off = abs(y - t.height / 2) - (t.mouth / 2 - r)  # the disc's reach past an inner edge
    if goal > 0:
        return max(t.width - t.goal_line + r - x, x - t.width, off)
    return max(x - (t.goal_line - r), -x, off)


def in_goal(t: Table, goal: int, x: float, y: float) -> bool:
    """Whether a coin centred at (x, y) is wholly inside `goal` (a disc touching the posts'
    line or an inner edge is not): the one goal test of both physics paths."""
    return goal_gap(t, goal, x, y) < 0.0


@dataclass(slots=True)
class Outcome:
    """What a flick did: where every coin stopped, who fell (in order) and what the flicked did."""

    positions: dict[int, tuple[float, float]]
    """slot -> resting position of every coin still on the table"""
    fallen: list[int]
    scored: bool
    """the flicked coin went wholly inside the goal it attacks (it is then out of play)"""
    crossed: bool
    """the flicked coin passed between the gate's two coins"""
    touched_mate: bool
    steps: int
    velocities: dict[int, tuple[float, float]]
    """slot -> velocity when the simulation stopped (zero once at rest; for tests with max_steps)"""


def simulate_objects(
    table: Table,
    discs: list[tuple[int, int, float, float]],
    flicked: int,
    velocity: tuple[float, float],
    spin: float = 0.0,
    heavy: float = 1.0,
    ghost: bool = False,
    goal: int = 0,
    gate: tuple[int, int] | None = None,
    max_steps: int | None = None,
) -> Outcome:
    """`physics.simulate`, step for step, through pymunk's objects."""
    import pymunk as pm

    t = table
    space = pm.Space()
    space.iterations = 10
    space.sleep_time_threshold = 0.02
    space.idle_speed_threshold = 2.0
    static = space.static_body
    r, g, mu = t.coin_radius, t.gravity, t.sliding_friction
    team_of = {slot: team for slot, team, _, _ in discs}
    flicker_team = team_of[flicked]
    bodies: list[tuple[int, Any, tuple[Any, ...]]] = []
    fbody: Any = None
    coin_elasticity, post_elasticity = elasticities(t)
    for slot, team, x, y in discs:
        mass = t.coin_mass * (heavy if slot == flicked else 1.0)
        body = pm.Body(mass, pm.moment_for_circle(mass, 0.0, r))
        body.position = (x, y)
        shape = pm.Circle(body, r)
        shape.elasticity = coin_elasticity
        shape.friction = t.coin_friction
        if slot == flicked:
            shape.collision_type = FLICKED
            if ghost:
                shape.filter = pm.ShapeFilter(
                    categories=0b01, mask=pm.ShapeFilter.ALL_MASKS() ^ 0b10
                )
        elif team == flicker_team:
            shape.collision_type = MATE
            if ghost:
                shape.filter = pm.ShapeFilter(
                    categories=0b10, mask=pm.ShapeFilter.ALL_MASKS() ^ 0b01
                )
        else:
            shape.collision_type = OTHER
        slide = pm.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        slide.max_bias = 0.0
        slide.max_force = mu * mass * g
        turn = pm.GearJoint(static, body, 0.0, 1.0)
        turn.max_bias = 0.0
        turn.max_force = mu * mass * g * r * (2.0 / 3.0)  # a disc on its face
        parts = (body, shape, slide, turn)
        space.add(*parts)
        bodies.append((slot, body, parts))
        if slot == flicked:
            fbody = body
    for centre in post_centres(t):
        post = pm.Circle(static, t.post_radius, centre)
        post.elasticity = post_elasticity
        post.friction = t.coin_friction
        space.add(post)
    touched = [False]
    if gate is not None:

        def _touch(arbiter: Any, space: Any, data: Any) -> None:
            touched[0] = True

        space.on_collision(FLICKED, MATE, begin=_touch)
    fbody.velocity = velocity
    fbody.angular_velocity = spin

    w, h, dt = t.width, t.height, t.time_step
    ax = ay = bx = by = 0.0
    side = 0.0
    if gate is not None:
        ga = next(d for d in discs if d[0] == gate[0])
        gb = next(d for d in discs if d[0] == gate[1])
        ax, ay, bx, by = ga[2], ga[3], gb[2], gb[3]
        px, py = fbody.position
        side = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    seg2 = (bx - ax) ** 2 + (by - ay) ** 2
    crossed = scored = False
    fallen: list[int] = []
    live = bodies[:]
    flying = True  # the flicked coin is still on the table and in play
    steps = 0
    limit = int(t.max_time / dt) if max_steps is None else max_steps
    while steps < limit:
        space.step(dt)
        steps += 1
        if flying:
            x, y = fbody.position
            if gate is not None and not crossed:
                now = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
                if (now > 0.0) != (side > 0.0) and now != 0.0:
                    u = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / seg2 if seg2 else -1.0
                    if 0.0 <= u <= 1.0:
                        crossed = True
                    side = now
            if goal and in_goal(t, goal, x, y):
                scored = True
                flying = False
                _remove(space, live, flicked)
                continue
        if steps % CHECK_EVERY:
            continue
        resting = True
        for slot, body, _ in live[:]:
            if body.is_sleeping:
                continue
            x, y = body.position
            if x < 0.0 or x > w or y < 0.0 or y > h:
                fallen.append(slot)
                _remove(space, live, slot)
                if slot == flicked:
                    flying = False
            else:
                resting = False
        if resting:
            break
    positions = {slot: _pos(body) for slot, body, _ in live}
    velocities = {slot: _vel(body) for slot, body, _ in live}
    return Outcome(positions, fallen, scored, crossed, touched[0], steps, velocities)


def _pos(body: Any) -> tuple[float, float]:
    x, y = body.position
    return (float(x), float(y))


def _vel(body: Any) -> tuple[float, float]:
    vx, vy = body.velocity
    return (float(vx), float(vy))


def _remove(space: Any, live: list[tuple[int, Any, tuple[Any, ...]]], slot: int) -> None:
    for i, (s, _, parts) in enumerate(live):
        if s == slot:
            space.remove(*parts)
            del live[i]
            return
