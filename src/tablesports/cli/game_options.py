"""Each game's options and their defaults, for `--help` and `games`, read from the games'
option models without building a game."""

from __future__ import annotations

from typing import Any

from tablesports.core.registry import game_ids, game_package, resolve


def option_defaults(game_id: str) -> dict[str, Any]:
    """`{name: default}` of a game's options (empty for a game without any, or registered from
    outside `tablesports.games`)."""
    try:
        fields = resolve(game_package(game_id).GAME).Options.model_fields
    except Exception:  # a game being written must not break --help for the others
        return {}
    return {name: field.default for name, field in fields.items()}


def shown(value: Any) -> str:
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )


def options_line(game_id: str) -> str:
    """`home=human, away=orc` (the defaults), or `none`."""
    defaults = option_defaults(game_id)
    return ", ".join(f"{k}={shown(v)}" for k, v in defaults.items()) or "none"


def options_epilog() -> str:
    """The paragraph under `play --help` (and `simulate`, `arena`): every game's options."""
    lines = [f"{game_id}: {options_line(game_id)}" for game_id in game_ids()]
    return "Game options for -o KEY=VALUE, shown with their defaults:\n\n" + "\n\n".join(lines)
