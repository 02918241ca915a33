"""A tournament as a picture: the win-rate matrix and the ratings (matplotlib, PNG)."""

from __future__ import annotations

from pathlib import Path

from tablesports.arena.tournament import TournamentError, TournamentResult


def plot_tournament(result: TournamentResult, path: str | Path) -> Path:
    """Draw the win-rate matrix (with 95% intervals) beside the ratings; write `path`."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise TournamentError("--plot needs matplotlib: pip install 'tablesports[arena]'") from None
    agents = [wrap(a) for a in result.agents]
    n = len(agents)
    rates = [[float("nan")] * n for _ in range(n)]
    labels = [[""] * n for _ in range(n)]
    for (i, j), tally in result.pairs.items():
        low, high = tally.win_interval
        rates[i][j] = tally.win_rate
        labels[i][j] = f"{tally.win_rate:.0%}\n[{low:.0%}, {high:.0%}]"
    size = max(4.0, 1.3 * n + 2)
    fig, (left, right) = plt.subplots(1, 2, figsize=(2 * size, size), constrained_layout=True)
    image = left.imshow(rates, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    left.set_xticks(range(n), agents, fontsize=8)
    left.set_yticks(range(n), agents, fontsize=8)
    left.set_xlabel("opponent")
    left.set_ylabel("agent")
    left.set_title("win rate of the row agent, 95% interval")
    for i in range(n):
        for j in range(n):
            if labels[i][j]:
                left.text(j, i, labels[i][j], ha="center", va="center", fontsize=8)
    fig.colorbar(image, ax=left, shrink=0.8)
    ratings = list(reversed(result.ratings))  # best at the top
    y = range(len(ratings))
    right.errorbar(
        [r.mu for r in ratings],
        list(y),
        xerr=[3 * r.sigma for r in ratings],
        fmt="o",
        color="tab:blue",
        capsize=4,
        label="mu ± 3 sigma",
    )
    right.scatter(
        [r.ordinal for r in ratings], list(y), color="black", marker="|", s=200, label="ordinal"
    )
    right.set_yticks(list(y), [wrap(r.agent) for r in ratings], fontsize=8)
    right.set_xlabel("openskill rating (ordinal = mu - 3 sigma)")
    right.set_title("ratings")
    right.legend(loc="best", fontsize=8)
    seat = result.seats[0]
    fig.suptitle(
        f"{result.game}: {len(result.records)} games; first seat wins {seat.win_rate:.0%}, "
        f"draws {seat.rate(seat.draws):.0%}"
    )
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def wrap(spec: str, width: int = 22) -> str:
    """An agent spec on several lines, broken after its commas, so long specs fit a label."""
    first, *rest = spec.split(",")
    lines = [first]
    for piece in rest:
        if len(lines[-1]) + 1 + len(piece) > width:
            lines[-1] += ","
            lines.append(piece)
        else:
            lines[-1] += "," + piece
    return "\n".join(lines)
