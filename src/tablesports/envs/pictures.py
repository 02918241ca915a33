"""The position as an image (`render_mode="rgb_array"`): an RGB uint8 array for every game.

A game that draws itself (`state.render_png(path)`, as `tablesports play --png` uses: Juggers
Fallout's table) is drawn that way; any other is its text picture as the player sees it
(`state.render(player)`, the board the terminal shows) set in a monospaced font. Matplotlib
(the `arena` extra) is imported only here, when a picture is asked for.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from tablesports.core.protocol import State


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
    return _text_picture(state.render(player))


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
