"""docs/rl.md's "Vectorised environments" runs as written: each of its Python blocks is executed
(Gymnasium's make_vec, SuperSuit's vectorize_aec_env_v0 from the supersuit extra)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


def _blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Vectorised environments", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def _run(code: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "docs_rl_vector"}
    exec(compile(code, str(DOC), "exec"), namespace)
    return namespace


def test_the_section_has_the_gymnasium_and_the_supersuit_snippet() -> None:
    blocks = _blocks()
    assert len(blocks) == 2
    assert "gymnasium.make_vec" in blocks[0] and "supersuit.vectorize_aec_env_v0" in blocks[1]


def test_the_make_vec_snippet_runs_and_batches_each_envs_mask(
    capsys: pytest.CaptureFixture[str],
) -> None:
    done = _run(_blocks()[0])
    assert done["obs"]["action_mask"].shape == (4, 155)
    assert np.array_equal(done["info"]["action_mask"], done["obs"]["action_mask"])
    assert "[" in capsys.readouterr().out  # some game ended and its returns were printed


@pytest.mark.filterwarnings("ignore:agent_selector is deprecated")  # inside SuperSuit 3.11
def test_the_supersuit_snippet_runs_with_a_mask_per_env() -> None:
    done = _run(_blocks()[1])
    assert done["masks"].shape == (4, 155)
    assert len(done["passes"]) == 4
