"""The position as an image (`render_mode="rgb_array"`): an RGB uint8 array for every game.

A game that draws itself (`state.render_png(path)`, as `tablesports play --png` uses: Juggers
Fallout's table) is drawn that way; HanniBall's board, Blood Bowl's pitch and Jugger TTG's
hex field are drawn here from the state's squares (`_hanniball`, `_bloodbowl`, `_juggerttg`:
only what every player sees); any other game (Jukem's cards) is its text picture as the player
sees it (`state.render(player)`, what the terminal shows) set in a monospaced font.
Matplotlib (in the `rl` and `openspiel` extras) is imported only here, when a picture is
asked for; `require_pictures()` lets an environment made with `render_mode="rgb_array"` say at
once which extra is missing, not at its first `render()`.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from tablesports.core.errors import MissingExtraError
from tablesports.core.protocol import State


def require_pictures() -> None:
    """Raise `MissingExtraError` (an ImportError naming the `rl` extra) without matplotlib."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise MissingExtraError('render_mode="rgb_array"', "matplotlib", "rl")


def picture(state: State, player: int | None = None) -> np.ndarray:
    """`state` as `player` sees it (everything when None): an (H, W, 3) uint8 array."""
    import matplotlib

    matplotlib.use("Agg")
    draw = getattr(state, "render_png", None)
    if draw is not None and state.game.info.information == "perfect":
        buffer = io.BytesIO()
        draw(buffer)
        buffer.seek(0)
        return _rgb(matplotlib.pyplot.imread(buffer, format="png"))
    if state.game.info.id == "hanniball":
        return _hanniball(state)
    if state.game.info.id == "bloodbowl":
        return _bloodbowl(state)
    if state.game.info.id == "juggerttg":
        return _juggerttg(state)
    return _text_picture(state.render(player))


def _hanniball(state: Any) -> np.ndarray:
    """The 9 x 15 board: goal areas shaded, goals at both ends, White's and Black's pieces as
    lettered discs, the ball in orange (a ring around the piece holding it)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    from tablesports.games.hanniball.board import (
        COLOR_OF,
        GOAL_AREA,
        GOAL_FILES,
        HEIGHT,
        LETTER_OF,
        WIDTH,
    )

    fig, ax = plt.subplots(figsize=(4.2, 6.6), dpi=80)
    for i in range(WIDTH * HEIGHT):
        row, col = divmod(i, WIDTH)
        if row in (0, HEIGHT - 1) and col not in GOAL_FILES:
            continue
        goal = row in (0, HEIGHT - 1)
        area = GOAL_AREA[0][i] or GOAL_AREA[1][i]
        colour = "#c8b273" if goal else "#8fbf7a" if area else "#5d9c4c"
        ax.add_patch(Rectangle((col, row), 1, 1, facecolor=colour, edgecolor="#2f4f2f", lw=0.6))
        code = state.board[i]
        if code:
            white = COLOR_OF[code] == 0
            ax.add_patch(
                Circle((col + 0.5, row + 0.5), 0.38, facecolor="white" if white else "#222")
            )
            ax.text(
                col + 0.5, row + 0.5, LETTER_OF[code].upper(), ha="center", va="center",
                fontsize=10, color="black" if white else "white", weight="bold",
            )  # fmt: skip
        if i == state.ball:
            if code:
                ring = Circle((col + 0.5, row + 0.5), 0.45, fill=False, ec="#ff8c00", lw=2.5)
                ax.add_patch(ring)
            else:
                ax.add_patch(Circle((col + 0.5, row + 0.5), 0.2, facecolor="#ff8c00"))
    ax.set_xlim(-0.2, WIDTH + 0.2)
    ax.set_ylim(-0.2, HEIGHT + 0.2)
    ax.set_aspect("equal")
    ax.set_xticks([c + 0.5 for c in range(WIDTH)], [chr(97 + c) for c in range(WIDTH)])
    ax.set_yticks([r + 0.5 for r in range(HEIGHT)], [str(r + 1) for r in range(HEIGHT)])
    ax.tick_params(length=0, labelsize=7)
    for side in ax.spines.values():
        side.set_visible(False)
    lines = state.render().splitlines()  # the status line is the one under the board
    ax.set_title(lines[HEIGHT + 2] if len(lines) > HEIGHT + 2 else "", fontsize=7, wrap=True)
    fig.canvas.draw()
    out = np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()  # type: ignore[attr-defined]
    plt.close(fig)
    return out


def _bloodbowl(state: Any) -> np.ndarray:
    """The 26 x 15 pitch: end zones, wide zones and the line of scrimmage; home players red and
    away blue by shirt number (prone: pale, stunned: crossed), the ball in orange."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    from tablesports.games.bloodbowl.pitch import HEIGHT, WIDE_ZONE_ROWS, WIDTH, coords
    from tablesports.games.bloodbowl.players import STANDING, STUNNED

    fig, ax = plt.subplots(figsize=(10.4, 6.6), dpi=80)
    for x in range(WIDTH):
        for y in range(HEIGHT):
            end_zone = x in (0, WIDTH - 1)
            wide = y < WIDE_ZONE_ROWS or y >= HEIGHT - WIDE_ZONE_ROWS
            colour = "#b5c96a" if end_zone else "#6fa85a" if wide else "#5d9c4c"
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour, edgecolor="#3f6f3a", lw=0.4))
    ax.plot([WIDTH / 2] * 2, [0, HEIGHT], color="white", lw=1.5)
    team_colour = ("#c62828", "#1565c0")
    for sq, pid in enumerate(state.pitch):
        if pid < 0:
            continue
        p = state.players[pid]
        x, y = coords(sq)
        alpha = 1.0 if p.stance == STANDING else 0.45
        ax.add_patch(
            Circle((x + 0.5, y + 0.5), 0.4, facecolor=team_colour[p.team], alpha=alpha, ec="k")
        )
        ax.text(x + 0.5, y + 0.5, str(p.number), ha="center", va="center", fontsize=8,
                color="white", weight="bold")  # fmt: skip
        if p.stance == STUNNED:
            ax.plot([x + 0.15, x + 0.85], [y + 0.15, y + 0.85], color="k", lw=1.5)
            ax.plot([x + 0.15, x + 0.85], [y + 0.85, y + 0.15], color="k", lw=1.5)
    if state.ball >= 0:
        x, y = coords(state.ball)
        ax.add_patch(Circle((x + 0.8, y + 0.8), 0.18, facecolor="#ff8c00", ec="k", lw=0.6))
    ax.set_xlim(-0.2, WIDTH + 0.2)
    ax.set_ylim(HEIGHT + 0.2, -0.2)  # y grows downwards, as in the text picture
    ax.set_aspect("equal")
    ax.set_xticks([x + 0.5 for x in range(WIDTH)], [str(x) for x in range(WIDTH)])
    ax.set_yticks([y + 0.5 for y in range(HEIGHT)], [str(y) for y in range(HEIGHT)])
    ax.tick_params(length=0, labelsize=7)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.set_title("\n".join(state.render().splitlines()[:2]), fontsize=8)
    fig.canvas.draw()
    out = np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()  # type: ignore[attr-defined]
    plt.close(fig)
    return out


