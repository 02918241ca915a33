"""An interactive game in the terminal: people at some seats, agents at the others.

Input is read line by line with `input()`, so a pipe works as well as a keyboard (tests, tmux),
and the end of input ends the game cleanly. A person sees `render(seat)` only, and an agent's
move or a chance outcome that their seat cannot see is announced without saying what it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from tablesports.arena.match import seat_seed
from tablesports.arena.stats import outcome_of
from tablesports.cli.common import format_returns, seat_name
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, IllegalActionError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, Action, State
from tablesports.core.records import Record, record_of

HELP = """\
Type the number of an action or the action itself as listed. Other commands:
  board          draw the position again
  actions        list the legal actions again
  history        the moves so far
  save [FILE]    write the record of the game so far (JSON)
  help           this list
  quit           leave the game (offering to save it)"""

QUIT = {"quit", "exit", "q"}
ReadLine = Callable[[str], str]


def pretty_json(record: Record) -> str:
    """The record as JSON with one field, and one history entry, per line."""
    data = record.model_dump(mode="json")
    fields = []
    for key, value in data.items():
        if key == "history" and value:
            items = ",\n".join(f"    {json.dumps(entry)}" for entry in value)
            fields.append(f'  "history": [\n{items}\n  ]')
        else:
            fields.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(fields) + "\n}"


class PlaySession:
    """One game: `agents[seat]` is an agent, or None for a person at that seat."""

    def __init__(
        self,
        state: State,
        agents: list[Agent | None],
        seed: int,
        out: Console,
        read_line: ReadLine = input,
        save_path: Path | None = None,
        start: str | None = None,
        png_path: Path | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.agents = agents
        self.seed = seed
        self.rng = random.Random(seed)
        self.out = out
        self.read_line = read_line
        self.save_path = save_path
        self.start = start
        self.png_path = png_path
        """Redraw the table into this image after every step (games with `render_png`)."""
        """The position the game began from, in the game's notation, when not the usual."""
        self.humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.hot_seat = len(self.humans) > 1
        self.shown: list[str] = []
        """What was printed for each step of this session, for `history` (hidden stays hidden)."""
        imperfect = self.game.info.information == "imperfect"
        # Everyone at the screen must not learn what their seat may not see: the log of a
        # step is masked for the people other than the one who made it.
        self.viewers: list[int] = self.humans if imperfect else []
        self.hand_overs = self.hot_seat and imperfect
        """People take turns at one screen: clear it and wait for the next one to be ready."""
        self.at_screen: int | None = None
        self.hidden_word = "(hidden)" if self.hot_seat else "(hidden from you)"
        for seat, agent in enumerate(agents):
            if agent is not None:
                agent.reset(seat_seed(seed, seat))

    # --- names ------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        agent = self.agents[seat]
        if agent is not None:
            return f"{agent.name} ({seat_name(seat)})"
        return seat_name(seat) if self.hot_seat else f"you ({seat_name(seat)})"

    def player_names(self) -> list[str]:
        return ["human" if agent is None else agent.name for agent in self.agents]

    # --- the game loop ----------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end; False when the person left (quit or end of input)."""
        while not self.state.is_terminal():
            player = self.state.current_player()
            if player == CHANCE:
                self.chance_step()
            elif self.agents[player] is not None:
                self.agent_step(player)
            elif not self.human_turn(player):
                return False
        self.finish()
        return True

    def chance_step(self) -> None:
        state = self.state
        outcome = state.sample_chance(self.rng)
        self.apply(CHANCE, outcome, "cyan")

    def agent_step(self, seat: int) -> None:
        state = self.state
        agent = self.agents[seat]
        assert agent is not None
        if self.out.is_terminal:  # a search bot may think for a while: say so
            with self.out.status(f"{self.name(seat)} is thinking ..."):
                action = agent.step(state)
        else:
            action = agent.step(state)
        if not state.is_legal(action):
            raise AgentError(
                f"agent {agent.name!r} ({seat_name(seat)}) returned the illegal action "
                f"{action!s}: {state.why_illegal(action)}"
            )
        self.apply(seat, action, "magenta")

    def apply(self, mover: int, action: Action, style: str) -> None:
        """Apply a legal action and print it as the people at the screen may see it."""
        hidden = any(
            self.state.action_seen_by(action, viewer) is None
            for viewer in self.viewers
            if viewer != mover
        )
        texts = [self.state.action_seen_by(action, v) for v in self.viewers if v != mover]
        shown = texts[0] if texts and texts[0] is not None else str(action)
        events = self.state.apply_legal(action)
        if mover == CHANCE:
            line = f"chance: {self.hidden_word if hidden else shown}"
        elif hidden:
            line = f"{self.name(mover)} plays a hidden action"
        else:
            line = f"{self.name(mover)} plays: {shown}"
        self.shown.append(line)
        self.out.print(Text(line, style="dim" if hidden else style), soft_wrap=True)
        self.show_events(events)
        if self.png_path is not None:
            self.state.render_png(str(self.png_path))  # type: ignore[attr-defined]

    def human_turn(self, seat: int) -> bool:
        """Ask until a legal action is played; False when the person leaves."""
        if self.hand_overs and self.at_screen != seat and not self.hand_over(seat):
            return self.input_ended()
        self.draw(seat)
        self.list_actions()
        while True:
            line = self.ask(f"{self.name(seat)} > ")
            if line is None:
                return self.input_ended()
            text = line.strip()
            command, _, arg = text.partition(" ")
            command = command.lower()
            if not text:
                continue
            if command in QUIT and not arg:
                self.quit()
                return False
            if self.run_command(command, arg.strip(), seat):
                continue
            action = self.choose(text)
            if action is None:
                continue
            if not self.state.is_legal(action):  # explained, the state unchanged: ask again
                explained = IllegalActionError(action, self.state.why_illegal(action))
                self.out.print(Text(str(explained), style="red"), soft_wrap=True)
                continue
            self.apply(seat, action, "green")
            return True

    def hand_over(self, seat: int) -> bool:
        """Clear the screen and wait until the person at `seat` is ready; False at end of input."""
        if self.out.is_terminal:
            self.out.clear()
        prompt = f"{self.name(seat)}: your turn - press Enter when only you see the screen "
        if self.ask(prompt) is None:
            return False
        self.at_screen = seat
        return True

    def input_ended(self) -> bool:
        self.out.print("(input ended: the game is left unfinished)")
        self.autosave()
        return False

    def run_command(self, command: str, arg: str, seat: int) -> bool:
        """Carry out a command word; False when `command` is not one."""
        if command in ("help", "?") and not arg:
            self.out.print(HELP)
        elif command == "board" and not arg:
            self.draw(seat)
        elif command == "actions" and not arg:
            self.list_actions()
        elif command == "history" and not arg:
            self.show_history()
        elif command == "save":
            target = Path(arg) if arg else self.save_path
            if target is None:
                self.out.print(Text("save needs a file name: save FILE", style="red"))
            else:
                self.save(target)
        else:
            return False
        return True

    def choose(self, text: str) -> Action | None:
        """The action a line names: its number in the list, or its text form."""
        actions = self.state.legal_actions()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            choices = "1" if len(actions) == 1 else f"1 to {len(actions)}"
            self.out.print(Text(f"no action {number}: choose {choices}, or type help", style="red"))
            return None
        try:
            return self.state.parse_action(text)
        except IllegalActionError as exc:
            self.out.print(Text(f"{exc} (type help for the commands)", style="red"), soft_wrap=True)
            return None

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        self.out.rule(Text(f"{self.name(seat)} to move"), style="dim")
        self.out.print(self.state.render(seat), soft_wrap=True)

    def list_actions(self) -> None:
        hint = getattr(self.state, "action_hint", None)
        text = hint() if hint is not None else None
        if text is not None:  # a game with too many actions to list says how to type them
            self.out.print(text, soft_wrap=True)
            return
        labels = [f"{n:>3}. {a}" for n, a in enumerate(self.state.legal_actions(), 1)]
        if not labels:
            self.out.print("(no action list here: type an action in its text form)")
            return
        width = max(len(label) for label in labels) + 2
        columns = max(1, min(len(labels), self.out.width // width))
        rows = -(-len(labels) // columns)
        for r in range(rows):
            line = "".join(labels[i].ljust(width) for i in range(r, len(labels), rows))
            self.out.print(line.rstrip(), soft_wrap=True)

    def show_events(self, events: list[Event]) -> None:
        for event in events:
            self.out.print(f"    · {event.text}", soft_wrap=True)

    def show_history(self) -> None:
        if not self.shown:
            self.out.print("no moves yet")
        for n, line in enumerate(self.shown, 1):
            self.out.print(f"{n:>4}. {line}", soft_wrap=True)

    # --- the end, leaving, saving -------------------------------------------------------------
    def finish(self) -> None:
        state = self.state
        self.out.rule(Text("game over"), style="bold")
        self.out.print(state.render(None), soft_wrap=True)
        returns = state.returns()
        self.out.print(Text(self.result_line(returns), style="bold"))
        self.autosave()

    def result_line(self, returns: list[float]) -> str:
        winners = [s for s in range(len(returns)) if outcome_of(returns, s) > 0]
        if not winners:
            verdict = "a draw"
        else:
            verdict = f"{self.name(winners[0])} wins"
            if self.agents[winners[0]] is None and not self.hot_seat:
                verdict = "you win"
        return f"result: {verdict} (returns {format_returns(returns)})"

    def quit(self) -> None:
        if self.state.history:
            if self.save_path is not None:
                answer = self.ask(f"save the game to {self.save_path}? [Y/n] ")
                if answer is not None and answer.strip().lower() in ("", "y", "yes"):
                    self.save(self.save_path)
            else:
                answer = self.ask("save the game? a file name, or Enter to leave without: ")
                name = (answer or "").strip()
                if name.lower() in ("n", "no"):
                    name = ""
                if name:
                    self.save(Path(name))
        self.out.print("you left the game")

    def autosave(self) -> None:
        if self.save_path is not None:
            self.save(self.save_path)

    def record(self) -> Record:
        return record_of(self.state, self.player_names(), self.seed, self.start)

    def save(self, path: Path) -> None:
        record = self.record()
        text = pretty_json(record) if path.suffix == ".json" else record.to_json_line()
        try:
            path.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            self.out.print(Text(f"cannot write {path}: {exc.strerror}", style="red"))
            return
        self.out.print(f"record saved to {path}")

    def ask(self, prompt: str) -> str | None:
        """A line of input, or None when input ends."""
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave cleanly, not a traceback
            self.out.print()
            return None
