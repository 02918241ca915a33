"""What goes to a seat: every byte is made here, by `seat_payload`, and nowhere else.

A payload is built only from `state.observation(seat)`, the text picture `render(seat)`, the
log as `state.action_seen_by(action, seat)` showed each step when it was made, and the legal
actions of the seat to move (only to that seat). The state itself, the other seats'
observations and `str(action)` of a hidden step never enter; nor does the match's secret seed
while the match is played: every viewer gets its commitment, and the seed itself once the
match has ended, when the record becomes the whole record (every step), so that anyone can
check each roll and card with `tablesports replay --verify`. Spectators see what
every seat sees alike: the fields equal in every seat's observation (also in states a seat
cannot tell from this one), and a step only when every seat saw it with the same text.

boardgame.io leaked secrets through its undo history, initial state, log and plugins; here the
redacted record and the errors come from this one function too, and the leak test
(tests/web/test_leaks.py) judges every payload each seat and a spectator get against the state.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, TERMINAL
from tablesports.core.records import REDACTED, SEAT_VIEW
from tablesports.web.action_words import said, said_list
from tablesports.web.boards import board_extras
from tablesports.web.endings import DRAWS, result
from tablesports.web.phrases import phrase_log

if TYPE_CHECKING:
    from tablesports.core.protocol import State
    from tablesports.web.matches import Match

SPECTATOR = None
"""The viewer of a connection without a seat."""


Kind = Literal["view", "error", "record", "review"]


@dataclass(frozen=True, slots=True)
class LogStep:
    """One applied action as each seat saw it: `seen[seat]` is its text, or None if hidden."""

    mover: int
    seen: tuple[str | None, ...]
    events: tuple[Event, ...]

    def seen_by(self, viewer: int | None) -> str | None:
        if viewer is not None:
            return self.seen[viewer]
        # a spectator knows what every seat knows: a step some seat did not see is hidden; one
        # every seat saw, some as its mover did and some face down (Jukem's SAVE), is the face
        # down text, with its events, which every seat read (they turn the cards up)
        if None in self.seen:
            return None
        others = {s for seat, s in enumerate(self.seen) if seat != self.mover}
        return others.pop() if len(others) == 1 else None


def record_payload(match: Match, viewer: int | None) -> bytes:
    """The record alone, as `tablesports replay` and `replay --verify` read it: the page's
    download (`GET /api/matches/{id}/record`)."""
    return _dump(_record(match, viewer)["record"])


def seat_payload(
    match: Match,
    viewer: int | None,
    kind: Kind = "view",
    *,
    log_from: int = 0,
    message: str | None = None,
) -> bytes:
    """The bytes sent to `viewer` (a seat, or None for a spectator).

    kind "view": the position as the viewer sees it, with the log from step `log_from`;
    "error": `message` (already made from what the viewer may know) and the move number;
    "record": the match's record with every step the viewer did not see written `(hidden)`.
    """
    state = match.state
    move = match.rows
    out: dict[str, Any] = {"type": kind, "match": match.id, "game": match.game.info.id}
    if kind == "error":
        out.update(message=message, move=move, viewer=viewer)
        return _dump(out)
    if kind == "record":
        out.update(_record(match, viewer))
        return _dump(out)
    to_move = state.current_player()
    over = match.over
    own_turn = viewer is not None and to_move == viewer and not over
    out.update(
        title=match.game.info.title,
        information=match.game.info.information,
        viewer=viewer,
        move=move,
        to_move=None if to_move in (CHANCE, TERMINAL) else to_move,
        seats=match.seat_summaries(),
        hot_seat=match.hot_seat,
        observation=_observation(match, viewer),
        picture=_picture(match, viewer),
        legal=[str(a) for a in state.legal_actions()] if own_turn else [],
        log_from=log_from,
        log=[_log_entry(i, step, viewer) for i, step in enumerate(match.steps) if i >= log_from],
        over=over,
        returns=match.returns(),
        result=result(match.returns(), match.ending, state),
        failure=match.failure,
        can_undo=viewer is not None and match.can_undo(viewer),
        undo_blocked=None if viewer is None else match.undo_blocked(viewer),
        undos_left=match.undos_left(),
        commitment=match.commitment,
        seed=match.secret if over else None,
        revealed=_revealed(match, state) if over else None,
        **_play(match),
    )
    phrase_log(match.game.info.id, out["log"])
    out["legal_said"] = said_list(out["legal"])  # each legal action's template and fields
    out["board"] = board_extras(state)
    return _dump(out)


def _play(match: Match) -> dict[str, Any]:
    """The match's offers and clock: the same for every viewer (nothing hidden in them)."""
    offers = match.offers
    return {
        "draws": match.game.info.id in DRAWS,
        "draw_offer": offers.draw_offer(match.rows),
        "rematch_by": sorted(offers.rematch_by),
        "rematch": offers.rematch,
        "clock": match.clock.to_json(time.time()) if match.clock is not None else None,
        "steps": len(match.steps),
    }


