"""The combat under way (R103 to R126) as one record, its kinds as enums.

The state keeps one `Combat` (``st.combat``); its JSON is the flat ``c_*`` fields of
`FIELDS` (``c_kind: "wrestle"``), so saved states and boards read as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class AttackKind(StrEnum):
    """What kind of attack the combat is (R97, R113, R117, R122); DONE once it is decided."""

    NONE = ""
    STANDARD = "std"
    TALENT = "talent"
    BONUS = "bonus"
    OPPORTUNITY = "aoo"
    WRESTLE = "wrestle"
    DONE = "done"


STANDARD_ATTACKS = frozenset((AttackKind.STANDARD, AttackKind.TALENT, AttackKind.BONUS))
"""Attacks a defender may answer with talents (R113, R120: not an AoO, not wrestling)."""


class Defence(StrEnum):
    """The defence chosen (R98): parry, duel, or none (cannot defend)."""

    UNDECIDED = ""
    PARRY = "parry"
    DUEL = "duel"
    NONE = "none"


class Attacker(StrEnum):
    """Whether the attacker is the activating hero (flank and back attacks count from where
    its activation began, R114, R115) or attacks outside its activation (an AoO)."""

    NONE = ""
    ACTIVATING = "act"
    OUTSIDE = "aoo"


@dataclass(slots=True)
class Combat:
    """The combat under way: who fights, with how many dice, and how far it has come."""

    attacker: int = -1
    defender: int = -1
    kind: AttackKind = AttackKind.NONE
    attack_dice: int = 0
    defence_dice: int = 0
    defence: Defence = Defence.UNDECIDED
    flank: int = 0  # 1: a flank attack (R114)
    back: int = 0  # 1: a back attack (R115)
    attack_skulls: int = 0
    after: Attacker = Attacker.NONE
    defence_skulls: int = -1  # while a re-roll may answer them; -1 not rolled
    rerolled: int = 0  # 1: the roll under way was re-rolled, never again (R5)
    declined: int = 0  # reactors who let this roll stand, in the order of R88

    def copy(self) -> Combat:
        return Combat(
            self.attacker,
            self.defender,
            self.kind,
            self.attack_dice,
            self.defence_dice,
            self.defence,
            self.flank,
            self.back,
            self.attack_skulls,
            self.after,
            self.defence_skulls,
            self.rerolled,
            self.declined,
        )


FIELDS = {
    "c_att": "attacker",
    "c_def": "defender",
    "c_kind": "kind",
    "c_adice": "attack_dice",
    "c_ddice": "defence_dice",
    "c_mode": "defence",
    "c_flank": "flank",
    "c_back": "back",
    "c_askulls": "attack_skulls",
    "c_after": "after",
    "c_dskulls": "defence_skulls",
    "c_rerolled": "rerolled",
    "c_declined": "declined",
}
"""JSON field -> record attribute."""
ENUMS: dict[str, type[StrEnum]] = {"kind": AttackKind, "defence": Defence, "after": Attacker}
DEFAULTS = {"c_dskulls": -1, "c_rerolled": 0, "c_declined": 0}
"""Fields newer than some saved states: a state without them reads these values."""


def combat_json(c: Combat) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, attr in FIELDS.items():
        v = getattr(c, attr)
        out[key] = str(v) if attr in ENUMS else v
    return out


def combat_from_json(data: dict[str, Any]) -> Combat:
    """The record from the ``c_*`` fields; ValueError names a kind that is not one."""
    c = Combat()
    for key, attr in FIELDS.items():
        v: Any = data[key] if key in data or key not in DEFAULTS else DEFAULTS[key]
        enum = ENUMS.get(attr)
        if enum is not None:
            try:
                v = enum(v)
            except ValueError:
                allowed = ", ".join(repr(m.value) for m in enum)
                raise ValueError(f"{key} is {v!r}; one of {allowed}") from None
        setattr(c, attr, v)
    return c
