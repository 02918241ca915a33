"""The short phrases a seated player may send to the table: a fixed set, sent by id.

No free text crosses the table: a seat sends `{"type": "say", "phrase": "good_game"}` and every
connection to the match (the other seat, spectators, the sender's own pages) gets
`{"type": "said", "seat": 0, "phrase": "good_game"}`, which each page shows in its own reader's
language. A connection may say `BURST` phrases at once and one every `EVERY` seconds after that.
Phrases are not stored: they go to the connections of this server process.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tablesports.web.i18n import gettext_for
from tablesports.web.limits import TokenBucket
from tablesports.web.table import Refused

if TYPE_CHECKING:
    from tablesports.web.hub import Connection, Hub
    from tablesports.web.matches import Match

PHRASES = ("hello", "good_luck", "good_game", "well_played", "thanks", "oops")
"""The ids; each page shows them in its own language (`static/phrases_said.js`)."""
EVERY, BURST = 5.0, 3


async def say(hub: Hub, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
    _ = gettext_for(conn.lang)
    if conn.seat is None:
        raise Refused(_("you are watching this match: only a seat's player can do that"))
    if match.hot_seat:
        raise Refused(_("both seats are at this screen: there is nobody to tell"))
    phrase = msg.get("phrase")
    if phrase not in PHRASES:
        raise Refused(
            _("no phrase {phrase!r}; the phrases are: {phrases}").format(
                phrase=str(phrase)[:40], phrases=", ".join(PHRASES)
            )
        )
    bucket = conn.extra.get("phrases")
    if bucket is None:
        bucket = conn.extra["phrases"] = TokenBucket(1 / EVERY, BURST)
    wait = bucket.wait_for(1)
    if wait:
        raise Refused(
            _("too many phrases: at most {burst} at once and one every {every} seconds").format(
                burst=BURST, every=int(EVERY)
            )
        )
    bucket.take(1)
    payload = json.dumps(
        {"type": "said", "match": match.id, "seat": conn.seat, "phrase": phrase}
    ).encode()
    for other in list(hub.connections.get(match.id, ())):
        try:
            await other.send(payload)
        except Exception:  # a closed socket: its handler detaches it
            continue
