"""One flick on the table, simulated with Chipmunk2D (through pymunk), deterministically.

A fresh space is built for every flick, bodies are added in slot order and stepped with a fixed
time step, so the same flick from the same position gives bit-identical positions. Sliding
friction on the table is a pivot joint (and a gear joint for spin) to the static body whose
force is capped at mu*m*g: Coulomb friction computed inside Chipmunk, no Python per body per
step. Coins at rest fall asleep and cost nothing. pymunk is imported on the first flick only.

Speed: the space, bodies, shapes and joints are made with pymunk's C binding (`pymunk._chipmunk`,
the Chipmunk API itself) rather than pymunk's Python objects, and freed at the end of the flick;
the calls and their order are those of `physics_objects.simulate_objects` (the readable form,
used when the binding is missing), so the positions are the same to the last bit (tested). A
flick among eight coins costs ~0.2 ms instead of ~0.7 ms: 60% of what is left is Chipmunk's own
step.
"""

from __future__ import annotations

import math
from typing import Any

from tablesports.games.juggers.data import Table
from tablesports.games.juggers.physics_objects import (
    CHECK_EVERY,
    FLICKED,
    MATE,
    OTHER,
    Outcome,
    elasticities,
    goal_gap,
    in_goal,
    post_centres,
    simulate_objects,
)

__all__ = [
    "CHECK_EVERY",
    "FLICKED",
    "MATE",
    "OTHER",
    "Outcome",
    "flick_spin",
    "flick_velocity",
    "goal_gap",
    "in_goal",
    "post_centres",
    "simulate",
]

ALL = 0xFFFFFFFF
"""Chipmunk's every-category bitmask (pymunk's ShapeFilter.ALL_MASKS())."""
SAFETY = 1.5
"""The flicked coin's speed never exceeds its starting energy's by this factor (measured: 1.03)."""
SLACK = 1.0
"""Millimetres a step that Chipmunk's overlap correction may move a coin besides its speed."""
_binding: Any = None
"""(ffi, lib, the begin-touch callback), or False when pymunk's C binding is not importable."""


def _chipmunk() -> Any:
    global _binding
    if _binding is None:
        try:
            from pymunk._chipmunk import ffi, lib

            def touch(arbiter: Any, space: Any, data: Any) -> None:
                ffi.cast("int *", data)[0] = 1

            _binding = (ffi, lib, ffi.callback("cpCollisionBeginFunc", touch))
        except Exception:  # pymunk moved its binding: the slower public objects still work
            _binding = False
    return _binding


