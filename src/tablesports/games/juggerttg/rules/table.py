"""Every phase of play and the two things that make it: its options (`legal`) and its effect
(`apply`), in one table, `PHASES`. The draft's phases are in draft.py; chance phases list no
options (the game asks `chance_outcomes`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act
from tablesports.games.juggerttg.rules.activation import (
    act_options,
    activation_action,
    hold_options,
    hold_start,
)
from tablesports.games.juggerttg.rules.base import MID_ACTION, settle_exhaustion
from tablesports.games.juggerttg.rules.combat import (
    attack_buy_options,
    bonus_attack,
    bonus_options,
    buy_attack,
    buy_defence,
    combat_roll_action,
    defence_buy_options,
    defence_options,
    defend,
    push_back,
    push_options,
    reaction,
    reaction_options,
    reroll,
    reroll_options,
    wrestle_result,
    wrestle_result_options,
)
from tablesports.games.juggerttg.rules.jugg import drop, drop_options
from tablesports.games.juggerttg.rules.lineup import (
    choose_initiative,
    choose_qwik,
    field_hero,
    field_options,
    give_spar,
    initiative_options,
    place,
    place_options,
    qwik_options,
    recruit_action,
    recruit_choices,
    spar_options,
)
from tablesports.games.juggerttg.rules.opportunity import aoo_face, aoo_options, opportunity
from tablesports.games.juggerttg.rules.stones import (
    facing_options,
    follow_up_facing,
    initiative_roll,
    stand_facing,
    turn_action,
    turn_choices,
)

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState
from collections.abc import Callable

Options = Callable[["JuggerState"], list[Act]]
Effect = Callable[["JuggerState", Act, list[Event]], None]


def no_options(st: JuggerState) -> list[Act]:
    return []


PHASES: dict[str, tuple[Options, Effect]] = {
    # building the teams and the line-up (lineup.py)
    S.RECRUIT: (recruit_choices, recruit_action),
    S.FIELD: (field_options, field_hero),
    S.QWIK: (qwik_options, choose_qwik),
    S.SPAR: (spar_options, give_spar),
    # a Stone (stones.py)
    S.INIT_ROLL: (no_options, initiative_roll),
    S.INIT_CHOOSE: (initiative_options, choose_initiative),
    S.PLACE: (place_options, place),
    S.STAND: (facing_options, stand_facing),
    S.TURN: (turn_choices, turn_action),
    # an activation (activation.py)
    S.HOLD_START: (hold_options, hold_start),
    S.ACT: (act_options, activation_action),
    # answers to a step (opportunity.py)
    S.AOO: (aoo_options, opportunity),
    S.AOO_FACE: (facing_options, aoo_face),
    # a combat (combat.py)
    S.BONUS: (bonus_options, bonus_attack),
    S.C_REACT: (reaction_options, reaction),
    S.C_BUY_A: (attack_buy_options, buy_attack),
    S.C_DEFEND: (defence_options, defend),
    S.C_BUY_D: (defence_buy_options, buy_defence),
    S.C_ROLL_A: (no_options, combat_roll_action),
    S.C_ROLL_D: (no_options, combat_roll_action),
    S.C_REROLL: (reroll_options, reroll),
    S.C_WRESTLE: (wrestle_result_options, wrestle_result),
    S.C_PUSH: (push_options, push_back),
    # follow-ups after a combat or a step (stones.py, jugg.py)
    S.C_FACE: (facing_options, follow_up_facing),
    S.C_DROP: (drop_options, drop),
}


def legal(st: JuggerState) -> list[Act]:
    entry = PHASES.get(st.phase)
    return entry[0](st) if entry is not None else []


def apply(st: JuggerState, a: Act) -> list[Event]:
    ev: list[Event] = []
    PHASES[st.phase][1](st, a, ev)
    if st.exhausting and st.phase not in MID_ACTION:
        settle_exhaustion(st, ev)  # the action is complete (R48)
    return ev
