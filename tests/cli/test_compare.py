"""`tablesports compare` and `sweep`: the tables, CSV, JSON, the report, --resume after a kill,
and clear errors for bad input."""

from __future__ import annotations

import csv
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from tablesports.arena.report import figure_file
from tablesports.cli.sweep import number_line
from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run

SHORTER = ["compare", "hanniball", "--a", "max_turns=200", "--b", "max_turns=60"]


def test_compare_prints_every_figure_with_a_b_difference_and_interval(
    runner: CliRunner, tmp_path: Path
) -> None:
    table = tmp_path / "diff.csv"
    result = run(runner, *SHORTER, "-n", "12", "--json", "--csv", str(table))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["a"], data["b"], data["games"]) == ({"max_turns": "200"}, {"max_turns": "60"}, 12)
    figures = {f["figure"]: f for f in data["figures"]}
    assert list(figures)[:4] == [
        "wins of random #1",
        "wins of random #2",
        "draws",
        "first seat wins",
    ]
    turns = figures["turns"]
    assert turns["difference"] < 0 and turns["interval"][1] < 0 and turns["significant"]
    assert "B - A" in result.stderr and "95% interval" in result.stderr  # the table
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [r["figure"] for r in rows] == list(figures)


def test_until_significant_stops_when_the_figure_is_decided(runner: CliRunner) -> None:
    args = ["-n", "300", "--until-significant", "turns", "--check-every", "30", "--json"]
    result = run(runner, *SHORTER, *args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 30
    assert "turns decided after 30 games per variant" in result.stderr


def test_an_early_stop_shows_always_valid_intervals_and_warns_of_a_skewed_figure(
    runner: CliRunner,
) -> None:
    """Issue 47 finding 3: after an early stop the table's intervals are the sequential test's
    always-valid ones, said so, and a decision on skewed differences (most games end at the
    turn limit) comes with Cochran's rule's warning."""
    args = ["-n", "300", "--until-significant", "turns", "--check-every", "30", "--json"]
    result = run(runner, *SHORTER, *args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["intervals"] == "always-valid"
    turns = next(f for f in out["figures"] if f["figure"] == "turns")
    assert turns["significant"] and turns["p"] <= 0.05
    assert "always-valid" in result.stderr
    assert "warning: the differences of turns are skewed" in result.stderr
    fixed = run(runner, *SHORTER, "-n", "30", "--json")
    assert json.loads(fixed.stdout)["intervals"] == "fixed-n"
    fixed_turns = next(f for f in json.loads(fixed.stdout)["figures"] if f["figure"] == "turns")
    low, high = turns["interval"]
    assert high - low > fixed_turns["interval"][1] - fixed_turns["interval"][0]


def test_compare_writes_a_report_with_its_command_seeds_and_plot(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "report"
    result = run(runner, *SHORTER, "-n", "8", "--seed", "4", "--report", str(folder))
    assert result.exit_code == 0, result.output
    page = (folder / "index.html").read_text(encoding="utf-8")
    command = "tablesports compare hanniball --a max_turns=200 --b max_turns=60 --agents random"
    assert command in page
    assert "seed 4+i (4 to 11)" in page and "tablesports</b>" in page
    assert (folder / "differences.png").read_bytes().startswith(b"\x89PNG")


def test_sweep_prints_a_table_and_writes_a_csv_and_a_plot_a_figure(
    runner: CliRunner, tmp_path: Path
) -> None:
    table, plots = tmp_path / "sweep.csv", tmp_path / "plots"
    args = ["sweep", "hanniball", "--param", "max_turns=40,100", "-n", "6"]
    result = run(runner, *args, "--csv", str(table), "--plots", str(plots))
    assert result.exit_code == 0, result.output
    assert "over max turns" in result.stdout and re.search(r"┃\s+40\s+┃", result.stdout)
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert {r["variant"] for r in rows} == {"max_turns=40", "max_turns=100"}
    names = {r["figure"] for r in rows}
    # issue 47 finding 5: a plot a figure, named by it
    assert {p.name for p in plots.glob("*.png")} == {figure_file(n) for n in names}
    assert "piece-steps.png" in {p.name for p in plots.glob("*.png")}


def test_a_sweep_heads_its_columns_readably_and_its_report_gives_intervals(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue 47 finding 5: a grid's heads fold instead of being cut at 110 columns, the
    report's table gives each difference's interval, a sweep of one numeric option is plotted
    on a number line with the base a point of it."""
    report = tmp_path / "report"
    grid = ["--param", "max_turns=50,100,300", "--param", "repetition_draw=2,3"]
    result = run(runner, "sweep", "hanniball", *grid, "-n", "4", "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout  # rich's ellipsis: nothing cut
    assert "max_turns=300" in result.stdout and "repetition_draw=3" in result.stdout
    page = (report / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<td>[^<]*\(-?[+-][0-9.]+ \[[+-][0-9.e+-]*, [+-][0-9.e+-]*\]\*?\)</td>", page)
    assert "paired 95% interval" in page
    assert number_line([{"max_turns": "50"}, {"max_turns": "300"}], {"max_turns": 200}) == (
        "max_turns",
        [50.0, 300.0],
        200.0,
    )
    assert number_line([{"home": "orc"}], {"home": "human"}) is None
    assert number_line([{"a": "1", "b": "2"}], {}) is None


def test_a_compare_killed_in_the_middle_resumes_to_the_same_figures(
    runner: CliRunner, tmp_path: Path
) -> None:
    games, out = 300, tmp_path / "games.jsonl"
    args = ["compare", "jukem", "--b", f"deck={_small_deck(tmp_path)}", "-n", str(games)]
    command = [sys.executable, "-m", "tablesports", *args, "--out", str(out)]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= 20:
                break
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    with out.open("ab") as f:
        f.write(b'{"torn": ')  # a record cut in the middle
    resumed = run(runner, *args, "--out", str(out), "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    fresh = run(runner, *args, "--json")
    assert json.loads(resumed.stdout)["figures"] == json.loads(fresh.stdout)["figures"]
    records = list(read_records(out))
    assert len(records) == 2 * games


def _small_deck(folder: Path) -> Path:
    from tablesports.games import jukem

    text = (Path(jukem.__file__).parent / "data" / "deck.toml").read_text(encoding="utf-8")
    deck = folder / "deck.toml"
    deck.write_text(text.replace("hand_size = 5", "hand_size = 6"), encoding="utf-8")
    return deck


def test_bad_variant_options_are_clear_errors(runner: CliRunner) -> None:
    assert_clean_error(
        run(runner, "compare", "hanniball", "--b", "max_turns"), "--b takes KEY=VALUE"
    )
    assert_clean_error(run(runner, "compare", "hanniball", "--b", "turnz=3"), "variant B", "turnz")
    assert_clean_error(run(runner, "compare", "hanniball", "--jobs", "0"), "--jobs")
    assert_clean_error(run(runner, "compare", "hanniball", "--engine", "mpi"), "process, ray")
    assert_clean_error(run(runner, "compare", "hanniball", "--resume"), "--out FILE")
    bad = run(runner, *SHORTER, "-n", "20", "--until-significant", "goalz", "--check-every", "10")
    assert_clean_error(bad, "no figure 'goalz'", "turns")
    assert_clean_error(run(runner, "sweep", "hanniball", "--param", "max_turns"), "KEY=V1,V2")
