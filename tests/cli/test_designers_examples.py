"""Issue 47 deliver 2: the worked examples of docs/designers.md are what the program prints.
Each example (`scripts/designers_examples.py` finds them) is played at a small size: its command
must run, and its table must name the figures the page's table names, in its order, so that a
figure renamed, added or dropped fails here. Their values move with the rules: the script
rewrites them at full size (`--out docs/designers.md`)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from tablesports.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "designers_examples.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("designers_examples", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


SCRIPT_MODULE = load_script()
EXAMPLES = SCRIPT_MODULE.examples((ROOT / "docs" / "designers.md").read_text(encoding="utf-8"))


def test_the_page_has_a_worked_example_of_every_game() -> None:
    games = {e.game for e in EXAMPLES}
    assert games >= {"jukem", "hanniball", "bloodbowl", "juggerttg", "juggers"}, games


def test_a_printed_table_gives_its_figure_names_with_wrapped_lines_joined() -> None:
    text = (
        "│ goals in the two   │   400 │  4.803 │\n│ halves             │       │        │\n"
        "│ shots              │   400 │  7.473 │\n"
    )
    assert SCRIPT_MODULE.figures_of(text) == ["goals in the two halves", "shots"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.command for e in EXAMPLES])
def test_each_worked_example_runs_and_names_the_figures_its_table_shows(
    example: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the page's paths (docs/designers/...) are from the checkout's root
    runner = CliRunner()
    result = runner.invoke(app, [*example.words(games=2)[1:], "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    figures = [f["figure"] for f in json.loads(result.stdout)["figures"]]
    shown = SCRIPT_MODULE.figures_of(example.text)
    assert shown, f"no table under {example.command}"
    assert figures == shown, (
        f"{example.command}: the program's figures differ from the page's; run "
        "`python scripts/designers_examples.py --out docs/designers.md` and read the prose again"
    )
