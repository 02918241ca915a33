"""Adapter speed: `env.step` per second with tensors and masks (`tablesports bench --env`).

PettingZoo AEC: each step is one move; the loop reads `env.last()` (the mover's tensor and
mask) and plays a uniformly random legal action, as a learner would. Gymnasium: each step is a
learner move, then chance and a `random` opponent until the learner's turn again.

Times are CPU seconds of this process (`time.process_time`), so that other work on a shared
machine does not change the figures much. `steps_per_second` counts the whole loop, the
learner's own pick included (the legal ids of an int8 mask with ~19,000 slots, Blood Bowl's:
`nonzero` of its bool view, ~4 µs, where `np.flatnonzero` of the int8 array takes ~35 µs);
`env_steps_per_second` counts only the time inside the env's calls.

Vectorised (`--vector N`, `bench_vector`): `gymnasium.make_vec` with N envs: its default, ours
(`tablesports.envs.vector`, one process), Gymnasium's `sync` (one process) and `async` (a
process per env), against the single env in the same run; these count
wall-clock seconds, since an async env's work is done in other processes. A step is a learner
move in one env; the step that resets an env after its episode ended (Gymnasium's default
autoreset, `NEXT_STEP`) is not counted. Beside them, steps per CPU-second of every process
involved (an async env's workers read from /proc, where there is one): on a busy machine the
wall clock measures the load, this the work.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

VECTOR_MODES = ("vector_entry_point", "sync", "async")
"""make_vec's modes that `--vector` times: ours (its default), then Gymnasium's two."""


@dataclass
class EnvBench:
    game: str
    library: str
    steps_per_second: float
    episodes: int
    env_steps_per_second: float = 0.0
    clock: str = "cpu"
    cpu_steps_per_second: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "library": self.library,
            "steps_per_second": round(self.steps_per_second, 1),
            "env_steps_per_second": round(self.env_steps_per_second, 1),
            "episodes": self.episodes,
            "clock": self.clock,
            "cpu_steps_per_second": None
            if self.cpu_steps_per_second is None
            else round(self.cpu_steps_per_second, 1),
        }


def _pick(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random legal id of a 0/1 mask. The bool view of an int8 mask (the same
    bytes) makes numpy's `nonzero` take its quick path for booleans, some 8 times faster."""
    flags = mask.view(np.bool_) if mask.dtype.itemsize == 1 else mask.astype(np.bool_)
    legal = flags.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])  # Python's draw: a numpy one costs 1 µs more


def _rate(steps: int, seconds: float) -> float:
    return steps / seconds if seconds > 0 else 0.0


