"""`tablesports train GAME`: MaskablePPO against a bot, a learning curve, a saved policy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tablesports.cli.common import OPTION_HELP, console, guarded, needs_extra, parse_options
from tablesports.core.errors import OptionError

if TYPE_CHECKING:
    from tablesports.envs.train import CurvePoint


@guarded
def train_command(
    game: str = typer.Argument(..., help="The game to learn."),
    opponent: str = typer.Option("random", "--opponent", help="The bot it trains against."),
    steps: int = typer.Option(100_000, "--steps", help="PPO training steps (learner moves)."),
    out: str = typer.Option("runs/GAME", "--out", help="Folder for policy.zip and the curve."),
    eval_every: int = typer.Option(25_000, "--eval-every", help="Steps between evaluations."),
    eval_games: int = typer.Option(20, "--eval-games", help="Games per evaluation and rival."),
    seed: int = typer.Option(0, "--seed"),
    shaping: float = typer.Option(
        1.0, "--shaping", help="Weight of the game's evaluation as a shaping reward (0: none)."
    ),
    imitate: str = typer.Option(
        None, "--imitate", help="A bot to copy first (behaviour cloning), e.g. hanniball-greedy."
    ),
    imitate_steps: int = typer.Option(20_000, "--imitate-steps", help="Its decisions to copy."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP + " (training)"),
) -> None:
    """Train a policy; it plays as the agent `ppo:path=OUT/policy.zip` in play/simulate/arena.

    Needs the train extra (sb3-contrib, torch: see docs/rl.md). Every --eval-every steps the
    policy plays --eval-games games against random and against the game's heuristic bot; the
    win rates go to OUT/curve.json and OUT/curve.png.
    """
    needs_extra("train", "tablesports train", "numpy", "gymnasium", "torch", "sb3_contrib")
    from tablesports.envs.train import train  # the train extra: imported only here

    if steps < 1 or eval_every < 1 or eval_games < 1:
        raise OptionError("--steps, --eval-every and --eval-games must be at least 1")
    folder = out.replace("GAME", game)
    show = console()

    def point(p: CurvePoint) -> None:
        rates = "  ".join(f"vs {rival}: {rate:.0%}" for rival, rate in p.win_rate.items())
        show.print(f"{p.steps:>9,} steps  {p.seconds:>7.0f} s  {rates}")

    result = train(
        game,
        opponent=opponent,
        steps=steps,
        out=folder,
        eval_every=eval_every,
        eval_games=eval_games,
        seed=seed,
        shaping=shaping,
        imitate=imitate,
        imitate_steps=imitate_steps,
        options=parse_options(option),
        on_point=point,
    )
    show.print(f"policy: {result.policy}  (agent spec: ppo:path={result.policy})")
    if result.plot:
        show.print(f"learning curve: {result.plot}")
