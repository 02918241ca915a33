"""The lobby's card of each game: what it is, its picture, its options as controls and its bots.

`GET /api/games` sends one entry per game: the game's info, a one-line summary, players and a
typical length, a picture (`static/pictures/<id>.svg`), every option's JSON schema with a label,
a one-line help and, where the choices are names, the choices with their titles (Blood Bowl's
published teams; Jugger TTG's game length), and the difficulty levels with the default one.
The English texts here are msgids of the `lobby` catalog domain (marked with `_`, so the
catalog test finds them); the page translates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablesports.arena.level_ratings import level_ratings
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game
from tablesports.web.bots import bot_spec, choices, levels
from tablesports.web.settings import ServerSettings


def _(text: str) -> str:
    """Marks a lobby text for the catalogs; the page translates it (`t(text)`)."""
    return text


@dataclass(frozen=True)
class Card:
    summary: str
    length: str


CARDS: dict[str, Card] = {
    "hanniball": Card(
        _("Chess meets football: Horses, Elephants, Lions and a Monkey pass the ball to goal."),
        _("about 30 minutes"),
    ),
    "jukem": Card(
        _("A card game of football: build possessions of passes and shoot against hidden saves."),
        _("about 15 minutes"),
    ),
    "juggers": Card(
        _("Flick coins across the table: innings of attack and defence by post-war heroes."),
        _("about 45 minutes"),
    ),
    "juggerttg": Card(
        _("Hex-field Jugger: recruit heroes, fight for the skull and carry it to the mal."),
        _("about 30 minutes"),
    ),
    "bloodbowl": Card(
        _("Fantasy football with block dice: two halves of eight turns each for every team."),
        _("about 2 hours"),
    ),
}
"""Per game: one line on what it is and its typical length for two people."""

FALLBACK = Card(_("A tabletop sports game by its real rules."), _("length varies"))

OPTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "hanniball": {
        "max_turns": (
            _("Turn limit"),
            _("The game is drawn after this many turns without a goal."),
        ),
        "repetition_draw": (
            _("Repetition draw"),
            _("Drawn when a position starts a turn this often (0: never)."),
        ),
        "max_defenders": (
            _("Most defenders"),
            _("Variant: at most this many pieces besides the Monkey in your goal area."),
        ),
    },
    "jukem": {
        "deck": (_("Deck"), _("The cards to play with: the house deck or a deck file of yours.")),
        "preset": (
            _("House variant"),
            _("A deck and rules of its own: mini, five cards and one deal."),
        ),
        "hand_size": (_("Hand size"), _("The cards dealt and replenished to (the seed: five).")),
        "halves": (_("Halves"), _("Deals before a tie-break (the seed: two).")),
        "tiebreak_deals": (
            _("Tie-break deals"),
            _("Deals played before a match still level is drawn."),
        ),
        "goal_rows": (_("Goal rows"), _("Rows of boxes in the goal.")),
        "goal_cols": (_("Goal columns"), _("Boxes in a row of the goal.")),
    },
    "juggers": {
        "innings": (_("Innings"), _("The most innings a match has (the seed: nine).")),
        "morale_cap": (_("Morale cap"), _("The most morale a team can hold.")),
        "heroic_morale": (
            _("Heroic morale"),
            _("The morale a heroic action gives (the seed: 3)."),
        ),
        "excite_discount": (
            _("Excitement discount"),
            _("How much cheaper excited team-mates' supermoves are, in morale."),
        ),
        "budget": (_("Draft budget"), _("Each team's denari for the draft.")),
        "fall_ends_attack": (
            _("A fall ends the attack"),
            _("An attacker's Jugger falling off the table ends the attack."),
        ),
        "attacker_restriction": (
            _("Attacking flicks"),
            _("Must a flicked coin pass between two team-mates, as in penny football?"),
        ),
        "shot_free": (_("Free shot"), _("A flick that scores need not pass between team-mates.")),
        "attacker_actions": (_("Attack length"), _("An attack ends after this many flicks.")),
        "starting_morale": (_("Starting morale"), _("Each team's morale points at the start.")),
        "hero_score": (_("Heroic meta"), _("Scoring a meta is a heroic action (+morale).")),
        "hero_knock_off": (
            _("Heroic knock-off"),
            _("Knocking an opponent off the table is a heroic action."),
        ),
        "hero_clean_defence": (
            _("Heroic defence"),
            _("Ending the attack without conceding a meta is a heroic action."),
        ),
        "sudden_death_cap": (
            _("Penalty rounds"),
            _("Sudden-death penalty rounds before a draw (empty: until one side leads)."),
        ),
    },
    "juggerttg": {
        "length": (_("Game length"), _("Short: 5 heroes, the first point wins; long: 8, three.")),
        "heroes": (_("Heroes"), _("The heroes to recruit: the house roster or a file of yours.")),
        "max_stones": (_("Stone limit"), _("The game ends after this many Stones.")),
        "skull_faces": (_("Skull faces"), _("Faces of the six-sided success die that succeed.")),
        "european_corners": (
            _("European corners"),
            _("The European field: the corner hexes on the diagonals are out."),
        ),
        "teams": (_("Team building"), _("Free pick, or the draft with hidden hands.")),
        "european_counts": (
            _("European penalties"),
            _("5 Stones for close spars, 8 for the chain."),
        ),
        "one_attack_per_activation": (
            _("One attack per activation"),
            _("A hero attacks, uses an attack talent or wrestles at most once a turn."),
        ),
        "initiative": (_("Initiative"), _("The value whose dice decide who acts first.")),
        "pick_order": (
            _("Pick order"),
            _("Free pick: one hero each in turn, or red's whole team first."),
        ),
    },
    "bloodbowl": {
        "home": (_("Home team"), _("A published team, or a team file of yours.")),
        "away": (_("Away team"), _("The other team, or a team file of yours.")),
        "turns_per_half": (_("Turns per half"), _("Each team's turns in a half (8 by the rules).")),
        "budget": (_("Team budget"), _("The most a team may be worth, in gold pieces.")),
    },
}
"""Per game and option: its label and one-line help (from the option's docstring or rules)."""

CHOICES: dict[str, dict[str, dict[str, str]]] = {
    "juggerttg": {
        "length": {"short": _("short game"), "long": _("long game")},
        "teams": {"pick": _("free pick"), "draft": _("draft")},
        "initiative": {"reflex": _("Reflex"), "will": _("Will")},
        "pick_order": {"alternate": _("one each in turn"), "whole-team": _("whole team first")},
    },
    "jukem": {"preset": {"mini": _("Mini Jukem (five cards, one deal)")}},
    "juggers": {
        "attacker_restriction": {
            "between": _("between two team-mates"),
            "free": _("anywhere"),
        },
    },
}
"""Titles of the fixed choices (a Literal's values), per game and option."""

BLANK: dict[str, dict[str, str]] = {
    "hanniball": {"max_defenders": _("no limit")},
    "juggers": {"sudden_death_cap": _("until one side leads")},
    "juggerttg": {"heroes": _("the house roster")},
    "jukem": {
        "deck": _("the house deck"),
        "preset": _("none: the seed's game"),
        "hand_size": _("the deck's own"),
        "halves": _("the deck's own"),
        "tiebreak_deals": _("the deck's own"),
        "goal_rows": _("the deck's own"),
        "goal_cols": _("the deck's own"),
    },
}
"""What an option left empty means, where its default is None."""

LEVEL_HELP = {
    "easy": _("Plays simple moves: good for learning the rules."),
    "normal": _("The best bot that answers within a second or two."),
    "hard": _("Searches longer: a few seconds a move."),
    "strongest": _("The largest search the server allows: up to 5 seconds a move."),
}
GAME_LEVEL_HELP = {
    "hanniball": {
        "normal": _(
            "Judges each move with a network trained on thousands of games: answers at once."
        ),
        "hard": _("Searches 150 short playouts a move: HanniBall's strongest bot."),
    },
    "jukem": {
        "easy": _(
            "Plays its cards sensibly but never a penalty card: good for learning the rules."
        ),
        "normal": _("Plays its cards as a sensible person would, penalty cards too."),
        "hard": _(
            "Counts the cards still unseen and reads the opponent's plays: Jukem's strongest bot."
        ),
    },
    "juggers": {
        "easy": _(
            "Aims each flick as if it will go exactly where aimed: good for learning the rules."
        ),
        "normal": _(
            "Plays the flick likeliest to work despite its wobble: Juggers Fallout's strongest bot."
        ),
    },
}
"""A game's own words for a level whose bot is no plain search (Jukem's and Juggers' are quick,
HanniBall's `normal` a learned evaluation)."""
DEFAULT_LEVEL = "normal"
"""Every game's default opponent: its best bot that answers within a second or two."""


def team_choices() -> list[dict[str, str]]:
    """Blood Bowl's published teams: the key a match names and "Team (Roster)"."""
    from tablesports.games.bloodbowl.rules_data import rosters, teams

    found = [
        {"name": key, "title": f"{team.name} ({rosters()[team.roster].name})"}
        for key, team in teams().items()
    ]
    return sorted(found, key=lambda c: c["title"].split(" (")[1])


def house_value(game: Game, key: str) -> Any:
    """What an option left at None plays as: the game's house rule (Juggers' `house`)."""
    house = getattr(game, "house", None)
    return getattr(house, key, None) if house is not None else None


def option_entries(game: Game, props: dict[str, Any]) -> dict[str, Any]:
    """Each option's schema with its label, help, choices and what its default plays as."""
    game_id = game.info.id
    texts = OPTIONS.get(game_id, {})
    out: dict[str, Any] = {}
    for key, schema in props.items():
        label, help_text = texts.get(key, (key.replace("_", " "), ""))
        entry = {**schema, "label": label, "help": help_text}
        if schema.get("default") is None:
            effective = house_value(game, key)
            if effective is not None:
                entry["effective"] = effective
        if key in BLANK.get(game_id, {}):
            entry["blank"] = BLANK[game_id][key]
        titles = CHOICES.get(game_id, {}).get(key)
        if titles:
            entry["choices"] = [{"name": k, "title": v} for k, v in titles.items()]
        if game_id == "bloodbowl" and key in ("home", "away"):
            entry["choices"] = team_choices()
        out[key] = entry
    return out


SIDES: dict[str, tuple[str, str]] = {
    "hanniball": (_("White"), _("Black")),
    "bloodbowl": (_("home team"), _("away team")),
    "juggerttg": (_("red"), _("blue")),
    "juggers": (_("team A"), _("team B")),
}
"""The side each seat plays, as the game's players say it (the lobby shows it by the seat)."""


def game_entry(game: Game, props: dict[str, Any]) -> dict[str, Any]:
    """The lobby's entry of a game (`props`: its options' schema, file options marked)."""
    card = CARDS.get(game.info.id, FALLBACK)
    table = levels(game)
    return {
        **game.info.to_json(),
        "summary": card.summary,
        "length": card.length,
        "picture": f"/static/pictures/{game.info.id}.svg",
        "options": option_entries(game, props),
        "agents": choices(game),
        "levels": list(table),
        "level_help": {
            name: GAME_LEVEL_HELP.get(game.info.id, {}).get(name, LEVEL_HELP.get(name, ""))
            for name in table
        },
        # each level's openskill ordinal from the last round robin of its ladder (docs/levels.md)
        "level_ratings": {
            name: {"rating": round(r.ordinal, 1), "games": r.games}
            for name, r in level_ratings(game).items()
        },
        "default_level": DEFAULT_LEVEL if DEFAULT_LEVEL in table else next(iter(table)),
        "sides": list(SIDES[game.info.id]) if game.info.id in SIDES else None,
    }


def seat_levels(game: Game, specs: list[str | None], settings: ServerSettings) -> list[str | None]:
    """The difficulty level each seat's stored bot spec plays (None: a person or a named bot)."""
    by_spec = {}
    for name in levels(game):
        try:
            by_spec[bot_spec(name, game, settings)] = name
        except TablesportsError:  # a level these settings refuse names no seat
            continue
    return [by_spec.get(spec) if spec else None for spec in specs]
