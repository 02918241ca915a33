"""The smallest tap target of each kind on a phone (390 x 844 CSS px, touch, Korean): the lobby
(each game's card chosen, its options shown) and each game's match page against a random bot,
advanced by its legal actions (one at least, so that the review's arrows are on) until the
board's targets are there (a playable Jukem card, the Juggers placement cells). Measured by
tests/web/taps.py, as test_phone.py measures them; issue 45 wants every one at 44 x 44 at
least (WCAG 2.5.5).

    python scripts/tap_sizes.py                          the code on PYTHONPATH (a server of it)
    python scripts/tap_sizes.py --src OTHER/src          a server run from another checkout
    python scripts/tap_sizes.py --json sizes.json        also the figures as JSON

Prints a markdown table: per kind of target and page, the smallest width x height in CSS px,
a "!" where under 44; and per page how many targets are under 44. Needs Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.server import Server  # noqa: E402
from tests.web.taps import BOARDS, MIN, targets  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
GAMES = ["bloodbowl", "hanniball", "juggerttg", "juggers", "jukem"]
WANT = {
    "bloodbowl": "#bbpitch .sq",
    "hanniball": "#hbgrid .sq",
    "juggerttg": "#jtboard g.jt-hex",
    "juggers": '#legal [data-action^="place "]',
    "jukem": "#jukemtable .card.playable",
}
"""What must be on the page before it is measured: the board's targets."""


def kind_of(target: dict[str, Any], page: str) -> str:
    """The row of the table a target counts in: taps.py's kind, made finer by the control."""
    name, kind = target["name"], target["kind"]
    if name.startswith("select#lang"):
        return "language select"
    if name.startswith("select#speed"):
        return "bot speed select"
    if name.startswith("button#resign"):
        return "Resign"
    if kind == "select":
        return "lobby selects" if page == "lobby" else "other selects"
    if kind.startswith("input checkbox"):
        return "checkboxes (their labels)"
    if kind == "button" and name.startswith("button[data-action"):
        return "board buttons"
    if kind.startswith("board "):
        return kind
    return kind if kind in ("review button", "move-list row", "game card") else f"other {kind}"


def wait(page: Any, expression: str, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while not page.evaluate(f"Boolean({expression})"):
        if time.monotonic() > end:
            raise RuntimeError(f"the page never had {expression}")
        time.sleep(0.05)


def lobby(context: Any, url: str) -> list[dict[str, Any]]:
    page = context.new_page()
    page.goto(url + "/")
    wait(page, "document.querySelector('.gamecard')")
    found = []
    for game in GAMES:
        page.click(f".gamecard[data-game='{game}']")
        wait(page, f"document.getElementById('game').value === '{game}'")
        found += targets(page, {})
    page.close()
    return found


def create(url: str, game: str) -> dict[str, Any]:
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
    request = urllib.request.Request(
        url + "/api/matches", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as res:
        made: dict[str, Any] = json.load(res)
        return made


def match(context: Any, url: str, game: str) -> list[dict[str, Any]]:
    made = create(url, game)
    page = context.new_page()
    page.goto(f"{url}/m/{made['id']}#{made['tokens']['0']}")
    mine = "document.body.dataset.mine === 'yes'"
    wait(page, "document.body.dataset.move !== undefined", 180)
    for step in range(40):  # the first legal action until the board's targets are there
        wait(page, mine, 180)
        if step and page.locator(WANT[game]).count():  # (one made: the review's arrows on)
            break
        move = page.evaluate("document.body.dataset.move")
        page.evaluate("document.querySelector('#legal [data-action]').click()")
        wait(page, f"document.body.dataset.move !== '{move}'", 60)
    else:
        raise RuntimeError(f"{game}: no {WANT[game]} after 40 actions")
    time.sleep(0.3)  # the board drawn after its view
    found = targets(page, BOARDS[game])
    page.close()
    return found


def table(figures: dict[str, list[dict[str, Any]]]) -> str:
    pages = list(figures)
    rows: dict[str, dict[str, tuple[float, float]]] = {}
    for where, found in figures.items():
        for t in found:
            row = rows.setdefault(kind_of(t, where), {})
            w, h = row.get(where, (t["w"], t["h"]))
            row[where] = (min(w, t["w"]), min(h, t["h"]))
    out = ["| target | " + " | ".join(pages) + " |", "|---" * (len(pages) + 1) + "|"]
    for kind in sorted(rows):
        cells = []
        for where in pages:
            size = rows[kind].get(where)
            mark = "!" if size and min(size) < MIN - 0.5 else ""
            cells.append(f"{size[0]:g}×{size[1]:g}{mark}" if size else "")
        out.append(f"| {kind} | " + " | ".join(cells) + " |")
    under = [
        str(sum(1 for t in found if min(t["w"], t["h"]) < MIN - 0.5)) for found in figures.values()
    ]
    out.append("| **targets under 44 px** | " + " | ".join(under) + " |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", help="run the server from this source folder (its PYTHONPATH)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if args.src:
        os.environ["PYTHONPATH"] = str(Path(args.src).resolve())
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{folder}/web.sqlite3"
        server = Server(database, args=("--bot-matches-per-client", "10"))
        server.start(Path(folder) / "server.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
                )
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                context.add_init_script("localStorage.setItem('tablesports.lang', 'ko')")
                context.add_init_script("localStorage.setItem('tablesports.speed', 'off')")
                figures = {"lobby": lobby(context, server.url)}
                for game in GAMES:
                    figures[game] = match(context, server.url, game)
                browser.close()
        finally:
            server.stop()
    print(table(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
