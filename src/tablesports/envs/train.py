"""Train a MaskablePPO policy against a bot, with a learning curve (the `train` extra).

    tablesports train hanniball --steps 300000 --out runs/hanniball

Every `eval_every` steps the policy plays `eval_games` games against `random` and against the
game's heuristic bot (seats alternating); the win rates go to `curve.json` and `curve.png`,
the policy to `policy.zip`, which loads as the agent `ppo:path=runs/hanniball/policy.zip`,
and its actor to `policy.npz` (numpy only: what a learned bot of `agents/learned.py` ships).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tablesports.agents.ppo import PPOAgent
from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.registry import heuristic_bot
from tablesports.envs.gym import TablesportsEnv


@dataclass
class CurvePoint:
    steps: int
    seconds: float
    win_rate: dict[str, float]


@dataclass
class TrainResult:
    game: str
    opponent: str
    policy: str
    plot: str | None
    imitated: str | None = None
    """The bot the policy copied before PPO (step 0 of the curve is after that), if any."""
    curve: list[CurvePoint] = field(default_factory=list)


def win_rate(game: Game, model: Any, opponent: str, games: int, seed: int) -> float:
    """The policy's share of wins (not draws) over `games` games, seats alternating."""
    score = 0.0
    for i in range(games):
        me = i % game.info.players
        agents = [make_agent(opponent, game, seed=seed + i) for _ in range(game.info.players)]
        agents[me] = PPOAgent(game, model=model)
        record = play_match(game, agents, seed=seed + i)
        ret = (record.returns or [0.0] * game.info.players)[me]
        score += ret > 0
    return score / games


