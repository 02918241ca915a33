"""Every command line of README.md and docs/ runs, at a small size, in a scratch folder: a doc
that drifts from the program fails here, naming the doc, the line and the command.

What counts as a command, the substitutions that make each small and the commands that are not
run (with the reason) are in tests/cli/docs_commands.py. `tablesports` commands run in this
process (one interpreter's start-up, not ninety); scripts and `serve` in their own.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.cli.app import app
from tablesports.core import registry
from tests.cli import docs_commands as dc
from tests.web.server import free_port

COMMANDS = dc.all_commands()
BY_DOC = {doc: [c for c in COMMANDS if c.doc == doc] for doc in {c.doc for c in COMMANDS}}


def _plan(command: dc.DocCommand) -> dc.Plan:
    earlier = BY_DOC[command.doc]
    return dc.plan(command, earlier[: earlier.index(command)])


def _key(plan: dc.Plan) -> tuple[object, ...]:
    """What a run is: two doc lines alike at CI size but for the port of `serve` or the file
    they write (`--out`, and the folder made for it) run once."""
    after = ["", *plan.argv]
    argv = [w if after[i] not in ("--port", "--out") else "?" for i, w in enumerate(plan.argv)]
    before = [_key(_plan(b)) if b.text[:5] != "mkdir" else "mkdir" for b in plan.before]
    return (plan.how, tuple(argv), plan.input, tuple(before))


def _runs() -> list[list[dc.DocCommand]]:
    """The commands to run, those alike at CI size together (`_key`); those only run first by
    a later one, which reads what they write (`simulate --out games.jsonl` before `replay
    games.jsonl`), are run there."""
    groups: dict[tuple[object, ...], list[dc.DocCommand]] = {}
    before: list[dc.DocCommand] = []
    for command in COMMANDS:
        try:
            plan = _plan(command)
        except dc.Unlisted:
            continue  # failed by test_every_doc_command_is_run_or_listed_with_a_reason
        if plan.how != "not run":
            groups.setdefault(_key(plan), []).append(command)
            before += plan.before
    return [group for group in groups.values() if not all(c in before for c in group)]


RUNS = _runs()
RUNNABLE = [group[0] for group in RUNS]


def _id(command: dc.DocCommand) -> str:
    return f"{command.doc}:{command.line}"


@contextmanager
def time_limit(seconds: int, where: str) -> Iterator[None]:
    """Fail a command run in this process after `seconds` (SIGALRM; the main thread)."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"{where}\n  took more than {seconds} s at its CI size")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder of a checkout, as far as the docs' commands read it (`FILES`), and
    only the packaged games registered (the tests' own would join `bench` and `bench --env`)."""
    for game_id in set(registry.game_ids()) - set(registry.packaged_game_ids()):
        monkeypatch.delitem(registry._extra, game_id)
    for name, source in dc.FILES.items():
        target, origin = tmp_path / name, dc.ROOT / source
        target.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_dir():
            shutil.copytree(origin, target)
        else:
            shutil.copyfile(origin, target)
    for folder in dc.SCRIPT_FOLDERS:
        (tmp_path / folder).symlink_to(dc.ROOT / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _failure(command: dc.DocCommand, how: str, code: object, output: str) -> str:
    return f"{command.where()}\n  run as: {how}\n  exit: {code}\n{output[-3000:]}"


def run_cli(command: dc.DocCommand, plan: dc.Plan) -> None:
    runner = CliRunner(env={"COLUMNS": "120"})
    how = "tablesports " + shlex.join(plan.argv)
    with time_limit(dc.TIMEOUT, command.where()):
        result = runner.invoke(app, plan.argv, input=plan.input)
    output = result.stdout + result.stderr
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    if crashed:
        import traceback

        output += "".join(traceback.format_exception(result.exception))
    assert result.exit_code == 0 and not crashed, _failure(command, how, result.exit_code, output)
    assert "Traceback" not in output, _failure(command, how, result.exit_code, output)
    if plan.argv[0] == "play":  # the game was begun and left through the input pipe
        assert "you left the game" in result.stdout, _failure(command, how, 0, output)


def _environment() -> dict[str, str]:
    path = os.pathsep.join([str(dc.ROOT / "src"), str(dc.ROOT)])
    return {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1"}


def run_script(command: dc.DocCommand, plan: dc.Plan, scratch: Path) -> None:
    argv = [sys.executable, *plan.argv]
    how = "python " + shlex.join(plan.argv)
    try:
        done = subprocess.run(
            argv, cwd=scratch, env=_environment(), capture_output=True, text=True,
            timeout=dc.TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(_failure(command, how, "timeout", str(exc.stdout))) from None
    output = done.stdout + done.stderr
    assert done.returncode == 0, _failure(command, how, done.returncode, output)
    assert "Traceback" not in output, _failure(command, how, done.returncode, output)


def serve_argv(plan: dc.Plan, scratch: Path, port: int) -> list[str]:
    """`serve` on a free port over a SQLite file of the scratch folder (SERVE_SUBSTITUTIONS)."""
    argv = list(plan.argv)
    for option, value in (
        ("--port", str(port)),
        ("--database", f"sqlite:///{scratch / 'site.db'}"),
        ("--secret-file", str(scratch / "secret")),
        ("--upload-dir", str(scratch / "uploads")),
    ):
        if option in argv:
            argv[argv.index(option) + 1] = value
        else:
            argv += [option, value]
    return [*argv, "--no-warm-up"]


def run_serve(command: dc.DocCommand, plan: dc.Plan, scratch: Path) -> None:
    """Start it, ask /healthz, stop it (SIGTERM): it answers and stops without a traceback."""
    port = free_port()
    argv = serve_argv(plan, scratch, port)
    how = "tablesports " + shlex.join(argv)
    log = scratch / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tablesports", *argv], cwd=scratch, env=_environment(),
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    health: dict[str, object] = {}
    try:
        deadline = time.monotonic() + dc.TIMEOUT
        while time.monotonic() < deadline and proc.poll() is None and not health:
            try:
                url = f"http://127.0.0.1:{port}/healthz"
                with urllib.request.urlopen(url, timeout=2) as answer:
                    health = json.loads(answer.read())
            except OSError:
                time.sleep(0.2)
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    output = log.read_text(errors="replace")
    assert health.get("status") == "ok", _failure(command, how, proc.returncode, output)
    assert "Traceback" not in output, _failure(command, how, proc.returncode, output)


def run_plan(command: dc.DocCommand, plan: dc.Plan, scratch: Path) -> None:
    for producer in plan.before:  # the earlier command that writes what this one reads
        run_plan(producer, _plan(producer), scratch)
    if plan.how == "mkdir":
        for folder in plan.argv:
            (scratch / folder).mkdir(parents=True, exist_ok=True)
    elif plan.how == "cli":
        run_cli(command, plan)
    elif plan.how == "script":
        run_script(command, plan, scratch)
    else:
        assert plan.how == "serve", plan
        run_serve(command, plan, scratch)


@pytest.mark.parametrize("group", RUNS, ids=lambda group: _id(group[0]))
def test_a_doc_command_runs_at_its_ci_size(group: list[dc.DocCommand], scratch: Path) -> None:
    try:
        run_plan(group[0], _plan(group[0]), scratch)
    except AssertionError as failed:
        also = "".join(f"\n  the same at CI size: {c.where()}" for c in group[1:])
        raise AssertionError(f"{failed}{also}") from None


def test_every_doc_command_is_run_or_listed_with_a_reason() -> None:
    unlisted = []
    for command in COMMANDS:
        try:
            plan = _plan(command)
        except dc.Unlisted as exc:
            unlisted.append(str(exc))
            continue
        assert plan.how != "not run" or plan.reason, command.where()
    assert not unlisted, "\n".join(unlisted)
    assert sum(map(len, RUNS)) > 60  # the extraction still finds the docs' commands


def test_every_reason_not_to_run_still_names_a_doc_command() -> None:
    """A row of NOT_RUN or ALIASES that no doc line uses any more is taken out."""
    texts = [dc._expand(c) for c in COMMANDS]
    for pattern, _ in dc.NOT_RUN:
        assert any(dc.re.match(pattern, text) for text in texts), pattern
    for alias in dc.ALIASES:
        assert alias in texts, alias


EXTRA_COMMANDS = [c for c in RUNNABLE if _plan(c).how == "cli" and dc.extra_of(_plan(c))]


@pytest.mark.parametrize("command", EXTRA_COMMANDS, ids=_id)
def test_a_doc_command_without_its_extra_says_which_in_one_line(
    command: dc.DocCommand, scratch: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As if the extra were not installed (its module hidden): exit 2 and one line naming it,
    before any work (the scratch folder stays without records)."""
    plan = _plan(command)
    extra = dc.extra_of(plan)
    assert extra is not None
    monkeypatch.setitem(sys.modules, extra[1], None)
    result = CliRunner().invoke(app, plan.argv, input=plan.input)
    lines = [line for line in result.stderr.splitlines() if "error" in line or "extra" in line]
    where = f"{command.where()}\n  without {extra[1]}: exit {result.exit_code}\n{result.output}"
    assert result.exit_code == 2, where
    assert len(lines) == 1 and lines[0].startswith("error: "), where  # one line, no traceback
    assert f"tablesports[{extra[0]}]" in lines[0] and "Traceback" not in result.output, where
    assert not list(scratch.glob("*.jsonl")), where


SAMPLE = """\
# A doc

```sh
tablesports simulate jukem --agents random random \\
    --games 5   # a comment
N='ismcts:iterations=9'
tablesports arena jukem --agents random "$N"
python - <<'EOF'
print("here")
EOF
```

```
  a  b  c      a board, not a command
$ tablesports games
```

```console
$ tablesports rules jukem
output, not a command
```

```python
import tablesports
```

Indented:

    frobnicate --all
    .venv/bin/tablesports teams
"""


def test_the_command_lines_are_read_from_shell_blocks_prompts_and_known_programs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dc, "ROOT", tmp_path)
    doc = tmp_path / "doc.md"
    doc.write_text(SAMPLE, encoding="utf-8")
    found = dc.commands_in(doc)
    assert [(c.line, c.text.split("\n")[0]) for c in found] == [
        (4, "tablesports simulate jukem --agents random random --games 5"),
        (7, 'tablesports arena jukem --agents random "$N"'),
        (8, "python - <<'EOF'"),
        (15, "tablesports games"),
        (19, "tablesports rules jukem"),
        (30, ".venv/bin/tablesports teams"),
    ]
    assert found[2].text.endswith('print("here")\nEOF')
    arena = dc.plan(found[1], found[:1])
    assert arena.argv[:4] == ["arena", "jukem", "--agents", "random"]
    assert arena.argv[4] == "ismcts:iterations=1,rollout_steps=2"  # $N, at its CI budget
    assert dc.plan(found[0], []).argv[5:7] == ["--games", "1"]


def test_a_new_command_line_that_is_neither_run_nor_listed_fails_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dc, "ROOT", tmp_path)
    doc = tmp_path / "doc.md"
    doc.write_text("text\n\n```sh\ntablesports games\nsudo reboot\n```\n", encoding="utf-8")
    games, reboot = dc.commands_in(doc)
    assert dc.plan(games, []).how == "cli"
    with pytest.raises(dc.Unlisted, match=r"doc\.md:5: sudo reboot\n.*add it to NOT_RUN"):
        dc.plan(reboot, [games])
