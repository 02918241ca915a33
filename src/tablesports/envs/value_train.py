"""Learn a value network by playing: how `tablesports train --method value` makes a `value` agent.

    tablesports train hanniball --method value --rounds 6 --out runs/hanniball-value

A round of generalised policy iteration:

1. **play**: `games` games, in `jobs` processes. Round 0's games are the game's heuristic bot
   against itself; later rounds' are the current `value` agent against itself and against the
   heuristic, half each. Every mover takes a random step with chance `epsilon`, so the games
   differ and the network sees steps the bots would not take.
2. **fit**: every position of those games (with the last `window` rounds' positions, at most
   `sample` of them drawn at random), encoded from both players' sides, labelled with the
   game's result for that side (and its image under each symmetry the game's tensor
   declares, `symmetries(game)` in its tensor.py: HanniBall's files, Blood Bowl's
   touchlines...); a small network (ReLU, tanh output) is fitted to them by mean squared
   error (torch, warm-started from the last round's weights).
3. **judge**: the new `value` agent plays `eval_games` games against the heuristic bot, seats
   alternating (each game its own seed); the win rate and its Wilson 95% interval go to
   `curve.json` and the plot `curve.png`, and the network to `value.npz` (`round-K.npz` kept
   too) beside `value.toml` (the command, seed and CPU time that made it: copied with the
   network into `agents/nets/NAME.toml` to ship it).

The value agent picks the step whose position the network rates best, so each round's agent is
one step of policy improvement over the play its network was fitted to (round 0: the heuristic's).
Needs the train extra (torch) to fit; playing needs numpy only.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from tablesports.agents.encoder import Encoder
from tablesports.agents.registry import make_agent
from tablesports.arena.stats import wilson_interval
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import CHANCE, TERMINAL
from tablesports.core.registry import game_tensor, heuristic_bot, load

_BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@dataclass
class RoundPoint:
    """One round: its data, its fit, and how the new agent did against the heuristic."""

    round: int
    positions: int
    loss: float
    wins: int
    draws: int
    games: int
    win_rate: float
    interval: tuple[float, float]
    seconds: float
    """Since training started (wall time)."""
    cpu_seconds: float
    """CPU time of this process and its finished workers since training started."""


@dataclass
class ValueTrainResult:
    game: str
    opponent: str
    network: str
    plot: str | None
    curve: list[RoundPoint] = field(default_factory=list)


@dataclass(frozen=True)
class PlayJob:
    game: str
    options: dict[str, Any]
    agents: tuple[str, str]
    seed: int
    epsilon: float
    opening: int = 0
    """Random steps at the start of the game (a number drawn from 0 to this)."""


def play_one(job: PlayJob) -> tuple[np.ndarray, np.ndarray, float]:
    """One game: every decision's position from both sides (uint8, scaled by 255), the result
    for that side, and the CPU seconds it took."""
    cpu = time.process_time()
    game = load(job.game, **job.options)
    encode = Encoder(game)
    rng = random.Random(job.seed)
    agents = [make_agent(spec, game, seed=job.seed + seat) for seat, spec in enumerate(job.agents)]
    state = game.new_initial_state()
    rows: list[np.ndarray] = []
    sides: list[int] = []
    opening = rng.randint(0, job.opening)
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        for side in range(game.info.players):
            rows.append(encode(state, side))
            sides.append(side)
        actions = state.legal_actions()
        if opening > 0 or rng.random() < job.epsilon:
            opening -= 1
            action = rng.choice(actions)
        else:
            action = agents[player].step(state)
        state.apply_legal(action)
    returns = state.returns()
    x = np.rint(np.clip(np.stack(rows), 0.0, 1.0) * 255).astype(np.uint8) if rows else None
    y = np.array([returns[s] for s in sides], np.float32)
    if x is None:
        size = int(np.prod(game_tensor(job.game).tensor_shape(game)))
        x = np.zeros((0, size), np.uint8)
    return x, y, time.process_time() - cpu


def check_range(game_id: str) -> None:
    """The uint8 store holds values in [0, 1]: refuse a tensor whose documented range is wider."""
    low, high = getattr(game_tensor(game_id), "OBSERVATION_RANGE", (0.0, 1.0))
    if low < 0.0 or high > 1.0:
        raise TablesportsError(
            f"{game_id}'s observation tensor ranges over [{low}, {high}]; value training stores "
            "values in [0, 1] only: choose a game whose tensor is scaled to [0, 1]"
        )


Mirror = tuple[str, Callable[[np.ndarray], np.ndarray]]


def symmetries(game_id: str, game: Any) -> tuple[Mirror, ...]:
    """The symmetries the game's tensor module declares (`symmetries(game)`: `(name, mirror)`
    pairs); a module that declares none has none."""
    declared = getattr(game_tensor(game_id), "symmetries", None)
    return tuple(declared(game)) if declared is not None else ()


def mirrored(game_id: str, game: Any, x: np.ndarray) -> np.ndarray:
    """`x` (uint8 rows, value x 255) followed by each declared symmetry's image of it: as many
    positions again a symmetry, each worth what its original is (its label is the same)."""
    images = [x]
    chunk = max(1, (32 << 20) // max(1, 4 * x.shape[1]))  # mirror 32 MB of floats at a time
    for _, mirror in symmetries(game_id, game):
        image = np.empty_like(x)
        for k in range(0, len(x), chunk):
            rows = mirror(x[k : k + chunk].astype(np.float32) / 255.0)
            image[k : k + chunk] = np.rint(np.clip(rows, 0.0, 1.0) * 255)
        images.append(image)
    return np.concatenate(images) if len(images) > 1 else x


def fit(
    x: np.ndarray,
    y: np.ndarray,
    hidden: tuple[int, ...],
    epochs: int,
    seed: int,
    start: list[tuple[np.ndarray, np.ndarray]] | None,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], float]:
    """Fit the network to (x / 255, y) by mean squared error; its layers and the last loss."""
    import torch

    torch.manual_seed(seed)
    sizes = [x.shape[1], *hidden, 1]
    layers: list[torch.nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        layers.append(torch.nn.ReLU() if i < len(sizes) - 2 else torch.nn.Tanh())
    net = torch.nn.Sequential(*layers)
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    if start is not None and [w.shape for w, _ in start] == [
        (m.out_features, m.in_features) for m in linear
    ]:
        with torch.no_grad():
            for m, (w, b) in zip(linear, start, strict=True):
                m.weight.copy_(torch.from_numpy(w))
                m.bias.copy_(torch.from_numpy(b))
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    xt = torch.from_numpy(x)
    yt = torch.from_numpy(y)
    order = np.random.default_rng(seed)
    batch = 4096  # a step's cost hardly grows with the batch on a CPU (measured: 512 -> 4096 x2)
    loss_sum, seen = 0.0, 0
    for _ in range(epochs):
        perm = torch.from_numpy(order.permutation(len(y)))
        loss_sum, seen = 0.0, 0
        for k in range(0, len(y), batch):
            idx = perm[k : k + batch]
            pred = net(xt[idx].float() / 255.0)[:, 0]
            loss = torch.nn.functional.mse_loss(pred, yt[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss_sum += float(loss.detach()) * len(idx)
            seen += len(idx)
    return [
        (m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy()) for m in linear
    ], loss_sum / max(seen, 1)


def save_network(
    path: Path, layers: list[tuple[np.ndarray, np.ndarray]], game_id: str, trained: str
) -> None:
    arrays: dict[str, Any] = {}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = b.astype(np.float32)
    arrays["game"] = np.array(game_id)
    arrays["features"] = np.array(str(layers[0][0].shape[1]))
    arrays["trained"] = np.array(trained)
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, **arrays)
    tmp.replace(path)


def write_sidecar(
    path: Path,
    game_id: str,
    command: str,
    seed: int,
    hidden: tuple[int, ...],
    epochs: int,
    point: RoundPoint,
) -> None:
    """`value.toml` beside `value.npz`: the game, the command, seed and CPU time that made the
    network and its last judgement; what a shipped network's `agents/nets/NAME.toml` holds."""
    low, high = point.interval
    losses = point.games - point.wins - point.draws
    judged = (
        f"round {point.round}: {point.wins}-{point.draws}-{losses} over {point.games} games "
        f"against the heuristic, {point.win_rate:.1%} [{low:.1%}, {high:.1%}]"
    )
    lines = [
        f"game = {json.dumps(game_id)}",
        f"command = {json.dumps(command)}",
        f"seed = {seed}",
        f"hidden = {list(hidden)}",
        f"epochs = {epochs}",
        f"rounds = {point.round + 1}",
        f"positions = {point.positions}",
        f"cpu_seconds = {point.cpu_seconds:.0f}",
        f"wall_seconds = {point.seconds:.0f}",
        f"made = {json.dumps(time.strftime('%Y-%m-%d', time.gmtime()))}",
        f"judged = {json.dumps(judged)}",
    ]
    path.write_text("\n".join(lines) + "\n")