def review_payload(match: Match, viewer: int | None, step: int) -> bytes:
    """The position after the match's first `step` actions as `viewer` saw it then: its
    observation and text picture, made by the same redaction as a live view."""
    state = match.positions.state_at(match, step)
    to_move = state.current_player()
    out: dict[str, Any] = {
        "type": "review",
        "match": match.id,
        "game": match.game.info.id,
        "viewer": viewer,
        "step": step,
        "steps": len(match.steps),
        "epoch": match.epoch,
        "to_move": None if to_move in (CHANCE, TERMINAL) else to_move,
        "observation": _observation(match, viewer, state, step),
        "picture": _picture(match, viewer, state),
        "board": board_extras(state),
    }
    return _dump(out)


def _observation(
    match: Match, viewer: int | None, state: State | None = None, move: int | None = None
) -> dict[str, Any]:
    state = match.state if state is None else state
    if viewer is not None:
        return state.observation(viewer)
    # a field is public when every seat sees the same value, here and in the states that each
    # seat cannot tell from this one (so two equal hands of cards are not shown to spectators)
    seats = range(match.game.info.players)
    states = [state]
    if match.game.info.information == "imperfect":
        rng = random.Random(f"spectator/{match.rows if move is None else f'review/{move}'}")
        states += [state.resample_hidden(s, rng) for s in seats]
    views = [st.observation(seat) for st in states for seat in seats]
    first = views[0]
    return {k: v for k, v in first.items() if all(k in o and o[k] == v for o in views[1:])}


def _revealed(match: Match, state: State) -> list[dict[str, Any]] | None:
    """Once the match is over its record is whole and public (every step, the seed), so every
    viewer may see what each seat held at the end, as players turn their cards up: each seat's
    own observation, for the boards (Jukem shows the opponent's hand face up)."""
    if match.game.info.information != "imperfect":
        return None
    return [state.observation(seat) for seat in range(match.game.info.players)]


def _picture(match: Match, viewer: int | None, state: State | None = None) -> str | None:
    state = match.state if state is None else state
    if viewer is not None:
        return state.render(viewer)
    if match.game.info.information == "perfect":
        return state.render(None)
    return None


def _log_entry(index: int, step: LogStep, viewer: int | None) -> dict[str, Any]:
    seen = step.seen_by(viewer)
    entry: dict[str, Any] = {"i": index, "who": step.mover}
    if seen is None:
        entry["hidden"] = True
        return entry
    entry["action"] = seen
    entry["said"] = said(seen)
    entry["events"] = [e.to_json() for e in step.events]
    return entry


def _record(match: Match, viewer: int | None) -> dict[str, Any]:
    """The core `Record` format; a step the viewer did not see is written `?` (`REDACTED`), and the
    seed is left out (its commitment kept) until the match is over. Then the record is public
    and whole: every step and the seed, for `tablesports replay --verify`."""
    over = match.over
    history = []
    hidden = 0
    for step, (_, action) in zip(match.steps, match.actions, strict=True):
        seen = str(action) if over else step.seen_by(viewer)
        if seen is None:
            hidden += 1
        history.append([step.mover, REDACTED if seen is None else seen])
    return {
        "record": {
            "schema_version": 1,
            "game": match.game.info.id,
            "game_version": match.game.info.version,
            "options": _options(match),
            "players": match.player_names(),
            "seed": match.secret if over else None,
            "commitment": match.commitment,
            "chance": "by-move",
            "start": None,
            "history": history,
            # the game's own result (what a replay reaches); a resignation, an agreed draw or
            # a loss on time is in meta: the replay of the steps cannot reach it
            "returns": match.state.returns() if match.state.is_terminal() else None,
            "meta": {
                **_ending_meta(match),
                "match": match.id,
                "seen_by": "spectator" if viewer is None else f"seat {viewer}",
                "hidden_steps": hidden,
                # a seat's view with hidden steps is marked as `Record.for_seat` marks it, so
                # that `tablesports replay` lists it and `--verify` says what it cannot check
                **({SEAT_VIEW: viewer} if hidden and viewer is not None else {}),
                **({} if match.abandoned is None else {"abandoned_by": match.abandoned}),
            },
        }
    }


def _ending_meta(match: Match) -> dict[str, Any]:
    if match.ending is None:
        return {}
    return {"ending": match.ending.row(), "result": match.returns()}


def _options(match: Match) -> dict[str, Any]:
    """The game's options, with each uploaded data file as its content (as the match stores
    it), never the path of the server's copy: the record replays on any machine."""
    embedded = {k: v for k, v in match.row.options.items() if isinstance(v, dict)}
    return {**match.game.options_json(), **embedded}


def _dump(data: dict[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
