"""A small version of a value network's training (`tablesports train GAME --method value`): a
few games, a tiny net, a fixed seed. The file it writes loads, and the `value` agent it makes
(with the game's heuristic as its base) plays a whole legal game against that heuristic.

Run on the two cheapest games to play: Jukem (hidden hands: the agent looks ahead from a
determinisation, the network reads the seat's own tensor) and HanniBall cut to a few turns.
`tablesports train` on the other games is proved by the runs in docs/rl.md (too slow here)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

from tablesports.agents.registry import make_agent
from tablesports.agents.value import ValueNet
from tablesports.arena.match import play_match
from tablesports.core.registry import game_tensor, heuristic_bot, load
from tablesports.envs.value_train import train_value

CHEAP = {"jukem": {}, "hanniball": {"max_turns": 6}}
PRIOR = {"jukem": "jukem-greedy", "hanniball": None}
"""Jukem's agent also plays its heuristic's step unless another rates 0.5 better (`--prior`)."""


@pytest.mark.parametrize("game_id", sorted(CHEAP))
def test_a_small_training_writes_a_network_that_plays_a_legal_game(
    tmp_path: Path, game_id: str
) -> None:
    options = CHEAP[game_id]
    heuristic = heuristic_bot(game_id)
    result = train_value(
        game_id,
        out=tmp_path / game_id,
        rounds=1,
        games=4,
        eval_games=2,
        epochs=1,
        hidden=(8,),
        jobs=1,
        seed=3,
        base=heuristic,
        prior=PRIOR[game_id],
        margin=0.5,
        options=options,
    )
    path = Path(result.network)
    net = ValueNet(path)  # numpy arrays only, read without pickle
    game = load(game_id, **options)
    assert net.facts["game"] == game_id
    assert net.features == int(np.prod(game_tensor(game_id).tensor_shape(game)))
    assert [w.shape[1] for w, _ in net.layers] == [8, 1]
    point = result.curve[0]
    assert point.positions > 0 and point.games == 2 and point.cpu_seconds > 0
    # the sidecar a shipped network carries (agents/nets/NAME.toml): how it was made
    made = tomllib.loads((path.parent / "value.toml").read_text())
    assert made["game"] == game_id and made["seed"] == 3 and made["hidden"] == [8]
    assert made["command"].startswith(f"tablesports train {game_id} --method value --rounds 1")
    assert f"--base {heuristic}" in made["command"] and "--seed 3" in made["command"]
    assert made["cpu_seconds"] == round(point.cpu_seconds)
    if PRIOR[game_id]:
        assert f"--prior {PRIOR[game_id]} --margin 0.5" in made["command"]
    spec = f"value:path={path},base={heuristic}"
    if PRIOR[game_id]:
        spec += f",prior={PRIOR[game_id]},margin=0.5"
    agent = make_agent(spec, game, seed=1)
    # play_match checks every step with is_legal and refuses an illegal one
    record = play_match(game, [agent, make_agent(heuristic, game, seed=2)], seed=5)
    assert record.returns is not None and any(p == 0 for p, _ in record.history)
