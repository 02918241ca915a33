"""`Event` sets its frozen fields itself (a faster `__init__` than the generated one): it must
behave as the dataclass did."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from tablesports.core.events import Event


def test_an_event_is_frozen() -> None:
    event = Event("goal", "a goal", {"player": 0}, "goal")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.text = "no goal"  # type: ignore[misc]


def test_each_event_gets_its_own_data_when_none_is_given() -> None:
    a, b = Event("pass", "a pass"), Event("pass", "a pass")
    assert a.data == {} and a.data is not b.data
    assert Event("pass", "a pass", None).data == {}


def test_events_compare_print_and_copy_by_their_fields() -> None:
    event = Event("roll", "rolled 4 (needed 3+)", {"roll": 4}, rule="dodge")
    assert event == Event("roll", "rolled 4 (needed 3+)", {"roll": 4}, "dodge")
    assert event != Event("roll", "rolled 4 (needed 3+)", {"roll": 5}, "dodge")
    assert repr(event) == (
        "Event(kind='roll', text='rolled 4 (needed 3+)', data={'roll': 4}, rule='dodge')"
    )
    assert str(event) == "rolled 4 (needed 3+)"
    assert pickle.loads(pickle.dumps(event)) == event
    assert copy.deepcopy(event) == event
    assert event.to_json() == {
        "kind": "roll",
        "text": "rolled 4 (needed 3+)",
        "data": {"roll": 4},
        "rule": "dodge",
    }
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "text", "data", "rule"]
