"""Provable fairness: a secret seed, its commitment, the seed sealed while the game is played,
and `verify`, which draws every chance outcome of a record again from the revealed seed."""

from __future__ import annotations

import hashlib
import json

import pytest

import tablesports
from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import RecordError
from tablesports.core.fairness import chance_rng, commitment, is_secret, new_secret
from tablesports.core.protocol import CHANCE
from tablesports.core.records import Record, parse_record, record_of
from tablesports.core.verify import verify


def by_move_game(game_id: str, secret: str, steps: int | None = None) -> Record:
    """A game played as the terminal and the web app play it: chance by move number."""
    game = tablesports.load(game_id)
    state = game.new_initial_state()
    agents = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance_rng(secret, len(state.history))))
        else:
            state.apply_action(agents[player].step(state))
    return record_of(state, ["random", "random"], secret, chance="by-move")


def test_a_secret_has_256_bits_and_its_commitment_is_a_domain_separated_sha256() -> None:
    secret = new_secret()
    assert is_secret(secret) and len(bytes.fromhex(secret)) == 32
    assert new_secret() != secret
    assert len(commitment(secret)) == 64 and commitment(secret) == commitment(secret)
    # not the bare hash of the seed: a commitment is never mistaken for another use of it
    assert commitment(secret) != hashlib.sha256(secret.encode()).hexdigest()
    assert commitment(7) != commitment("7")
    assert not is_secret(7) and not is_secret("abc")


def test_a_seat_record_of_a_game_still_played_keeps_the_commitment_not_the_seed() -> None:
    # finding 13: with the seed and the bot's name every hidden step was rebuilt
    full = play_match(tablesports.load("jukem"), [RandomAgent(), RandomAgent()], seed=7)
    going_on = full.model_copy(update={"history": full.history[:40], "returns": None})
    seat = going_on.for_seat(0)
    assert seat.seed is None and seat.commitment == commitment(7)
    assert "7" not in json.dumps(seat.model_dump()["seed"])
    finished = full.for_seat(0)  # the game is over: the seed is revealed
    assert finished.seed == 7 and finished.commitment == commitment(7)


def test_a_perfect_information_seat_record_is_sealed_too() -> None:
    # nothing is hidden in Blood Bowl's record, but its seed would tell every roll to come
    secret = new_secret()
    going_on = by_move_game("bloodbowl", secret, steps=30)
    seat = going_on.for_seat(1)
    assert seat.seed is None and seat.commitment == commitment(secret)
    assert seat.history == going_on.history


@pytest.mark.parametrize("game_id", ["pig", "jukem", "bloodbowl", "juggerttg", "juggers"])
def test_verify_draws_every_chance_outcome_again_from_the_seed(game_id: str) -> None:
    secret = new_secret()
    record = by_move_game(game_id, secret)
    assert record.commitment == commitment(secret) and record.chance == "by-move"
    verified = verify(parse_record(json.loads(record.to_json_line())))
    chances = sum(1 for player, _ in record.history if player == CHANCE)
    assert verified.committed and verified.outcomes == chances > 0
    assert verified.notes == []


def test_verify_refuses_a_roll_chosen_after_the_fact() -> None:
    secret = new_secret()
    record = by_move_game("pig", secret, steps=12)
    n, (_, text) = next(
        (i, step) for i, step in enumerate(record.history) if step[1].startswith("D6=")
    )
    other = f"D6={1 + int(text[3:]) % 6}"
    chosen = record.model_copy(update={"history": [*record.history[:n], (CHANCE, other)]})
    with pytest.raises(RecordError, match=f"move {n}: the record says {other}, the seed gives"):
        verify(chosen)


def test_verify_refuses_a_seed_that_is_not_the_committed_one() -> None:
    record = by_move_game("pig", new_secret())
    swapped = record.model_copy(update={"seed": new_secret()})
    with pytest.raises(RecordError, match="does not match the commitment"):
        verify(swapped)
    with pytest.raises(RecordError, match="holds no seed"):
        verify(record.model_copy(update={"returns": None}).sealed())


def test_an_old_record_with_an_integer_seed_still_loads_and_verifies() -> None:
    old = json.loads(
        play_match(tablesports.load("pig"), [RandomAgent()] * 2, seed=5).to_json_line()
    )
    del old["commitment"], old["chance"]  # as records were written before
    record = parse_record(old)
    assert record.seed == 5 and record.commitment is None
    verified = verify(record)
    assert not verified.committed and verified.outcomes > 0
    assert any("no commitment" in note for note in verified.notes)


def test_a_short_text_seed_is_refused_when_a_record_is_read() -> None:
    data = json.loads(
        play_match(tablesports.load("pig"), [RandomAgent()] * 2, seed=5).to_json_line()
    )
    data["seed"] = "abc123"  # a text seed is a secret of at least 128 bits, in hex
    with pytest.raises(RecordError, match="seed"):
        parse_record(data)
