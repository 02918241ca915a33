"""Events: what happened, for the log, the CLI and the web page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened.

    `kind` is a short machine name ("roll", "goal", "turnover"), `text` is English for people,
    `data` is JSON-ready detail, and `rule` names the rule the event comes from. A dice roll
    says what was rolled, what was needed and how it was modified in `text` and `data`.

    Events are values: a game may hand out the same event again (Jukem makes its commonest
    ones once per game), so nothing changes an event, nor its `data`, once it is made.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def __init__(
        self, kind: str, text: str, data: dict[str, Any] | None = None, rule: str | None = None
    ) -> None:
        # frozen: the fields are set through their slots, as the generated __init__ would do
        # through object.__setattr__ (twice as slow; games make an event on most steps)
        _set_kind(self, kind)
        _set_text(self, text)
        _set_data(self, {} if data is None else data)
        _set_rule(self, rule)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.data:
            out["data"] = self.data
        if self.rule:
            out["rule"] = self.rule
        return out


_set_kind = Event.__dict__["kind"].__set__
_set_text = Event.__dict__["text"].__set__
_set_data = Event.__dict__["data"].__set__
_set_rule = Event.__dict__["rule"].__set__
