"""The skills and traits (data/skills.toml): what each does, where its wording comes from and
how much of it this program carries out. Every skill a roster names must be listed here;
`check_rosters` says which are missing (a `DataFileError`), so a roster cannot quietly give a
player a skill that does nothing.

Where each skill acts: Block, Dodge, Tackle, Stand Firm, Juggernaut, Dauntless, Frenzy in
`turn/block.py` and `turn/push.py`; Dodge, Tackle, Break Tackle, Prehensile Tail, Stunty in
`turn/moving.py` and `turn/paths.py`; Sure Hands, Catch, Pass, No Hands in `turn/moving.py`
and `turn/passing.py`; Mighty Blow, Dirty Player, Thick Skull, Stunty, Regeneration in
`turn/injury.py`; Loner in `turn/common.py`; Bone Head, Really Stupid, Animal Savagery in
`turn/moving.py` (its lashing out in `turn/savagery.py`); Secret Weapon in
`procedures/secret_weapons.py`; Swarming in `procedures/swarming.py`; Sidestep in
`turn/push.py`; Titchy in `turn/paths.py`; Throw Team-mate, Kick Team-mate, Right Stuff,
Always Hungry in `turn/throw_team_mate.py`; Projectile Vomit in `turn/vomit.py`; Claws and Decay
in `turn/injury.py`; Horns, Brawler in `turn/block.py`; Grab in `turn/push.py`; Foul Appearance
in `turn/foul_appearance.py`; Unchannelled Fury in `turn/moving.py`; Nerves of Steel in
`turn/common.py` (`marked`); Safe Pass, Cloud Burster in `turn/passing.py`. The 2025 traits:
Sprint in `turn/paths.py` and `turn/activation.py`; Sure Feet and No Ball in `turn/moving.py`
(No Ball with No Hands wherever `Player.no_ball` is asked); Insignificant in `rules_data.py`;
Steady Footing in `turn/injury.py`; Taunt and Eye Gouge in `turn/block.py`; Unsteady forbids
an action this program does not have.
"""

from __future__ import annotations

from tablesports.core.errors import DataFileError
from tablesports.games.bloodbowl.rules_data import rosters
from tablesports.games.bloodbowl.turn.data import Skill, skills

__all__ = ["Skill", "check_rosters", "skills"]


def check_rosters() -> None:
    """Every skill of every roster position is a known skill."""
    known = skills()
    for key, roster in rosters().items():
        for position in roster.positions:
            for skill in position.skills:
                if skill not in known:
                    raise DataFileError(
                        f"rosters.toml: entry {key!r}: position {position.name!r} has the skill "
                        f"{skill!r}, which skills.toml does not describe"
                    )
