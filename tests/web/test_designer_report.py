"""The designer's report (`compare --report DIR`) opened in a real headless Chromium, as in
`test_browser.py`; its screenshot is kept in `test-artifacts/web/designer-report.png`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tablesports.cli.app import app

from .test_browser import ARTIFACTS, browser

__all__ = ["browser"]  # the fixture, shared with test_browser


def test_the_compare_report_shows_its_command_table_and_plot(browser: Any, tmp_path: Path) -> None:
    folder = tmp_path / "report"
    args = ["compare", "hanniball", "--a", "max_turns=200", "--b", "max_turns=60", "-n", "20"]
    result = CliRunner().invoke(app, [*args, "--report", str(folder)])
    assert result.exit_code == 0, result.output
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto((folder / "index.html").as_uri())
    assert "tablesports compare hanniball" in page.inner_text("pre")
    assert page.locator("tr.significant").count() >= 1  # the turn limit's figures
    width = page.evaluate("document.querySelector('img').naturalWidth")
    assert width > 300  # the PNG loaded
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "designer-report.png"), full_page=True)
    page.close()