def bench_aec(env: Any, seconds: float, seed: int = 0, name: str = "") -> EnvBench:
    """Random legal moves through any PettingZoo AEC env with `action_mask` observations."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = episodes = 0
    clock = time.process_time
    picking = 0.0  # the learner's own time: choosing among the legal ids
    start = clock()
    end = start + seconds
    while True:
        obs, _, done, truncated, _ = env.last()
        if done or truncated:
            if not env.agents or all(env.terminations.values()):
                episodes += 1
                if time.process_time() > end:
                    break
                env.reset()
                continue
            env.step(None)
            continue
        t = clock()
        action = _pick(obs["action_mask"], rng)
        picking += clock() - t
        env.step(action)
        steps += 1
        if steps % 256 == 0 and clock() > end:
            break
    elapsed = clock() - start
    return EnvBench(
        name, "pettingzoo", _rate(steps, elapsed), episodes, _rate(steps, elapsed - picking)
    )


def bench_gym(game_id: str, seconds: float, seed: int = 0, wall: bool = False) -> EnvBench:
    from tablesports.envs import gym_env

    env = gym_env(game_id)
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    steps = episodes = 0
    clock = time.perf_counter if wall else time.process_time
    picking = 0.0  # the learner's own time: choosing among the legal ids
    cpu = time.process_time()
    start = clock()
    end = start + seconds
    while True:
        t = clock()
        action = _pick(obs["action_mask"], rng)
        picking += clock() - t
        obs, _, done, truncated, _ = env.step(action)
        steps += 1
        if done or truncated:
            episodes += 1
            obs, _ = env.reset()
        if steps % 256 == 0 and clock() > end:
            break
    elapsed = clock() - start
    return EnvBench(
        game_id,
        "gymnasium",
        _rate(steps, elapsed),
        episodes,
        _rate(steps, elapsed - picking),
        "wall" if wall else "cpu",
        _rate(steps, time.process_time() - cpu),
    )


def bench_vector(game_id: str, seconds: float, num_envs: int, mode: str, seed: int = 0) -> EnvBench:
    """`gymnasium.make_vec` with `num_envs` envs in `mode` ("vector_entry_point": ours, the
    default; "sync" or "async": Gymnasium's): learner moves per wall-clock second over all the
    envs, each picked at random from its own mask."""
    import gymnasium

    import tablesports.envs  # noqa: F401  (registers tablesports/<game>-v0)

    env = gymnasium.make_vec(
        f"tablesports/{game_id}-v0", num_envs=num_envs, vectorization_mode=mode
    )
    try:
        rng = random.Random(seed)
        obs, _ = env.reset(seed=seed)
        ended = np.zeros(num_envs, bool)  # these envs reset at this step: their action is unused
        steps = episodes = 0
        clock = time.perf_counter
        picking = 0.0
        workers = [p.pid for p in getattr(env, "processes", [])]  # async: a process per env
        cpu = _cpu_seconds(workers)
        start = clock()
        end = start + seconds
        while True:
            t = clock()
            masks = obs["action_mask"]
            actions = np.array(
                [0 if ended[i] else _pick(masks[i], rng) for i in range(num_envs)], np.int64
            )
            picking += clock() - t
            obs, _, terminated, truncated, _ = env.step(actions)
            steps += num_envs - int(ended.sum())
            ended = terminated | truncated
            episodes += int(ended.sum())
            if clock() > end:
                break
        elapsed = clock() - start
        cpu_after = _cpu_seconds(workers)
    finally:
        env.close()
    cpu_rate = None if cpu is None or cpu_after is None else _rate(steps, cpu_after - cpu)
    label = "tablesports" if mode == "vector_entry_point" else f"gymnasium {mode}"
    return EnvBench(
        game_id,
        f"{label} ×{num_envs}",
        _rate(steps, elapsed),
        episodes,
        _rate(steps, elapsed - picking),
        "wall",
        cpu_rate,
    )


def _cpu_seconds(pids: list[int]) -> float | None:
    """CPU seconds of this process and of `pids` (from /proc; None where it cannot be read)."""
    total = time.process_time()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return total


def bench_vectors(game_ids: list[str], seconds: float, sizes: list[int]) -> list[EnvBench]:
    """Each game's single Gymnasium env, then `make_vec`'s three vector envs at each size, all
    timed by the wall clock in one run."""
    out: list[EnvBench] = []
    for game_id in game_ids:
        out.append(bench_gym(game_id, seconds, wall=True))
        for n in sizes:
            for mode in VECTOR_MODES:
                out.append(bench_vector(game_id, seconds, n, mode))
    return out


def bench_envs(game_ids: list[str], seconds: float) -> list[EnvBench]:
    """Each game through PettingZoo and Gymnasium; PettingZoo's connect_four beside them when
    its extra (pygame) is installed, as the anchor."""
    from tablesports.envs import aec_env

    out: list[EnvBench] = []
    for game_id in game_ids:
        out.append(bench_aec(aec_env(game_id), seconds, name=game_id))
        out.append(bench_gym(game_id, seconds))
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:
        return out
    out.append(bench_aec(connect_four_v3.env(), seconds, name="connect_four (PettingZoo)"))
    return out
