"""The procedure: one small step of the game's sequence, kept on the state's stack.

A procedure is asked who acts (`actor`): a team (0 or 1), `CHANCE` (it wants a roll), or
`None` (it runs without input). `step(state, action)` does its part, may push children (which
then run before it is asked again) and returns True when it is finished. Parents push their
children explicitly, in execution order (`state.push(a, b, c)` runs a, then b, then c).

Fields live in `__slots__` and hold only JSON-ready values (ints, strings, bools, lists of
ints), so copying and serialising are generic and cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablesports.core.chance import Dice

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Procedure:
    """The base of every procedure (see the module docstring)."""

    __slots__ = ("phase",)
    name: ClassVar[str] = "procedure"
    rule: ClassVar[str] = ""
    """The rule the procedure carries out, for events and error messages."""

    def __init__(self) -> None:
        self.phase = 0

    # --- what it needs -------------------------------------------------------------------
    def actor(self, s: BloodBowlState) -> int | None:
        """The team to decide, `CHANCE`, or None when the procedure runs by itself."""
        return None

    def legal(self, s: BloodBowlState) -> list[Any]:
        """The acting team's legal actions, in a stable order."""
        return []

    def dice(self, s: BloodBowlState) -> Dice | None:
        """The dice a chance step rolls (the outcomes are the dice's faces)."""
        return None

    def outcomes(self, s: BloodBowlState) -> list[tuple[Any, float]]:
        """Chance outcomes; dice by default, a procedure may list others (a coin, a pick)."""
        dice = self.dice(s)
        return dice.outcomes() if dice is not None else []

    def why(self, s: BloodBowlState, action: Any) -> str:
        """Why `action` is not legal here (the rule that forbids it)."""
        return f"{self.describe(s)}: it is not one of the choices"

    def describe(self, s: BloodBowlState) -> str:
        """What is being decided, for people."""
        return self.name

    # --- doing it --------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        """Do the step (`action` is None for a procedure that runs by itself); True when done."""
        raise NotImplementedError(self.name)


def all_slots(cls: type) -> tuple[str, ...]:
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        for slot in getattr(klass, "__slots__", ()):
            if slot not in out:
                out.append(slot)
    return tuple(out)


def copy_procedure(proc: Procedure) -> Procedure:
    """A copy of `proc`: every slot, lists copied (a procedure's lists are its own)."""
    cls = type(proc)
    new = cls.__new__(cls)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(_slots_of(cls))
    copier(proc, new)
    return new


_COPIERS: dict[type, Any] = {}


def _copier(slots: tuple[str, ...]) -> Any:
    """One function copying these slots (a clone copies the whole stack: a getattr/setattr
    loop was most of it)."""
    body = "".join(
        f"    v = a.{name}\n    b.{name} = v.copy() if type(v) is list else v\n" for name in slots
    )
    namespace: dict[str, Any] = {}
    exec(f"def copy_slots(a, b):\n{body or '    pass'}\n", namespace)
    return namespace["copy_slots"]


def procedure_to_json(proc: Procedure) -> dict[str, Any]:
    out: dict[str, Any] = {"proc": proc.name}
    for slot in _slots_of(type(proc)):
        value = getattr(proc, slot)
        out[slot] = value.copy() if type(value) is list else value
    return out


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots_of(cls: type) -> tuple[str, ...]:
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = _SLOTS[cls] = all_slots(cls)
    return slots


def procedure_from_json(cls: type[Procedure], data: dict[str, Any]) -> Procedure:
    """Rebuild a procedure; a missing or extra field raises ValueError."""
    new = cls.__new__(cls)
    slots = _slots_of(cls)
    extra = set(data) - set(slots) - {"proc"}
    if extra:
        raise ValueError(f"procedure {cls.name!r} has no field(s) {sorted(extra)}")
    for slot in slots:
        if slot not in data:
            raise ValueError(f"procedure {cls.name!r} needs the field {slot!r}")
        value = data[slot]
        setattr(new, slot, list(value) if isinstance(value, list) else value)
    return new
