"""`simulate --csv FILE` and `--plot FILE`: one row a game, and a picture of the results.

The CSV has one row per game, in game order: its index and seed, the agent at each seat, the
result from seat 0's side, the returns, the length (every step, and the players' decisions),
and the final score where the game keeps one (Blood Bowl's touchdowns, Jukem's goals;
HanniBall ends at the first goal, so its score is 1-0, 0-1 or 0-0). The score needs the final
state, so the records are kept and replayed; the other columns come from the results alone.
Then one column per game figure (`arena.figures`: goals, shots, casualties...), empty where a
figure did not apply to that game.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from tablesports.arena.figures import figure_names
from tablesports.arena.simulate import GameResult
from tablesports.arena.stats import outcome_of
from tablesports.cli.common import CliError
from tablesports.core.protocol import Game
from tablesports.core.records import replay_final
from tablesports.core.versions import provenance

FIELDS = ["game", "index", "seed", "result", "returns", "steps", "decisions", "score"]


def result_text(returns: Sequence[float]) -> str:
    winners = [s for s in range(len(returns)) if outcome_of(list(returns), s) > 0]
    return f"seat {winners[0]} wins" if winners else "draw"


def score_text(game: Game, result: GameResult) -> str:
    if result.record is None:
        return ""
    data: dict[str, Any] = replay_final(result.record, game).to_json()
    score = data.get("score")
    if isinstance(score, list):
        return "-".join(str(goals) for goals in score)
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and "winner" in outcome:  # one goal wins (HanniBall)
        return {0: "1-0", 1: "0-1"}.get(outcome["winner"], "0-0")
    return ""


class ResultsFile:
    """The CSV of a simulation, written as the results come (in game order)."""

    def __init__(self, path: Path, game: Game, agents: Sequence[str]) -> None:
        self.game = game
        self.agents = list(agents)
        try:
            self.file: IO[str] = path.open("w", encoding="utf-8", newline="")
        except OSError as exc:
            raise CliError(f"cannot write {path}: {exc.strerror}") from None
        seats = [f"seat{n}" for n in range(game.info.players)]
        self.writer = csv.writer(self.file)
        self.figures = figure_names(game)
        self.facts = provenance(game)  # trailing columns: the program, game version and rules
        del self.facts["game"]  # already the first column
        self.writer.writerow([*FIELDS[:3], *seats, *FIELDS[3:], *self.figures, *self.facts])

    def add(self, result: GameResult) -> None:
        self.writer.writerow(
            [
                self.game.info.id,
                result.index,
                result.seed,
                *(self.agents[a] for a in result.seating),
                result_text(result.returns),
                " ".join(f"{r:+g}" for r in result.returns),
                result.steps,
                result.decisions,
                score_text(self.game, result),
                *(f"{result.figures[f]:g}" if f in result.figures else "" for f in self.figures),
                *self.facts.values(),
            ]
        )

    def close(self) -> None:
        self.file.close()


class Collected:
    """What `--plot` draws, gathered from the results."""

    def __init__(self, agents: Sequence[str]) -> None:
        self.agents = list(agents)
        self.outcomes = [[0, 0, 0] for _ in agents]
        """Per agent: wins, draws, losses."""
        self.lengths: list[int] = []

    def add(self, result: GameResult) -> None:
        for seat, agent in enumerate(result.seating):
            outcome = outcome_of(list(result.returns), seat)
            self.outcomes[agent][0 if outcome > 0 else 1 if outcome == 0 else 2] += 1
        self.lengths.append(result.decisions)


def plot_results(collected: Collected, title: str, path: Path) -> Path:
    """Wins, draws and losses per agent beside the spread of game lengths (PNG)."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise CliError("--plot needs matplotlib: pip install 'tablesports[arena]'") from None
    from tablesports.arena.plot import wrap

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5), constrained_layout=True)
    labels = [wrap(a) for a in collected.agents]
    bottom = [0] * len(labels)
    for column, (name, colour) in enumerate(
        (("wins", "tab:green"), ("draws", "tab:gray"), ("losses", "tab:red"))
    ):
        counts = [row[column] for row in collected.outcomes]
        left.barh(labels, counts, left=bottom, color=colour, label=name)
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    left.set_xlabel("games")
    left.set_title("results per agent")
    left.legend(loc="best", fontsize=8)
    right.hist(collected.lengths, bins=min(30, max(5, len(set(collected.lengths)))))
    right.set_xlabel("player decisions a game")
    right.set_ylabel("games")
    right.set_title("game length")
    fig.suptitle(title)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