def _juggerttg(state: Any) -> np.ndarray:
    """The hex field (pointy-top hexes in the board's doubled-width layout): start slots pale,
    the Mals ringed, hexes out of play grey; red's heroes (seats 1-8) and blue's by seat, a
    kneeling hero pale; the Jugg in orange (a ring around its carrier)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, RegularPolygon

    from tablesports.games.juggerttg.board import FIELD, HEXES, MAL, R, X

    fig, ax = plt.subplots(figsize=(11, 5.6), dpi=80)
    step = 3**0.5 / 2

    def centre(i: int) -> tuple[float, float]:
        return X[i] * step, -R[i] * 1.5

    out_of_play = set(state.game.out)
    for i in sorted(HEXES, key=lambda i: i in MAL):  # the Mals last, so their rims show
        colour = "#9e9e9e" if i in out_of_play else "#5d9c4c" if FIELD[i] else "#c8d8b0"
        edge, lw = ("#fdd835", 2.5) if i in MAL else ("#2f4f2f", 1.0)
        ax.add_patch(
            RegularPolygon(centre(i), 6, radius=1.0, facecolor=colour, edgecolor=edge, lw=lw)
        )
    team_colour = ("#c62828", "#1565c0")
    for h, x in enumerate(state.pos):
        if x < 0 or state.card[h] < 0:
            continue
        alpha = 0.45 if state.down[h] else 1.0
        ax.add_patch(Circle(centre(x), 0.7, facecolor=team_colour[h // 8], alpha=alpha, ec="k"))
        ax.text(*centre(x), str(h % 8 + 1), ha="center", va="center", fontsize=9,
                color="white", weight="bold")  # fmt: skip
    carrier = state.carrier
    if carrier >= 0 and state.pos[carrier] >= 0:
        ax.add_patch(Circle(centre(state.pos[carrier]), 0.85, fill=False, ec="#ff8c00", lw=2.5))
    elif state.jugg >= 0:
        ax.add_patch(Circle(centre(state.jugg), 0.3, facecolor="#ff8c00", ec="k"))
    xs = [centre(i)[0] for i in HEXES]
    ys = [centre(i)[1] for i in HEXES]
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - 1.2, max(ys) + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(
        f"Stone {state.stone + 1}, RDA {state.rda}, score red {state.score[0]} - "
        f"blue {state.score[1]}, phase {state.phase}",
        fontsize=9,
    )
    fig.canvas.draw()
    image = np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()  # type: ignore[attr-defined]
    plt.close(fig)
    return image


def _text_picture(text: str) -> np.ndarray:
    import matplotlib.pyplot as plt

    lines = text.splitlines() or [""]
    width = max(len(line) for line in lines)
    fig = plt.figure(figsize=(0.1 * width + 0.4, 0.2 * len(lines) + 0.4), dpi=80)
    fig.patch.set_facecolor("#f4f1e8")
    fig.text(0.02, 0.98, "\n".join(lines), family="monospace", fontsize=9, va="top")
    fig.canvas.draw()
    out = np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()  # type: ignore[attr-defined]
    plt.close(fig)
    return out


def _rgb(image: Any) -> np.ndarray:
    """A float or uint8 RGB(A) image as RGB uint8."""
    array = np.asarray(image)
    if array.dtype != np.uint8:
        array = (np.clip(array, 0.0, 1.0) * 255).round().astype(np.uint8)
    return np.ascontiguousarray(array[..., :3])
