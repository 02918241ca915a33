"""`policy:path=FILE`: a policy network exported by `tablesports train`, played with numpy alone.

    tablesports train hanniball --steps 300000 --out runs/hanniball
    tablesports arena hanniball --agents policy:path=runs/hanniball/policy.npz hanniball-greedy

A policy trained by `tablesports train` (MaskablePPO) is exported to a `.npz` of its actor's
layers (`tablesports.envs.train.export_policy`); the agent encodes what its player sees with the
game's observation tensor, runs the layers (tanh between them, as sb3's MlpPolicy does) and
plays the legal action with the highest logit. The file is read without pickle, so it loads no
code. No policy file is shipped with the package (train one), and a web server never offers
this agent (its file is a path a client could choose). Needs numpy (the `rl` extra), not torch.

The file holds, per layer `i`, a float32 weight `w{i}` (out x in) or its int8 form `q{i}` with
one float32 scale per output row `s{i}`, and the bias `b{i}`; and `game`, `actions` (the size
of the game's action codec) and `trained` (a line on how it was made).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tablesports.agents.encoder import Encoder
from tablesports.core.errors import AgentError
from tablesports.core.protocol import Action, Game, State, validate_options


def read_policy(path: Path) -> tuple[list[tuple[np.ndarray, np.ndarray]], dict[str, str]]:
    """The layers (weight as float32 out x in, bias) and the facts of a policy file."""
    if not path.is_file():
        raise AgentError(
            f"policy: no policy file {str(path)!r}; make one with `tablesports train GAME "
            "--out FOLDER` (it writes FOLDER/policy.npz)"
        )
    try:
        with path.open("rb") as f, np.load(f, allow_pickle=False) as data:
            layers = []
            i = 0
            while f"b{i}" in data:
                if f"w{i}" in data:
                    weight = data[f"w{i}"].astype(np.float32)
                else:
                    weight = data[f"q{i}"].astype(np.float32) * data[f"s{i}"][:, None]
                layers.append((weight, data[f"b{i}"].astype(np.float32)))
                i += 1
            facts = {k: str(data[k]) for k in ("game", "actions", "trained") if k in data}
    except (OSError, ValueError, KeyError) as exc:
        raise AgentError(f"policy: {path} is not a policy file ({exc})") from None
    if not layers:
        raise AgentError(f"{path}: no layers (w0/q0 and b0) in this policy file")
    return layers, facts


def logits(layers: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray) -> np.ndarray:
    """The network's output for one input: tanh after every layer but the last."""
    for weight, bias in layers[:-1]:
        x = np.tanh(weight @ x + bias)
    weight, bias = layers[-1]
    return np.asarray(weight @ x + bias)


class PolicyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(..., description="the exported policy's .npz file (tablesports train)")


class PolicyAgent:
    """Plays an exported policy file; deterministic: the best legal logit."""

    name = "policy"
    Options = PolicyOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        options = validate_options(PolicyOptions, params, "agent 'policy'")
        assert isinstance(options, PolicyOptions)
        self.layers, self.facts = read_policy(Path(options.path))
        if self.facts.get("game") != game.info.id:
            raise AgentError(
                f"{self.name} plays {self.facts.get('game')}, not {game.info.id}: choose "
                "another agent (`tablesports games` lists them)"
            )
        codec = game.action_codec()
        if codec is None or len(codec.actions) != self.layers[-1][0].shape[0]:
            raise AgentError(
                f"{self.name}: the policy has {self.layers[-1][0].shape[0]} actions but "
                f"{game.info.id} has {len(codec.actions) if codec else 'no codec of'} actions"
            )
        self.actions = codec.actions
        self.ids = {a: i for i, a in enumerate(codec.actions)}
        self._encode = Encoder(game)
        self.seed = seed

    def reset(self, seed: int) -> None:
        self.seed = seed

    def step(self, state: State) -> Action:
        x = self._encode(state, state.current_player())
        scores = logits(self.layers, x)
        legal = state.legal_actions()
        # in id order, so that a tie goes to the lowest id, as the torch policy's argmax does
        ids = np.sort(np.fromiter((self.ids[a] for a in legal), np.int64, len(legal)))
        return self.actions[int(ids[int(np.argmax(scores[ids]))])]
