"""In-game `rules`: the pager shows colour, never raw `ESC[` codes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from tablesports.cli.pager import page, pager_settings


def test_less_is_given_minus_r_so_that_it_shows_colour_not_esc_codes() -> None:
    assert pager_settings({}) == (True, {"LESS": "-R"})
    assert pager_settings({"LESS": "-FX"}) == (True, {"LESS": "-FX -R"})
    assert pager_settings({"LESS": "-FRX"}) == (True, {})
    assert pager_settings({"PAGER": "less -r"}) == (True, {})


def test_another_pager_gets_the_page_without_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a pager that is not less may not read the codes: it is given plain text. The page goes
    # to the pager through pydoc, which pages only on a terminal: its pager is the one asked
    caught = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"cat > {caught}")
    monkeypatch.setattr("pydoc.pager", lambda text: caught.write_text(text))
    out = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    page(out, "[bold]rules[/bold] of the game")
    assert caught.read_text().strip() == "rules of the game"
    assert "\x1b[" not in caught.read_text()


def test_in_game_rules_page_through_less_with_minus_r(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablesports.cli.session import PlaySession
    from tablesports.core.registry import load

    for name in ("PAGER", "MANPAGER", "LESS"):
        monkeypatch.delenv(name, raising=False)
    seen: list[tuple[str | None, bool]] = []

    def pager(text: str) -> None:
        import os

        seen.append((os.environ.get("LESS"), "\x1b[" in text))

    monkeypatch.setattr("pydoc.pager", pager)
    out = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=100)
    session = PlaySession(load("nim").new_initial_state(), [None, None], 1, out, lambda _: "")
    session.run_command("rules", "", 0)
    assert seen == [("-R", True)]  # styled, and less told to show the styles