def simulate(
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
    """Flick `flicked` (a slot) with `velocity` (mm/s) among `discs` [(slot, team, x, y)].

    `spin` is the angular velocity the off-centre hit gives (rad/s); `heavy` multiplies the
    flicked coin's mass; `ghost` lets it pass through its team-mates; `goal` is +1 or -1 when the
    flicked coin scores in the goal at x = width or x = 0; `gate` is two slots the flicked coin
    should pass between (their starting centres make the segment).
    """
    cp = _chipmunk()
    if not cp:
        return simulate_objects(
            table, discs, flicked, velocity, spin, heavy, ghost, goal, gate, max_steps
        )
    ffi, lib, touch = cp
    space = lib.cpSpaceNew()
    made: list[Any] = []  # (free function, pointer) of every body, shape and joint
    try:
        return _run(
            ffi, lib, touch, space, made, table, discs, flicked, velocity, spin, heavy, ghost,
            goal, gate, max_steps,
        )  # fmt: skip
    finally:
        lib.cpSpaceFree(space)  # frees its arrays and arbiters, not the objects in it
        for free, ptr in made:
            free(ptr)


def _run(
    ffi: Any,
    lib: Any,
    touch: Any,
    space: Any,
    made: list[Any],
    t: Table,
    discs: list[tuple[int, int, float, float]],
    flicked: int,
    velocity: tuple[float, float],
    spin: float,
    heavy: float,
    ghost: bool,
    goal: int,
    gate: tuple[int, int] | None,
    max_steps: int | None,
) -> Outcome:
    """`simulate` on a new space; every object made is listed in `made` for the caller to free.
    Each call below is the one pymunk makes for the matching line of `simulate_objects`."""
    lib.cpSpaceSetIterations(space, 10)
    lib.cpSpaceSetSleepTimeThreshold(space, 0.02)
    lib.cpSpaceSetIdleSpeedThreshold(space, 2.0)
    free_body, free_shape, free_joint = lib.cpBodyFree, lib.cpShapeFree, lib.cpConstraintFree
    static = lib.cpBodyNewStatic()  # pymunk's Space.static_body: a new static body, added
    made.append((free_body, static))
    add_body, add_shape, add_joint = (
        lib.cpSpaceAddBody,
        lib.cpSpaceAddShape,
        lib.cpSpaceAddConstraint,
    )
    set_bias, set_force, set_type = (
        lib.cpConstraintSetMaxBias,
        lib.cpConstraintSetMaxForce,
        lib.cpShapeSetCollisionType,
    )
    add_body(space, static)
    r, g, mu = t.coin_radius, t.gravity, t.sliding_friction
    team_of = {slot: team for slot, team, _, _ in discs}
    flicker_team = team_of[flicked]
    origin = (0.0, 0.0)
    bodies: list[tuple[int, Any, Any, Any, Any]] = []
    fbody: Any = None
    coin_elasticity, post_elasticity = elasticities(t)
    for slot, team, x, y in discs:
        mass = t.coin_mass * (heavy if slot == flicked else 1.0)
        body = lib.cpBodyNew(mass, lib.cpMomentForCircle(mass, 0.0, r, origin))
        made.append((free_body, body))
        lib.cpBodySetPosition(body, (x, y))
        shape = lib.cpCircleShapeNew(body, r, origin)
        made.append((free_shape, shape))
        lib.cpShapeSetElasticity(shape, coin_elasticity)
        lib.cpShapeSetFriction(shape, t.coin_friction)
        if slot == flicked:
            set_type(shape, FLICKED)
            if ghost:
                lib.cpShapeSetFilter(shape, (0, 0b01, ALL ^ 0b10))  # (group, categories, mask)
        elif team == flicker_team:
            set_type(shape, MATE)
            if ghost:
                lib.cpShapeSetFilter(shape, (0, 0b10, ALL ^ 0b01))
        else:
            set_type(shape, OTHER)
        slide = lib.cpPivotJointNew2(static, body, origin, origin)
        made.append((free_joint, slide))
        set_bias(slide, 0.0)
        set_force(slide, mu * mass * g)
        turn = lib.cpGearJointNew(static, body, 0.0, 1.0)
        made.append((free_joint, turn))
        set_bias(turn, 0.0)
        set_force(turn, mu * mass * g * r * (2.0 / 3.0))  # a disc on its face
        add_body(space, body)  # pymunk's Space.add: the body, then the rest in order
        add_shape(space, shape)
        add_joint(space, slide)
        add_joint(space, turn)
        bodies.append((slot, body, shape, slide, turn))
        if slot == flicked:
            fbody = body
    for centre in post_centres(t):
        post = lib.cpCircleShapeNew(static, t.post_radius, centre)
        made.append((free_shape, post))
        lib.cpShapeSetElasticity(post, post_elasticity)
        lib.cpShapeSetFriction(post, t.coin_friction)
        add_shape(space, post)
    touched = ffi.new("int *")
    if gate is not None:
        handler = lib.cpSpaceAddCollisionHandler(space, FLICKED, MATE)
        handler.beginFunc = touch
        handler.userData = touched
    lib.cpBodySetVelocity(fbody, velocity)
    lib.cpBodySetAngularVelocity(fbody, spin)

    w, h, dt = t.width, t.height, t.time_step
    position = lib.cpBodyGetPosition
    ax = ay = bx = by = 0.0
    side = 0.0
    if gate is not None:
        ga = next(d for d in discs if d[0] == gate[0])
        gb = next(d for d in discs if d[0] == gate[1])
        ax, ay, bx, by = ga[2], ga[3], gb[2], gb[3]
        p = position(fbody)
        side = (bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax)
    seg2 = (bx - ax) ** 2 + (by - ay) ** 2
    crossed = scored = False
    fallen: list[int] = []
    live = bodies[:]
    # The flicked coin is watched every step (goal, gate) unless it is provably too far from
    # both: it moves at most `reach` a step (energy: no coin is faster than the flick's whole
    # energy allows, sqrt(v^2 + r^2 w^2 / 2), taken 1.5 times, plus 1 mm of Chipmunk's overlap
    # correction), so `quiet` steps can pass unwatched without changing a thing.
    watch = bool(goal) or gate is not None
    reach = (
        SAFETY * math.sqrt(velocity[0] ** 2 + velocity[1] ** 2 + 0.5 * r * r * spin**2)
    ) * t.time_step + SLACK
    seg = math.sqrt(seg2)
    quiet = 0
    steps = 0
    limit = int(t.max_time / dt) if max_steps is None else max_steps
    step, sleeping = lib.cpSpaceStep, lib.cpBodyIsSleeping
    while steps < limit:
        step(space, dt)
        steps += 1
        if quiet:
            quiet -= 1
        elif watch:
            p = position(fbody)
            x = p.x
            y = p.y
            far = math.inf  # how far the coin is from every place where a check could fire
            if gate is not None and not crossed:
                now = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
                if (now > 0.0) != (side > 0.0) and now != 0.0:
                    u = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / seg2 if seg2 else -1.0
                    if 0.0 <= u <= 1.0:
                        crossed = True
                    side = now
                if seg and not crossed:
                    far = abs(now) / seg  # from the gate's line
            if goal:
                gap = goal_gap(t, goal, x, y)
                if gap < 0.0:  # wholly inside: `in_goal`, with the distance kept for `far`
                    scored = True
                    watch = False
                    _remove(lib, space, live, flicked)
                    continue
                far = min(far, gap)
            elif crossed or gate is None:
                watch = False  # nothing left to watch
            if far < math.inf:
                quiet = max(0, int(far / reach) - 1)
        if steps % CHECK_EVERY:
            continue
        resting = True
        for coin in live[:]:
            if sleeping(coin[1]):
                continue
            p = position(coin[1])
            x = p.x
            y = p.y
            if x < 0.0 or x > w or y < 0.0 or y > h:
                fallen.append(coin[0])
                _remove(lib, space, live, coin[0])
                if coin[0] == flicked:
                    watch = False
            else:
                resting = False
        if resting:
            break
    positions: dict[int, tuple[float, float]] = {}
    velocities: dict[int, tuple[float, float]] = {}
    for coin in live:
        p = position(coin[1])
        v = lib.cpBodyGetVelocity(coin[1])
        positions[coin[0]] = (p.x, p.y)
        velocities[coin[0]] = (v.x, v.y)
    return Outcome(positions, fallen, scored, crossed, bool(touched[0]), steps, velocities)


def _remove(lib: Any, space: Any, live: list[tuple[int, Any, Any, Any, Any]], slot: int) -> None:
    """Take a coin out of the space as pymunk's Space.remove(body, shape, slide, turn) does."""
    for i, (s, body, shape, slide, turn) in enumerate(live):
        if s == slot:
            lib.cpSpaceRemoveBody(space, body)
            lib.cpSpaceRemoveShape(space, shape)
            lib.cpSpaceRemoveConstraint(space, slide)
            lib.cpSpaceRemoveConstraint(space, turn)
            del live[i]
            return


def flick_velocity(angle_deg: float, speed: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (speed * math.cos(a), speed * math.sin(a))


def flick_spin(table: Table, offset: float, speed: float, heavy: float = 1.0) -> float:
    """The spin of a hit `offset` (-1..1 of the radius) off the centre line: w = J*d / I."""
    r = table.coin_radius
    mass = table.coin_mass * heavy
    impulse = mass * speed
    inertia = 0.5 * mass * r * r
    return impulse * offset * r / inertia
