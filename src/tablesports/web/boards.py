"""What a board shows beside the observation: public facts the observation leaves out.

Blood Bowl's observation names each player's position; its player card also shows the
characteristics and skills (MA ST AG PA AV), which every coach sees on the opposing roster.
They come from the players' roster lines, the same for every viewer. Jukem's observation names
cards by id; what a card shows (its boxes, its setup plays) is the deck's, public as a deck
list is. Jugger TTG's recruits show their hero cards' values and cost. Juggers Fallout's market
shows each character's card (cost, life, stamina, charisma, aim, supermove), public as the market
is, and what each supermove costs now.
"""

from __future__ import annotations

from typing import Any


def board_extras(state: Any) -> dict[str, Any]:
    """Blood Bowl's player cards, or Jukem's deck (what each card shows), else {}."""
    deck = getattr(getattr(state, "game", None), "deck", None)
    if deck is not None and hasattr(deck, "cards") and hasattr(deck, "goal_cols"):
        return _deck(deck)
    heroes = getattr(getattr(state, "game", None), "heroes", None)
    if isinstance(heroes, tuple) and heroes and hasattr(heroes[0], "reflex"):
        return _heroes(heroes)
    characters = getattr(getattr(state, "game", None), "characters", None)
    if characters and hasattr(characters[0], "supermove"):
        return _characters(state, characters)
    return _player_cards(state)


def _characters(state: Any, characters: Any) -> dict[str, Any]:
    """Juggers Fallout: every character's card, in the market's order (a pick names its id),
    and each slot's supermove cost now (less for an excited Jugger), None for an empty slot."""
    return {
        "characters": [
            {
                "id": c.id,
                "name": c.name,
                "cost": c.cost,
                "life": c.life,
                "stamina": c.stamina,
                "charisma": c.charisma,
                "precision": c.precision,
                "supermove": c.supermove.model_dump(),
            }
            for c in characters
        ],
        "super_costs": [
            state.super_cost(s) if state.chars[s] >= 0 else None for s in range(len(state.chars))
        ],
    }


def _heroes(heroes: tuple[Any, ...]) -> dict[str, Any]:
    """Jugger TTG: each hero card's values and cost (the hero set is public), by its id."""
    return {
        "heroes": {
            h.id: {
                "name": h.name,
                "cost": h.cost,
                "specialisation": h.specialisation,
                "values": {
                    k: getattr(h, k)
                    for k in ("reflex", "attack", "parry", "agility", "focus", "stamina", "will")
                },
                "talent": h.talent.name if h.talent is not None else None,
                # what the talent does, for the recruit's tooltip (the catalog translates it)
                "talent_text": h.talent.text if h.talent is not None else None,
            }
            for h in heroes
        }
    }


def _deck(deck: Any) -> dict[str, Any]:
    """Jukem: every card of the deck as its face shows it (the deck list is public), and the
    goal's shape, for the cards' box diagrams."""
    out = {}
    for c in deck.cards:
        face: dict[str, Any] = {"kind": c.kind.name}
        if c.balls:
            face.update(setup=c.setup, balls=deck.boxes(c.balls))
        if c.xs:
            face["xs"] = deck.boxes(c.xs)
        if c.kind.name in ("RED", "YELLOW"):
            face.update(removes_all=c.removes_all, min_plays=c.min_plays)
        out[c.id] = face
    return {"deck": out, "goal": [deck.goal_rows, deck.goal_cols]}


def _player_cards(state: Any) -> dict[str, Any]:
    """Blood Bowl: `{"cards": [[card, ...] per team]}`."""
    players = getattr(state, "players", None)
    teams = getattr(state, "teams", None)
    if not isinstance(players, list) or not isinstance(teams, list):
        return {}
    cards: list[list[dict[str, Any]]] = [[] for _ in teams]
    for p in players:
        pos = getattr(p, "position", None)
        if pos is None or not hasattr(pos, "ma"):
            return {}
        cards[p.team].append(
            {
                "number": p.number,
                "position": pos.name,
                "ma": pos.ma,
                "st": pos.st,
                "ag": pos.ag,
                "pa": pos.pa,
                "av": pos.av,
                "skills": sorted(p.skills),
            }
        )
    return {"cards": cards}
