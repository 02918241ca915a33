"""Every skill name the code checks is one that `data/skills.toml` describes: skills are free
strings and `Player.has` is plain membership, so a misspelt name would switch a skill off
silently. The test reads the code (every `has("...")`, `team_has(..., "...")`, `marking(...,
"...")`, `"..." in <player>.skills`) and the skill constants."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tablesports.games.bloodbowl as bloodbowl
from tablesports.core.sources import parse_python
from tablesports.games.bloodbowl import players
from tablesports.games.bloodbowl.procedures import swarming
from tablesports.games.bloodbowl.skills import skills
from tablesports.games.bloodbowl.turn import (
    activation,
    arm_bar,
    diving_catch,
    diving_tackle,
    fumblerooski,
    goblin_actions,
    hail_mary,
    punt,
)

ROOT = Path(bloodbowl.__file__).parent
SKILL_CALLS = {"has": 0, "team_has": 1, "_any_skill": 2, "marking": 3}
"""Functions that take a skill's name, and where: the argument's position."""


def _text(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def skill_literals(tree: ast.AST) -> list[tuple[str, int]]:
    """The skill names written in the code, with their lines."""
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            at = SKILL_CALLS.get(name)
            if at is not None and at < len(node.args) and (text := _text(node.args[at])):
                out.append((text, node.lineno))
        elif isinstance(node, ast.Compare) and (text := _text(node.left)):
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.In | ast.NotIn) and getattr(right, "attr", "") == "skills":
                    out.append((text, node.lineno))
    return out


def test_the_scan_finds_a_misspelt_skill() -> None:
    code = 'if p.has("Sure Hand") or "Dodgee" in q.skills or team_has(t, "Guard"):\n    pass\n'
    assert [name for name, _ in skill_literals(parse_python(code))] == [
        "Sure Hand",
        "Dodgee",
        "Guard",
    ]


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_skill_the_code_names_is_in_skills_toml(path: Path) -> None:
    known = set(skills())
    found = skill_literals(parse_python(path.read_text(encoding="utf-8")))
    unknown = [f"{name!r} (line {line})" for name, line in found if name not in known]
    assert not unknown, f"{path.name}: skills.toml has no {', '.join(unknown)}"


def test_the_skill_constants_are_in_skills_toml() -> None:
    named = [
        *players.NO_BALL,
        *goblin_actions.SKILLS,
        *activation.NEGATRAITS,
        *(skill for _, skill, _ in activation.SPECIALS.values()),
        *(m.SKILL for m in (arm_bar, diving_catch, diving_tackle, fumblerooski, hail_mary, punt)),
        swarming.SKILL,
    ]
    assert sorted(set(named) - set(skills())) == []


def test_the_code_names_most_skills() -> None:
    # the scan reads the patterns the code uses: if it stopped finding them, it would check nothing
    found = {
        name
        for path in ROOT.rglob("*.py")
        for name, _ in skill_literals(parse_python(path.read_text()))
    }
    assert len(found) >= 60