def judge_one(job: PlayJob) -> tuple[float, float]:
    """The `value` agent's result in one game (1, 0 or -1) and the CPU seconds it took."""
    cpu = time.process_time()
    game = load(job.game, **job.options)
    agents = [make_agent(spec, game, seed=job.seed + seat) for seat, spec in enumerate(job.agents)]
    from tablesports.arena.match import play_match

    record = play_match(game, agents, seed=job.seed)
    me = 0 if job.agents[0].startswith("value:") else 1
    return float((record.returns or [0.0, 0.0])[me]), time.process_time() - cpu


def train_value(
    game_id: str,
    *,
    out: str | Path = "runs/value",
    rounds: int = 6,
    games: int = 400,
    eval_games: int = 100,
    epsilon: float = 0.0,
    opening: int = 12,
    epochs: int = 4,
    hidden: tuple[int, ...] = (128, 64),
    window: int = 3,
    sample: int = 300_000,
    jobs: int = 2,
    seed: int = 0,
    opponent: str | None = None,
    base: str | None = None,
    weight: float = 5.0,
    prior: str | None = None,
    margin: float = 0.0,
    options: dict[str, Any] | None = None,
    on_point: Callable[[RoundPoint], None] | None = None,
    on_progress: Callable[[str, int, int], None] | None = None,
) -> ValueTrainResult:
    """Play, fit, judge for `rounds` rounds; save the network and the curve; return them.
    `on_progress(stage, done, total)` hears of each game played or judged and each fit."""

    def progress(stage: str, done: int, total: int) -> None:
        if on_progress is not None:
            on_progress(stage, done, total)

    try:
        import torch
    except ImportError:
        raise TablesportsError(
            "value training needs torch (the train extra): pip install 'tablesports[train]'"
        ) from None
    torch.set_num_threads(max(1, jobs))
    check_range(game_id)
    options = dict(options or {})
    game = load(game_id, **options)
    if game.info.players != 2:
        raise TablesportsError(f"value training plays two-player games; {game_id} has more")
    rival = opponent or heuristic_bot(game_id)
    make_agent(rival, game)  # a bad name fails now, not in a worker
    folder = Path(out)
    if set(",=:") & set(str(folder.resolve())):
        raise TablesportsError(
            f"--out {str(out)!r}: the folder's path is part of the agent's spec "
            "(value:path=...), so it cannot hold ',', '=' or ':'; choose another folder"
        )
    if base and not callable(getattr(make_agent(base, game), "score", None)):
        raise TablesportsError(
            f"--base {base!r} has no evaluation (a `score(state, player)` method) to correct: "
            f"choose the game's heuristic, {heuristic_bot(game_id)}, which has one"
        )
    if prior:
        make_agent(prior, game)  # a bad name fails now, not in a worker
    folder.mkdir(parents=True, exist_ok=True)
    network = folder / "value.npz"
    command = " ".join(
        [
            f"tablesports train {game_id} --method value --rounds {rounds} --games {games}",
            f"--eval-games {eval_games} --seed {seed} --jobs {jobs}",
            *([f"--base {base} --weight {weight}"] if base else []),
            *([f"--prior {prior} --margin {margin}"] if prior else []),
            *([f"--opponent {opponent}"] if opponent else []),
            *(f"-o {k}={v}" for k, v in sorted(options.items())),
        ]
    )
    result = ValueTrainResult(game_id, rival, str(network), None)
    started = time.perf_counter()
    cpu_start = time.process_time()
    worker_cpu = 0.0
    data: list[tuple[np.ndarray, np.ndarray]] = []
    layers: list[tuple[np.ndarray, np.ndarray]] | None = None
    ctx = get_context("spawn")  # torch's threads do not survive a fork
    # each worker is one game on one core: BLAS threads would only fight over the cores
    saved = {k: os.environ.get(k) for k in _BLAS_THREADS}
    os.environ.update(dict.fromkeys(_BLAS_THREADS, "1"))
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
        # start every worker now, with the variables set (each busy task makes one more)
        for started_worker in [pool.submit(time.sleep, 0.2) for _ in range(jobs)]:
            started_worker.result()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    with pool:
        for r in range(rounds):
            me = f"value:path={network.resolve()}"
            if base:
                me += f",base={base},weight={weight}"
            if prior:
                me += f",prior={prior},margin={margin}"
            plays: list[PlayJob] = []
            for i in range(games):
                s = seed + 1_000_000 * r + i
                if r == 0:
                    pair = (base or rival, base or rival)
                elif i % 2 == 0:
                    pair = (me, me)
                else:
                    pair = (me, rival) if i % 4 == 1 else (rival, me)
                plays.append(PlayJob(game_id, options, pair, s, epsilon, opening))
            played = []
            progress(f"round {r}: play", 0, games)  # the stage's clock starts now
            for item in pool.map(play_one, plays, chunksize=max(1, min(8, games // 50))):
                played.append(item)
                progress(f"round {r}: play", len(played), games)
            worker_cpu += sum(cpu for _, _, cpu in played)
            data.append(
                (
                    np.concatenate([x for x, _, _ in played]),
                    np.concatenate([y for _, y, _ in played]),
                )
            )
            data = data[-window:]
            x = np.concatenate([d[0] for d in data])
            y = np.concatenate([d[1] for d in data])
            if len(y) > sample:  # a fit's cost is its size: draw `sample` of the window's rows
                keep = np.random.default_rng(seed + r).choice(len(y), sample, replace=False)
                x, y = x[keep], y[keep]
            progress(f"round {r}: fit", 0, 1)
            both = mirrored(game_id, game, x)
            layers, loss = fit(
                both, np.tile(y, len(both) // len(y)), hidden, epochs, seed + r, layers
            )
            del both
            progress(f"round {r}: fit", 1, 1)
            save_network(
                network,
                layers,
                game_id,
                f"tablesports train {game_id} --method value: round {r} of {rounds}, "
                f"{len(y):,} positions",
            )
            save_network(folder / f"round-{r}.npz", layers, game_id, f"round {r}")
            judged = [
                PlayJob(
                    game_id,
                    options,
                    (me, rival) if i % 2 == 0 else (rival, me),
                    seed + 500_000_000 + i,
                    0.0,
                )
                for i in range(eval_games)
            ]
            judged_cpu = []
            progress(f"round {r}: judge", 0, eval_games)
            for verdict in pool.map(judge_one, judged, chunksize=max(1, min(4, eval_games // 50))):
                judged_cpu.append(verdict)
                progress(f"round {r}: judge", len(judged_cpu), eval_games)
            worker_cpu += sum(cpu for _, cpu in judged_cpu)
            scores = [score for score, _ in judged_cpu]
            wins = sum(s > 0 for s in scores)
            draws = sum(s == 0 for s in scores)
            point = RoundPoint(
                r,
                len(y),
                loss,
                wins,
                draws,
                eval_games,
                wins / eval_games,
                wilson_interval(wins, eval_games),
                time.perf_counter() - started,
                time.process_time() - cpu_start + worker_cpu,
            )
            result.curve.append(point)
            (folder / "curve.json").write_text(json.dumps(asdict(result), indent=2))
            write_sidecar(folder / "value.toml", game_id, command, seed, hidden, epochs, point)
            if on_point:
                on_point(point)
    result.plot = plot_curve(result, folder / "curve.png")
    (folder / "curve.json").write_text(json.dumps(asdict(result), indent=2))
    return result


def plot_curve(result: ValueTrainResult, path: Path) -> str | None:
    """The win rate against the heuristic per round, with its interval (matplotlib, if there)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    rounds = [p.round for p in result.curve]
    rate = [p.win_rate for p in result.curve]
    low = [p.interval[0] for p in result.curve]
    high = [p.interval[1] for p in result.curve]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.fill_between(rounds, low, high, alpha=0.25, label="Wilson 95% interval")
    ax.plot(rounds, rate, marker="o", label=f"wins against {result.opponent}")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(rounds)
    ax.set_xlabel("round")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title(f"{result.game}: value network against {result.opponent}")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return str(path)
