"""`tablesports train GAME`: MaskablePPO against a bot, a learning curve, a saved policy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tablesports.cli.bars import StageBars
from tablesports.cli.common import OPTION_HELP, console, guarded, needs_extra, parse_options
from tablesports.core.errors import OptionError
from tablesports.core.registry import heuristic_bot

if TYPE_CHECKING:
    from tablesports.envs.train import CurvePoint


METHODS = ("ppo", "value")


@guarded
def train_command(
    game: str = typer.Argument(..., help="The game to learn."),
    method: str = typer.Option(
        "ppo",
        "--method",
        help="ppo: MaskablePPO against a bot; value: a value network learned by playing "
        "(rounds of play, fit, judge; docs/rl.md).",
    ),
    opponent: str = typer.Option(
        None,
        "--opponent",
        help="ppo: the bot it trains against (default random); value: the bot each round is "
        "judged against (default the game's heuristic).",
    ),
    steps: int = typer.Option(100_000, "--steps", help="PPO training steps (learner moves)."),
    out: str = typer.Option(
        "runs/GAME", "--out", help="Folder for the policy (ppo) or value.npz (value) and the curve."
    ),
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
    rounds: int = typer.Option(3, "--rounds", help="value: rounds of play, fit and judge."),
    games: int = typer.Option(2000, "--games", help="value: games played a round."),
    base: str = typer.Option(
        None,
        "--base",
        help="value: a bot whose evaluation (score) the network corrects: the game's "
        "heuristic (hanniball-greedy, juggerttg-greedy, bloodbowl-scripted, jukem-greedy, "
        "juggers-aim).",
    ),
    weight: float = typer.Option(
        5.0, "--weight", help="value: the network's weight beside --base."
    ),
    prior: str = typer.Option(
        None,
        "--prior",
        help="value: a bot whose step the agent plays unless another rates --margin better "
        "(the game's heuristic, where its play is scripted rather than its score's best).",
    ),
    margin: float = typer.Option(
        0.0, "--margin", help="value: with --prior, the network's value another step needs."
    ),
    jobs: int = typer.Option(2, "--jobs", "-j", help="value: processes that play."),
) -> None:
    """Train a bot: a PPO policy (`ppo:path=OUT/policy.zip`) or a value network (`value:...`).

    Needs the train extra (torch; sb3-contrib for ppo: see docs/rl.md). ppo: every
    --eval-every steps the policy plays --eval-games games against random and the game's
    heuristic bot. value: rounds of play, fit and judge (--rounds, --games, --base), each
    judged over --eval-games games against the heuristic. The win rates go to OUT/curve.json
    and OUT/curve.png.
    """
    if method not in METHODS:
        raise OptionError(f"--method {method!r}: choose one of {', '.join(METHODS)}")
    if method == "value":
        train_value_command(
            game,
            opponent,
            out,
            eval_games,
            seed,
            option,
            rounds,
            games,
            base,
            weight,
            jobs,
            prior,
            margin,
        )
        return
    needs_extra("train", "tablesports train", "numpy", "gymnasium", "torch", "sb3_contrib")
    from tablesports.envs.train import train  # the train extra: imported only here

    if steps < 1 or eval_every < 1 or eval_games < 1:
        raise OptionError("--steps, --eval-every and --eval-games must be at least 1")
    folder = out.replace("GAME", game)
    show = console()
    bars = StageBars(console(stderr=True))  # on a terminal only, so stdout stays the curve

    def point(p: CurvePoint) -> None:
        rates = "  ".join(f"vs {rival}: {rate:.0%}" for rival, rate in p.win_rate.items())
        show.print(f"{p.steps:>9,} steps  {p.seconds:>7.0f} s  {rates}")

    result = train(
        game,
        opponent=opponent or "random",
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
        on_steps=lambda done, total: bars.update("PPO", done, total, "steps"),
    )
    bars.stop()
    show.print(f"policy: {result.policy}  (agent spec: ppo:path={result.policy})")
    if result.plot:
        show.print(f"learning curve: {result.plot}")


def train_value_command(
    game: str,
    opponent: str | None,
    out: str,
    eval_games: int,
    seed: int,
    option: list[str] | None,
    rounds: int,
    games: int,
    base: str | None,
    weight: float,
    jobs: int,
    prior: str | None = None,
    margin: float = 0.0,
) -> None:
    """`--method value`: rounds of play, fit and judge (envs/value_train.py)."""
    needs_extra("train", "tablesports train --method value", "numpy", "torch")
    from tablesports.envs.value_train import RoundPoint, train_value

    for name, value in (
        ("--rounds", rounds),
        ("--games", games),
        ("--eval-games", eval_games),
        ("--jobs", jobs),
    ):
        if value < 1:
            raise OptionError(f"{name} must be at least 1 (got {value})")
    show = console()

    def point(p: RoundPoint) -> None:
        low, high = p.interval
        show.print(
            f"round {p.round}: {p.positions:>9,} positions  loss {p.loss:.3f}  "
            f"against {result_rival}: {p.wins}-{p.draws}-{p.games - p.wins - p.draws} "
            f"({p.win_rate:.0%} [{low:.0%}, {high:.0%}])  {p.seconds:,.0f} s  "
            f"{p.cpu_seconds / 3600:.2f} CPU-h"
        )

    result_rival = opponent or heuristic_bot(game)
    bars = StageBars(console(stderr=True))  # on a terminal only, so stdout stays the curve
    result = train_value(
        game,
        out=out.replace("GAME", game),
        rounds=rounds,
        games=games,
        eval_games=eval_games,
        jobs=jobs,
        seed=seed,
        opponent=opponent,
        base=base,
        weight=weight,
        prior=prior,
        margin=margin,
        options=parse_options(option),
        on_point=point,
        on_progress=bars.update,
    )
    bars.stop()
    spec = f"value:path={result.network}"
    if base:
        spec += f",base={base},weight={weight}"
    if prior:
        spec += f",prior={prior},margin={margin}"
    show.print(f"network: {result.network}  (agent spec: {spec})")
    if result.plot:
        show.print(f"learning curve: {result.plot}")
