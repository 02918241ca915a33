"""The worked examples of docs/designers.md, run again: each ```sh block holding one
`tablesports compare ...` command followed by a ```text block (what it printed) is one example.

    python scripts/designers_examples.py                    # run each, say which ones moved
    python scripts/designers_examples.py --out docs/designers.md   # and write their new output
    python scripts/designers_examples.py --games 6          # every example at 6 games (a check)
    python scripts/designers_examples.py --only jukem       # the examples of one game

The tables are printed 110 columns wide, as the page says. A rule change that moves an
example's figures shows here as a changed table; a figure renamed, added or dropped shows in
`tests/cli/test_designers_examples.py`, which CI runs at a small size. The prose under each
example is the author's reading of its table: read it again after a rewrite. Nothing is written
into the repository unless told (--out)."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "designers.md"
WIDTH = "110"
BLOCK = re.compile(
    r"```sh\n(?P<command>[^\n]*tablesports compare [^\n]*)\n```\n\n```text\n(?P<text>.*?)```\n",
    re.S,
)


@dataclass(frozen=True)
class Example:
    command: str  # as the page prints it
    text: str  # what the page says it printed
    start: int  # the text's span in the page
    end: int

    @property
    def game(self) -> str:
        words = self.words()
        return words[words.index("compare") + 1]

    def words(self, games: int | None = None) -> list[str]:
        """The command's words without `nice`; with `games`, its --games replaced."""
        words = shlex.split(self.command)
        words = words[words.index("tablesports") :]
        if games is not None:
            at = words.index("--games")
            words[at + 1] = str(games)
        return words


def examples(page: str) -> list[Example]:
    return [
        Example(m["command"], m["text"], m.start("text"), m.end("text"))
        for m in BLOCK.finditer(page)
    ]


def run(example: Example, games: int | None = None, *extra: str) -> str:
    """The example's output as a terminal 110 columns wide shows it (the table, then the lines
    under it), from the checkout's program."""
    words = example.words(games)
    env = {**os.environ, "COLUMNS": WIDTH, "PYTHONPATH": str(ROOT / "src"), "NO_COLOR": "1"}
    env.pop("TERM", None)
    done = subprocess.run(
        [sys.executable, "-m", "tablesports", *words[1:], *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=7200,
    )
    if done.returncode != 0:
        raise SystemExit(f"{example.command} failed:\n{done.stderr[-2000:]}")
    return done.stdout + done.stderr


def figures_of(text: str) -> list[str]:
    """The figure names of a printed table: its first column, wrapped lines joined."""
    names: list[str] = []
    for line in text.splitlines():
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[1]:  # a row's first line has its games
            names.append(cells[0])
        elif names:
            names[-1] = f"{names[-1]} {cells[0]}".strip()
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="Write the page with the new outputs here.")
    parser.add_argument("--games", type=int, help="Play each example at this many games.")
    parser.add_argument("--only", help="Only the examples of this game.")
    args = parser.parse_args()
    page = DOC.read_text(encoding="utf-8")
    found = [e for e in examples(page) if args.only in (None, e.game)]
    if not found:
        raise SystemExit(f"no worked example of {args.only!r} in {DOC}")
    new = page
    for example in reversed(found):  # from the end, so that earlier spans stay where they are
        print(f"{example.command} ...", flush=True)
        text = run(example, args.games)
        moved = "the same" if text == example.text else "changed"
        same_figures = figures_of(text) == figures_of(example.text)
        print(f"  {moved}; figures {'the same' if same_figures else 'renamed, added or dropped'}")
        new = new[: example.start] + text + new[example.end :]
    if args.out is not None:
        if args.games is not None:
            raise SystemExit("--out writes the examples as the page gives them: drop --games")
        args.out.write_text(new, encoding="utf-8")
        print(f"written to {args.out}; read each example's prose again")


if __name__ == "__main__":
    main()