def train(
    game_id: str,
    *,
    opponent: str = "random",
    steps: int = 100_000,
    out: str | Path = "runs",
    eval_every: int = 20_000,
    eval_games: int = 20,
    seed: int = 0,
    shaping: float = 1.0,
    net: tuple[int, ...] = (128, 128),
    envs: int = 8,
    imitate: str | None = None,
    imitate_steps: int = 20_000,
    learning_rate: float = 3e-4,
    options: dict[str, Any] | None = None,
    eval_options: dict[str, Any] | None = None,
    on_point: Callable[[CurvePoint], None] | None = None,
    on_steps: Callable[[int, int], None] | None = None,
) -> TrainResult:
    """Train, evaluate along the way, save the policy and the curve; return the result.

    `options` are the game's options for training (a shorter game, say), `eval_options` for
    the evaluation games (the game's defaults when None). `imitate` names a bot whose moves
    the policy first learns to copy (`imitate_steps` of its decisions, behaviour cloning)
    before PPO takes over: a warm start that a sparse reward alone gives only slowly.
    `on_steps(done, steps)` hears of the steps taken (for a progress bar).
    """
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError:
        raise TablesportsError(
            "training needs the train extra: pip install 'tablesports[train]' "
            "(and torch==2.13.0 for the CPU build: see docs/rl.md)"
        ) from None
    torch.set_num_threads(1)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    import gymnasium

    class PolicyInput(gymnasium.ObservationWrapper):
        """The policy sees the flat tensor only; the mask reaches it via action_masks()."""

        def __init__(self, inner: TablesportsEnv) -> None:
            super().__init__(inner)
            size = int(np.prod(inner.adapter.shape))
            self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)

        def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
            return observation["observation"].reshape(-1)

    from stable_baselines3.common.vec_env import DummyVecEnv

    def make(i: int) -> Callable[[], gymnasium.Env[Any, Any]]:
        return lambda: PolicyInput(
            TablesportsEnv(game_id, opponent=opponent, shaping=shaping, **(options or {}))
        )

    # several games side by side: the policy's forward pass is batched over them
    env = DummyVecEnv([make(i) for i in range(envs)])
    env.seed(seed)
    judge = TablesportsEnv(game_id, **(eval_options or {})).game
    rivals = list(dict.fromkeys(["random", heuristic_bot(game_id)]))
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=seed,
        device="cpu",
        n_steps=max(16, min(2048, steps // 4) // envs),
        batch_size=256,
        n_epochs=5,
        policy_kwargs={"net_arch": list(net)},
        learning_rate=learning_rate,
        verbose=0,
    )
    result = TrainResult(game_id, opponent, str(out / "policy.zip"), None, imitate)
    started = time.perf_counter()

    def evaluate(done: int) -> None:
        rates = {r: win_rate(judge, model, r, eval_games, seed=10_000 + done) for r in rivals}
        point = CurvePoint(done, round(time.perf_counter() - started, 1), rates)
        result.curve.append(point)
        if on_point is not None:
            on_point(point)
        model.save(out / "policy.zip")
        export_policy(model, out / "policy.npz", game_id, trained=f"{done} PPO steps")
        _write_curve(result, out)

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = eval_every

        def _on_step(self) -> bool:
            if on_steps is not None:
                on_steps(self.num_timesteps, steps)
            if self.num_timesteps >= self.next:
                self.next += eval_every
                evaluate(self.num_timesteps)
            return True

    if imitate:
        inner = TablesportsEnv(game_id, opponent=opponent, **(options or {}))
        behaviour_cloning(model, inner, imitate, imitate_steps, seed)
    evaluate(0)
    model.learn(total_timesteps=steps, callback=Evaluate())
    if not result.curve or result.curve[-1].steps != model.num_timesteps:
        evaluate(model.num_timesteps)
    model.save(out / "policy.zip")
    export_policy(model, out / "policy.npz", game_id, trained=f"{model.num_timesteps} PPO steps")
    result.plot = _plot(result, out / "curve.png")
    _write_curve(result, out)
    return result


def export_policy(
    model: Any, path: str | Path, game_id: str, *, quantize: bool = True, trained: str = ""
) -> Path:
    """The actor of a MaskablePPO `MlpPolicy` (its policy layers and action head) as the `.npz`
    that `tablesports.agents.learned` plays with numpy alone; `quantize` stores each weight as
    int8 with one scale per output row (a quarter of the size; the bot's choices measured with
    it), else float32."""
    import torch
    from stable_baselines3.common.torch_layers import FlattenExtractor

    policy = model.policy
    if policy.activation_fn is not torch.nn.Tanh or not isinstance(
        policy.features_extractor, FlattenExtractor
    ):
        raise TablesportsError("export_policy: only a flat-input MlpPolicy with tanh is exported")
    linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    arrays: dict[str, np.ndarray] = {
        "game": np.array(game_id),
        "actions": np.array(int(model.action_space.n)),
        "trained": np.array(trained),
    }
    for i, layer in enumerate([*linears, policy.action_net]):
        weight = layer.weight.detach().cpu().numpy().astype(np.float32)
        if quantize:
            scale = np.abs(weight).max(axis=1) / 127.0
            scale[scale == 0] = 1.0
            arrays[f"q{i}"] = np.round(weight / scale[:, None]).astype(np.int8)
            arrays[f"s{i}"] = scale.astype(np.float32)
        else:
            arrays[f"w{i}"] = weight
        arrays[f"b{i}"] = layer.bias.detach().cpu().numpy().astype(np.float32)
    path = Path(path)
    savez: Any = np.savez_compressed  # its stubs read **arrays as its allow_pickle flag
    with path.open("wb") as f:  # to this name exactly (savez would add .npz to a bare one)
        savez(f, **arrays)
    return path


def behaviour_cloning(
    model: Any, env: TablesportsEnv, teacher: str, decisions: int, seed: int, epochs: int = 4
) -> float:
    """Fit the policy to `teacher`'s choices in the learner's seat (against the env's
    opponent) over `decisions` decisions; returns the last epoch's mean log-likelihood."""
    import torch

    bot = make_agent(teacher, env.game, seed=seed)
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    obs, _ = env.reset(seed=seed)
    while len(actions) < decisions:
        move = bot.step(env.state)
        observations.append(obs["observation"].reshape(-1))
        masks.append(obs["action_mask"].astype(bool))
        actions.append(env.adapter.ids[move])
        obs, _, done, _, _ = env.step(actions[-1])
        if done:
            obs, _ = env.reset()
    policy = model.policy
    x = torch.as_tensor(np.stack(observations))
    m = torch.as_tensor(np.stack(masks))
    a = torch.as_tensor(actions)
    generator = torch.Generator().manual_seed(seed)
    mean = 0.0
    for _ in range(epochs):
        order = torch.randperm(len(a), generator=generator)
        total = 0.0
        for start in range(0, len(a), 256):
            batch = order[start : start + 256]
            _, log_prob, _ = policy.evaluate_actions(x[batch], a[batch], action_masks=m[batch])
            loss = -log_prob.mean()
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()
            total += -loss.item() * len(batch)
        mean = total / len(a)
    return mean


def _write_curve(result: TrainResult, out: Path) -> None:
    (out / "curve.json").write_text(json.dumps(asdict(result), indent=1), encoding="utf-8")


def _plot(result: TrainResult, path: Path) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
    steps = [p.steps for p in result.curve]
    for rival in result.curve[0].win_rate:
        ax.plot(steps, [p.win_rate[rival] for p in result.curve], marker="o", label=f"vs {rival}")
    ax.set_xlabel("training steps")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    title = f"MaskablePPO on {result.game}, trained against {result.opponent}"
    if result.imitated:
        title += f"\n(step 0: after copying {result.imitated})"
    ax.set_title(title)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return str(path)
