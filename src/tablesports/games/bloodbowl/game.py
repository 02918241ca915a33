"""Blood Bowl (2025 edition): the game, its options and its teams."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.protocol import ActionCodec, Game, GameInfo, State
from tablesports.games.bloodbowl.actions import parse_action
from tablesports.games.bloodbowl.codec import make_codec
from tablesports.games.bloodbowl.invariants import check_state
from tablesports.games.bloodbowl.notation import read_position, state_from_json
from tablesports.games.bloodbowl.pitch import HALF_WIDTH, coords, end_zone_column
from tablesports.games.bloodbowl.players import CASUALTY, KO, SENT_OFF, STANDING, make_players
from tablesports.games.bloodbowl.procedures.match import Match
from tablesports.games.bloodbowl.procedures.setup import prepare as prepare_setup
from tablesports.games.bloodbowl.rules_data import BUDGET, check_budget, load_team
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.tables import NUMBERS


class BloodBowlOptions(BaseModel):
    """`home`/`away`: a published team (`tablesports teams` lists them: human, orc, dwarf,
    skaven, snotling, ogre, shambling-undead, elven-union, necromantic, chaos-chosen, khorne,
    tomb-kings, black-orc, high-elf, underworld, wood-elf, dark-elf, chaos-renegade, lizardmen,
    amazon, vampire, norse; with 2025 values: imperial-nobility, bretonnian, halfling, gnome,
    chaos-dwarf, old-world-alliance) or the path of a team file; `budget`: the most a team may
    be worth, in gold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    home: str = "human"
    away: str = "orc"
    turns_per_half: int = Field(NUMBERS.turns_per_half, ge=1, le=16)
    budget: int = Field(BUDGET, ge=0)


# A bound on steps, from the longest match the rules allow with finite dice luck: a drive has
# two set-ups (at most 16 placements or reserves, 16 take-backs and their re-placements: ~100),
# the kick-off (CHARGE! moving six players 11 squares with 3 rolls each: ~300), and a half has
# 16 team turns (11 activations of 11 squares with up to 4 steps each, plus rolls: ~550 each),
# at most ~17 drives and the end-of-drive rolls (~60 each): some 20,000 steps a half. Only
# endless bounces or TIME-OUT loops (probability zero) could go past ten times that.
MAX_GAME_LENGTH = 250_000


class BloodBowlGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        id="bloodbowl",
        title="Blood Bowl (2025 edition)",
        version=2,
        players=2,
        chance="explicit",
        information="perfect",
        action_kind="discrete",
        kind="square pitch, dice, deep procedure",
        max_game_length=MAX_GAME_LENGTH,
    )
    Options: ClassVar[type[BaseModel]] = BloodBowlOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts: Any = self.options
        self.teams = [load_team(opts.home), load_team(opts.away)]
        for spec, team in zip((opts.home, opts.away), self.teams, strict=True):
            check_budget(team, opts.budget, spec)
        prepare_setup(self.teams)
        self._codec: ActionCodec | None = None

    def new_initial_state(self) -> State:
        s = BloodBowlState(self, self.teams, make_players(self.teams))
        s.stack = [Match()]
        s.run()
        return s

    def action_codec(self) -> ActionCodec | None:
        if self._codec is None:
            numbers = sorted({p.number for team in self.teams for p in team.players})
            self._codec = make_codec(numbers)
        return self._codec

    def evaluate(self, state: State) -> list[float] | None:
        """The touchdown lead, a third of a point each (capped), plus a little for the ball.

        Holding the ball is worth 0.1, and up to 0.2 more as the carrier crosses the opposing
        half towards the end zone (still less than the touchdown), so a search cut off before
        the touchdown sees the way there. Players count too, a little: a search of a few
        steps should see what a block or a failed dodge costs (see `_material`).
        """
        assert isinstance(state, BloodBowlState)
        lead = (state.score[0] - state.score[1]) / 3
        carrier = state.carrier()
        if carrier is not None:
            to_go = abs(coords(carrier.square)[0] - end_zone_column(1 - carrier.team))
            held = 0.1 + 0.2 * max(0, HALF_WIDTH - to_go) / HALF_WIDTH
            lead += held if carrier.team == 0 else -held
        lead += _material(state, 0) - _material(state, 1)
        value = max(-1.0, min(1.0, lead))
        return [value, -value]

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return state_from_json(self, data)

    def from_position(self, notation: str) -> State:
        return read_position(self, notation)

    def check_state(self, state: State) -> None:
        """Counters within what a match allows, players who exist, one a square, the ball where
        its state says (`invariants.py`)."""
        assert isinstance(state, BloodBowlState)
        check_state(state)


# What losing a player is worth, for a search that cannot see the touchdowns it costs: knocked
# down (a turn), knocked out (a drive, unless he recovers), a casualty or sent off (the match).
_DOWN, _OUT, _GONE = 0.01, 0.03, 0.05
_LOST = {KO: _OUT, CASUALTY: _GONE, SENT_OFF: _GONE}


def _material(state: BloodBowlState, team: int) -> float:
    """Minus the worth of the team's players lying down or out of the match."""
    loss = 0.0
    for pid in state.team_pids[team]:
        p = state.players[pid]
        if p.square >= 0:
            if p.stance != STANDING:
                loss += _DOWN
        else:
            loss += _LOST.get(p.box, 0.0)
    return -loss
