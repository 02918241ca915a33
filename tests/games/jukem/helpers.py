"""Positions, actions and forced draws for the Jukem Soccer rule tests."""

from __future__ import annotations

from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.jukem.game import JukemGame
from tablesports.games.jukem.state import JukemState

GAME = load("jukem")
assert isinstance(GAME, JukemGame)

# Hands that hold nothing playable on the owner's turn and no answer on the other's.
DEAD = "SAVE-1 SAVE-2 SAVE-3 SAVE-4 SAVE-5"


def position(text: str) -> JukemState:
    state = GAME.from_position(text)
    assert isinstance(state, JukemState)
    return state


def act(state: JukemState, *texts: str) -> list[Event]:
    """Apply actions (and chance outcomes) by their text forms, collecting the events.

    The defender is asked after every play a PENALTY may answer and every SHOT, holding an
    answer or not ; where the texts go on with something else, or when
    declining is the defender's only choice, the defender declines (`no penalty`, `no save`),
    so a test names only the answers it is about."""
    events: list[Event] = []
    for text in texts:
        events += decline(state, text)
        events += state.apply_action(GAME.parse_action(text))
    return events + decline(state, only=True)


def decline(state: JukemState, then: str = "", only: bool = False) -> list[Event]:
    """`no penalty` or `no save` when the defender is asked and `then` is not an answer (or,
    with `only`, when it is the defender's one legal action)."""
    answers = ("penalty ", "no penalty", "save ", "no save")
    choices = legal(state)
    waiting = choices & {"no penalty", "no save"}
    if not waiting or then.startswith(answers) or (only and len(choices) > 1):
        return []
    return state.apply_action(GAME.parse_action(waiting.pop()))


def legal(state: JukemState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def draw_until_decision(state: JukemState) -> None:
    """Replenish with the lowest-numbered cards of the pile (any cards will do)."""
    decline(state)
    while state.current_player() == CHANCE:
        state.apply_action(state.chance_outcomes()[0][0])


def ids(state: JukemState, cards: list[int]) -> list[str]:
    return [state.deck.ids[c] for c in cards]
