"""Running the CLI in the tests."""

from __future__ import annotations

from typer.testing import CliRunner, Result

from tablesports.cli.app import app


def run(runner: CliRunner, *args: str, input: str | None = None) -> Result:
    """Invoke `tablesports ARGS` and return the result (stdout and stderr apart)."""
    return runner.invoke(app, list(args), input=input)


def assert_clean_error(result: Result, *fragments: str) -> None:
    """Exit code 2, one red error naming what was wrong, and no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error:" in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, f"{fragment!r} not in {result.stderr!r}"
