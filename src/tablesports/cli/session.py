"""An interactive game in the terminal: people at some seats, agents at the others.

Input is read line by line (`prompt.py`: prompt_toolkit on a terminal, `input()` from a pipe),
and the end of input ends the game cleanly. A line is an action, its number or a shortcut
(`shortcuts.py`), checked whole on a clone before anything is played. A person sees their
seat's view only, and an agent's move or a chance outcome that their seat cannot see is
announced without saying what it was. `undo` rebuilds the state from the history without the
last command of a person (and what followed it), at most `UNDOS_PER_MATCH` times a game.

Chance is drawn from the game's secret seed by move number (`fairness.chance_rng`), and a bot
is seeded from it for each move. The seed is shown only as its commitment until the game is
over; then it is revealed, and `tablesports replay --verify` checks the record. An undo never
goes back past a step that revealed something (`core.undo`: a roll, a card, another seat's
hidden play). A save while the game is played retires the seed (the file may hold it only once
nothing it deals is still to come) and the game draws on from a fresh one, as a resumed game
does: no file holds a seed the game still draws from, and undo stops at that point.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from tablesports.arena.match import UNDOS_PER_MATCH
from tablesports.arena.stats import outcome_of
from tablesports.cli import details, shortcuts
from tablesports.cli.board import Board
from tablesports.cli.common import format_returns, seat_name
from tablesports.cli.leaving import Stopped, held
from tablesports.cli.menu import menu
from tablesports.cli.pager import page
from tablesports.cli.prompt import ReadLine, line_reader
from tablesports.cli.record_limit import MAX_RECORD_BYTES
from tablesports.cli.shortcuts import odds
from tablesports.cli.targets import file_problem, written_path
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, RecordError
from tablesports.core.events import Event
from tablesports.core.fairness import Seed, agent_seed, chance_rng, commitment, new_secret
from tablesports.core.protocol import CHANCE, Action, State
from tablesports.core.records import EarlierSeed, Record, read_records, record_of
from tablesports.core.undo import REFUSALS, undo_floor

HELP = """\
Type an action as listed, its number, or a shortcut (Enter: the default the
prompt shows); Tab completes, Up/Down recalls.
  actions [WORD] the legal actions (those with WORD in them)
  board          draw the position again
  history        the moves so far
  undo           take back your last move (and the replies to it): {undos} a game,
                 never past a roll, a card drawn or a hidden play of the other
                 side; `undo turn` takes back your whole last turn, as one
  rules          the rules of the game
  save [FILE]    write the record of the game so far (JSON)
  help           this list
  quit           leave the game (offering to save it)"""

QUIT = {"quit", "exit", "q"}
_STEP_TO = re.compile(r"[-~*^]([a-z]\d{1,2})$")
MENU_LINES = 6
"""A longer menu is left for `actions`: the board and the log need the screen."""
COMMANDS = [
    "actions",
    "board",
    "history",
    "undo",
    "rules",
    "save",
    "help",
    "quit",
    "roster",
    "info",
    "moves",
    "confirm",
]

EVENT_STYLES = [
    (r"\b\d*D\d+=[0-9+-]+", "bold"),
    (r"\b\d+\+", "bold"),
    (r"\bsuccess\b", "bold green"),
    (r"\bfailure\b", "bold red"),
    (r"(?i)\b(?:touchdown|goal)\b!?", "bold yellow"),
    (r"(?i)\bturnover\b", "bold red"),
]
"""What a log line marks: the roll, the target number, its result, what ends a turn."""


class Interrupted(Exception):
    """Ctrl-C while an agent thinks: the game is left, its record kept."""


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
        seed: Seed,
        out: Console,
        read_line: ReadLine | None = None,
        save_path: Path | None = None,
        start: str | None = None,
        meta: dict[str, Any] | None = None,
        png_path: Path | None = None,
        view_seat: int | None = None,
        earlier_seeds: list[EarlierSeed] | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.agents = agents
        self.seed = seed
        """The secret every chance outcome is drawn from, by move number; shown at the end."""
        self.earlier_seeds = list(earlier_seeds or [])
        """The seeds retired by a save or a resume, with the steps they dealt (`Record`)."""
        self.out = out
        self.read_line = read_line or line_reader(out, self.candidates)
        self.save_path = save_path
        self.start = start
        """The position the game began from, in the game's notation, when not the usual."""
        self.png_path = png_path
        """Redraw the table into this image after every step (games with `render_png`)."""
        self.meta = meta or {}
        """Kept in the record, for `--resume`: the opponent's spec, the person's seat, the
        undos taken."""
        self.view_seat = view_seat
        """Saves hold only what this seat may know (`Record.for_seat`); None: the full record."""
        self.humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.hot_seat = len(self.humans) > 1
        self.shown: list[str] = []
        """What was printed for each step of this session, for `history` (hidden stays hidden)."""
        self.base = len(self.fresh_state().history) if start else 0
        """The steps the start position came with (they cannot be undone)."""
        self.since = max(self.base, self.earlier_seeds[-1].until if self.earlier_seeds else 0)
        """No undo goes back before this: the start, or where the current seed took over."""
        self.marks: list[tuple[int, int]] = [
            (i, i - self.base)
            for i, (p, _) in enumerate(state.history)
            if p in self.humans and i >= self.base
        ]
        """Where each person's command began: (history length, `shown` length), for `undo`."""
        imperfect = self.imperfect = self.game.info.information == "imperfect"
        # Everyone at the screen must not learn what their seat may not see: the log of a
        # step is masked for the people other than the one who made it.
        self.viewers: list[int] = self.humans if imperfect else []
        self.hand_overs = self.hot_seat and imperfect
        """People take turns at one screen: clear it and wait for the next one to be ready."""
        self.at_screen: int | None = None
        self.hidden_word = "(hidden)" if self.hot_seat else "(hidden from you)"
        self.board = Board(out)
        self.drawn = ""
        """The last picture drawn: the board is drawn again only when it changed."""
        self.face_down: list[tuple[int, str, str]] = []
        """Steps shown as played face down: (index in `shown`, the action, the line shown)."""
        self.confirm = True
        """Blood Bowl: a line that rolls dice waits for a yes (`confirm off`, `odds.py`)."""
        for seat, agent in enumerate(agents):
            if agent is not None:
                agent.reset(agent_seed(seed, seat))
        if len(state.history) > self.base:  # resumed: `history` lists the steps before too
            self.tell_resumed()

    # --- names ------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        agent = self.agents[seat]
        if agent is not None:
            return f"{agent.name} ({seat_name(seat)})"
        return seat_name(seat) if self.hot_seat else f"you ({seat_name(seat)})"

    def player_names(self) -> list[str]:
        return ["human" if agent is None else agent.name for agent in self.agents]

    def candidates(self) -> list[str]:
        """What Tab completes: the legal actions' texts and the commands."""
        if self.state.current_player() < 0:
            return COMMANDS
        return [*shortcuts.legal_texts(self.state), *COMMANDS]

    # --- the game loop ----------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end; False when the person left (quit, Ctrl-C or end of input)."""
        try:
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player == CHANCE:
                    self.chance_step()
                elif self.agents[player] is not None:
                    self.agent_step(player)
                elif not self.human_turn(player):
                    return False
            self.finish()
        except (Interrupted, KeyboardInterrupt):
            # Ctrl-C anywhere (a bot thinking, the board being drawn, a roll): the record is
            # built from the history, which holds only whole steps, so it is always sound
            self.autosave()
            left = "the game is over" if self.state.is_terminal() else "the game is left unfinished"
            self.out.print(Text(f"(interrupted: {left})", style="yellow"))
            return False
        except Stopped as stop:
            self.stopped(stop)
            raise
        return True

    def stopped(self, stop: Stopped) -> None:
        """SIGTERM or SIGHUP: saved as on Ctrl-C. The terminal may be gone (SIGHUP), so the
        record is written first and the words after it may reach no one."""
        try:
            self.autosave()
            left = "the game is over" if self.state.is_terminal() else "the game is left unfinished"
            self.out.print(Text(f"({stop}: {left})", style="yellow"))
        except OSError:
            pass

    def chance_step(self) -> None:
        state = self.state
        # keyed by the game's own move number: undo and resume meet the same dice again
        outcome = state.sample_chance(chance_rng(self.seed, len(state.history)))
        self.apply(CHANCE, outcome, "dim cyan")

    def agent_step(self, seat: int) -> None:
        state = self.state
        agent = self.agents[seat]
        assert agent is not None
        # seeded for this move: the same position meets the same reply after an undo
        agent.reset(agent_seed(self.seed, seat, len(state.history)))
        try:
            if self.out.is_terminal:  # a search bot may think for a while: say so
                with self.out.status(f"{self.name(seat)} is thinking ... (Ctrl-C leaves)"):
                    action = agent.step(state)
            else:
                action = agent.step(state)
        except KeyboardInterrupt:
            raise Interrupted from None
        if not state.is_legal(action):
            raise AgentError(
                f"agent {agent.name!r} ({seat_name(seat)}) returned the illegal action "
                f"{action!s}: {state.why_illegal(action)}"
            )
        self.apply(seat, action, "magenta")

    def apply(self, mover: int, action: Action, style: str) -> None:
        """Apply a legal action and print it as the people at the screen may see it."""
        line, hidden, events = self.tell(self.state, mover, action)
        self.out.print(Text(line, style="dim" if hidden else style), soft_wrap=True)
        self.show_events(events)
        if self.png_path is not None:
            self.state.render_png(str(self.png_path))  # type: ignore[attr-defined]

    def tell(self, state: State, mover: int, action: Action) -> tuple[str, bool, list[Event]]:
        """Apply a legal action to `state` and keep for `history` how it is told to the people
        at the screen: (the line, whether it was hidden from them, its events)."""
        hidden = any(
            state.action_seen_by(action, viewer) is None
            for viewer in self.viewers
            if viewer != mover
        )
        texts = [state.action_seen_by(action, v) for v in self.viewers if v != mover]
        shown = texts[0] if texts and texts[0] is not None else str(action)
        self.board.before(state, mover, action)
        events = state.apply_legal(action)
        shown = self.board.shown_as(state, action, shown)
        if mover == CHANCE:
            line = f"chance: {self.hidden_word if hidden else shown}"
        elif hidden:
            line = f"{self.name(mover)} plays a hidden action"
        else:
            line = f"{self.name(mover)} plays: {shown}"
        # `history` keeps what the step's events said (Blood Bowl: `2D6=1+6` is an armour roll)
        entry = "\n".join([line, *(f"      · {event.text}" for event in events)])
        self.shown.append(entry)
        self.reveal(events)
        if shown.endswith("(face down)"):  # turned face up later: `history` then names it
            self.face_down.append((len(self.shown) - 1, str(action), entry))
        return line, hidden, events

    def tell_resumed(self) -> None:
        """A resumed game's steps before the resume, told in `history` as they would have
        been: the game is played again from its start, printing nothing."""
        state = self.fresh_state()
        for mover, action in self.state.history[self.base :]:
            self.tell(state, mover, action)
        self.board.forget()

    def reveal(self, events: list[Event]) -> None:
        """Name in `history` the cards played face down that these events turn face up."""
        said = " ".join(event.text for event in events)
        for down in list(self.face_down):
            n, text, entry = down
            if n < len(self.shown) and self.shown[n] == entry and text.split()[-1] in said:
                line, *rest = entry.split("\n")
                head = line.rsplit(": ", 1)[0]
                self.shown[n] = "\n".join([f"{head}: {text} (face down, revealed later)", *rest])
                self.face_down.remove(down)

    def human_turn(self, seat: int) -> bool:
        """Ask until a legal command is played; False when the person leaves."""
        if self.hand_overs and self.at_screen != seat and not self.hand_over(seat):
            return self.input_ended()
        self.draw(seat, again=False)
        self.show_menu()
        while True:
            usual = shortcuts.default(self.state)  # Enter: the one choice, or the usual answer
            shown = f" [Enter: {usual}]" if usual and len(self.state.legal_actions()) > 1 else ""
            line = self.ask(f"{self.name(seat)}{shown} > ")
            if line is None:
                return self.input_ended()
            text = line.strip()
            command, _, arg = text.partition(" ")
            command = command.lower()
            if not text:
                if usual is None:
                    continue
                text = usual
            if self.is_legal_text(text):  # Jukem's `save SAVE-4` is the play, not the command
                command = ""
            if command in QUIT and not arg:
                self.quit()
                return False
            if command == "undo" and arg.strip() in ("", "turn"):
                if self.undo(seat, whole_turn=arg.strip() == "turn"):
                    return True
                continue
            if self.run_command(command, arg.strip(), seat):
                continue
            text, forced, careful = odds.marks(self.game.info.id, text)  # `8 14,2!`, `safe ...`
            resolved = shortcuts.resolve(self.state, text, COMMANDS)
            planned = resolved.problem or shortcuts.plan(self.state, resolved.texts)
            if careful and not isinstance(planned, str):
                planned = odds.safe(self.state, planned)
            if isinstance(planned, str):  # explained, the state unchanged: ask again
                self.out.print(Text(planned, style="red"), soft_wrap=True)
                continue
            if not forced and not self.confirmed(planned):
                continue
            self.marks.append((len(self.state.history), len(self.shown)))
            for action in planned:
                self.apply(seat, action, "green")
            return True

    def confirmed(self, planned: list[Action]) -> bool:
        """A line whose steps roll dice is shown with its rolls and chance, and played on Enter
        or y only (anything else leaves the position as it was)."""
        said, ask = odds.warning(self.state, planned)
        if said is not None:
            self.out.print(Text(said, style="yellow" if ask else "dim"), soft_wrap=True)
        if not ask or not self.confirm:
            return True
        answer = self.ask("play it? Enter or y plays, anything else cancels > ")
        if answer is not None and answer.strip().lower() in ("", "y", "yes"):
            return True
        self.out.print(Text("not played: the position is as it was", style="yellow"))
        return False

    def is_legal_text(self, text: str) -> bool:
        """Whether `text` is exactly a legal action's text (its notes left out, any case)."""
        low = " ".join(text.split()).lower()
        return any(t.lower() == low for t in shortcuts.legal_texts(self.state))

    def hand_over(self, seat: int) -> bool:
        """Clear the screen and wait until the person at `seat` is ready; False at end of input."""
        if self.out.is_terminal:
            self.out.clear()
        self.drawn = ""
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
            self.out.print(HELP.format(undos=UNDOS_PER_MATCH))
            if details.supported(self.game.info.id):
                self.out.print(details.HELP[self.game.info.id])
            hint = shortcuts.hint(self.game.info.id)
            if hint:
                self.out.print(hint, soft_wrap=True)
            if self.game.info.id == "bloodbowl":
                self.out.print(odds.HELP)
            words = shortcuts.glossary(self.game.info.id)
            if words:
                self.out.print(words)
        elif command == "board" and not arg:
            self.draw(seat, again=True)
            self.show_menu()  # the numbered choices stay in sight with the board
        elif command == "actions":
            self.list_actions(arg)
        elif command == "history" and not arg:
            self.show_history()
        elif command == "rules" and not arg:
            self.show_rules()
        elif command == "roster" and not arg and details.supported(self.game.info.id):
            self.out.print(details.roster(self.state))
        elif command == "info" and arg and details.supported(self.game.info.id):
            self.out.print(details.info(self.state, seat, arg), soft_wrap=True)
        elif command in ("moves", "confirm") and self.game.info.id == "bloodbowl":
            self.odds_command(command, arg.lower(), seat)
        elif command == "save":
            target = Path(arg) if arg else self.save_path
            if target is None:
                self.out.print(Text("save needs a file name: save FILE", style="red"))
            else:
                self.save(target)
        else:
            return False
        return True

    def odds_command(self, command: str, arg: str, seat: int) -> None:
        """Blood Bowl's `moves [N]` and `confirm on|off`."""
        if command == "moves":
            self.out.print(odds.moves(self.state, seat, arg, self.out.width), soft_wrap=True)
        elif arg in ("on", "off"):
            self.confirm = arg == "on"
            ask = "asks before" if self.confirm else "plays at once"
            self.out.print(f"confirm {arg}: a line that rolls dice {ask}")
        else:
            self.out.print(Text(f"confirm takes on or off, not {arg!r}", style="red"))

    # --- undo -------------------------------------------------------------------------------
    def turn_marks(self, seat: int) -> int:
        """How many of the last marks are `seat`'s commands of one turn: those since the
        other side (a person or a bot, not chance) last played before them (HanniBall's
        steps and its `end`, taken back as one undo)."""
        history, count = self.state.history, 1
        while count < len(self.marks):
            start, end = self.marks[-count - 1][0], self.marks[-count][0]
            if any(p != seat and p >= 0 for p, _ in history[start:end]):
                break
            if history[start][0] != seat:
                break
            count += 1
        return count

    def undo(self, seat: int, whole_turn: bool = False) -> bool:
        """Take back the last command of a person and all that followed (with `whole_turn`,
        every command of that person's last turn): the state is rebuilt from the start and
        the history before it (True when something was taken back). One undo either way."""
        if not self.marks:
            self.out.print(Text("nothing to undo yet", style="red"))
            return False
        if self.undos_left() <= 0:
            self.out.print(
                Text(f"no undo left: {UNDOS_PER_MATCH} undos a game, all taken", style="red")
            )
            return False
        back = self.turn_marks(seat) if whole_turn else 1
        length, shown = self.marks[-back]
        floor = undo_floor(self.state.history, seat, self.imperfect, self.since)
        if length < floor.length:
            why = REFUSALS.get(floor.reason or "", "")
            self.out.print(Text(f"cannot undo: {why}", style="red"), soft_wrap=True)
            return False
        del self.marks[-back:]
        self.meta["undos"] = self.undos_taken() + 1
        history = self.state.history
        # name only the undoer's own moves: another person's may be hidden from this seat
        taken = [str(a) for p, a in history[length:] if p == seat]
        state = self.fresh_state()
        for _, action in history[self.base : length]:
            state.apply_legal(action)
        self.state = state
        del self.shown[shown:]
        self.board.forget()
        self.drawn = ""
        others = len(history) - length - len(taken)
        steps = f"{others} step{'s' * (others != 1)}"
        note = f"{', '.join(taken)} and {steps} after it" if taken and others else steps
        if taken and not others:
            note = ", ".join(taken)
        if self.state.current_player() == seat:  # the board first, so the note stays in sight
            self.draw(seat, again=False)
        left = self.undos_left()
        self.out.print(
            Text(f"took back {note} ({left} undo{'s' * (left != 1)} left)", style="yellow")
        )
        return True

    def undos_taken(self) -> int:
        taken = self.meta.get("undos", 0)
        return max(0, taken) if isinstance(taken, int) else 0  # a record is data: never below 0

    def undos_left(self) -> int:
        return max(0, UNDOS_PER_MATCH - self.undos_taken())

    def fresh_state(self) -> State:
        return self.game.from_position(self.start) if self.start else self.game.new_initial_state()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, seat: int, again: bool) -> None:
        """The position as `seat` sees it, when it changed since the last drawing (or `again`)."""
        picture = self.state.render(seat)
        if picture == self.drawn and not again:
            return
        self.drawn = picture
        if self.out.height >= 40:  # on a short terminal every line counts
            self.out.rule(Text(f"{self.name(seat)} to move"), style="dim")
        self.board.draw(self.state, seat, legend=again)

    def show_menu(self) -> None:
        texts = [shortcuts.label(self.state, str(a)) for a in self.state.legal_actions()]
        hint = getattr(self.state, "action_hint", None)
        text = hint() if hint is not None else None
        if text is not None:  # a game with too many actions to list says how to type them
            self.out.print(text, soft_wrap=True)
            shortcut_hint = shortcuts.hint(self.game.info.id)
            if shortcut_hint:  # and the shorter ways to type them (Juggers' `1 at goal`)
                self.out.print(Text(shortcut_hint, style="dim"), soft_wrap=True)
            return
        if not texts:
            self.out.print("(no action list here: type an action in its text form)")
            return
        lines = menu(texts, self.out.width)
        if len(texts) == 1:
            lines[-1] += " (Enter)"  # an empty line takes the one choice
        if sum(line.count("\n") + 1 for line in lines) > MENU_LINES:
            # the piece in hand (the one this seat just moved) keeps its line
            square = self.in_hand()
            lines = [line for line in lines if square and line.startswith(f"{square}: ")]
            lines.append(f"{len(texts)} legal actions: type one, a shortcut, or actions [WORD]")
        for line in lines:
            self.out.print(line, soft_wrap=True)
        hint = shortcuts.hint(self.game.info.id)
        if len(texts) > 16 and hint:
            self.out.print(Text(hint, style="dim"), soft_wrap=True)

    def in_hand(self) -> str | None:
        """The square a piece of the seat to move went to in its last step this turn."""
        seat = self.state.current_player()
        for player, action in reversed(self.state.history):
            if player == CHANCE:
                continue
            if player != seat:
                return None
            m = _STEP_TO.search(str(action))
            return m[1] if m else None
        return None

    def list_actions(self, word: str = "") -> None:
        texts = [shortcuts.label(self.state, str(a)) for a in self.state.legal_actions()]
        labels = [t for t in texts if word.lower() in t.lower()] if word else texts
        if not texts:
            self.out.print("(no action list here: type an action in its text form)")
            return
        if not labels:
            self.out.print(Text(f"no legal action has {word!r} in it", style="red"))
            return
        numbers = {t: n for n, t in enumerate(texts, 1)}
        width = max(len(t) for t in labels) + 7
        columns = max(1, self.out.width // width)
        rows = -(-len(labels) // columns)
        cells = [f"{numbers[t]:>3}. {t}".ljust(width) for t in labels]
        for r in range(rows):
            line = "".join(cells[i] for i in range(r, len(cells), rows))
            self.out.print(line.rstrip(), soft_wrap=True)

    def show_events(self, events: list[Event]) -> None:
        for event in events:
            text = Text(f"    · {event.text}")
            for pattern, style in EVENT_STYLES:
                text.highlight_regex(pattern, style)
            self.out.print(text, soft_wrap=True)

    def show_history(self) -> None:
        if not self.shown:
            self.out.print("no moves yet")
        for n, line in enumerate(self.shown, 1):
            self.out.print(f"{n:>4}. {line}", soft_wrap=True)

    def show_rules(self) -> None:
        from rich.markdown import Markdown

        page(self.out, Markdown(self.game.rules_page()))

    # --- the end, leaving, saving -------------------------------------------------------------
    def finish(self) -> None:
        state = self.state
        self.out.rule(Text("game over"), style="bold")
        self.board.draw(state, None)
        returns = state.returns()
        self.out.print(Text(self.result_line(returns), style="bold"))
        # the game is over: the seed may be known now, and checked against the commitment
        self.out.print(f"seed {self.seed} (its commitment was {commitment(self.seed)})")
        self.autosave()
        if self.save_path is not None:
            self.out.print(f"check the dice with: tablesports replay --verify {self.save_path}")
        if self.save_path is None and self.humans:  # the game is worth keeping: offer it
            self.offer_save("save the game? a file name, or Enter to leave without: ")

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
                # Ctrl-C or the end of input here keeps the promise of --save: yes
                if answer is None or answer.strip().lower() in ("", "y", "yes"):
                    self.save(self.save_path)
            else:
                self.offer_save("save the game? a file name, or Enter to leave without: ")
        self.out.print("you left the game")

    def offer_save(self, prompt: str) -> None:
        """Ask for a file name and save there; Enter, `n` or the end of input: no file."""
        answer = self.ask(prompt)
        name = (answer or "").strip()
        if name.lower() in ("n", "no"):
            name = ""
        if name:
            self.save(Path(name))

    def autosave(self) -> None:
        if self.save_path is not None:
            self.save(self.save_path)

    def record(self) -> Record:
        """The record to save: while the game is played, its current seed only as the
        commitment, the retired ones only where the record hides no step they dealt; all of
        them once the game is over."""
        record = record_of(
            self.state, self.player_names(), self.seed, self.start, "by-move", **self.meta
        ).model_copy(update={"earlier_seeds": list(self.earlier_seeds)})
        # once the game is over nothing is hidden any more (the seed, revealed, would rebuild
        # every hidden draw): the whole record, which replay checks step by step and result
        if self.view_seat is not None and record.returns is None:
            record = record.for_seat(self.view_seat, self.game)
        if record.returns is not None:
            return record
        return record.sealed(earlier=not record.redacted)

    def retire_seed(self) -> None:
        """After a save of the unfinished game: its seed deals no more (the file may show it
        once nothing it dealt is hidden); the game draws on from a fresh secret, announced by
        its commitment, and undo stops here."""
        if self.state.is_terminal():
            return
        until = len(self.state.history)
        if self.earlier_seeds and self.earlier_seeds[-1].until >= until:
            return  # nothing drawn since the last save: the current seed is still unseen
        self.earlier_seeds.append(
            EarlierSeed(until=until, commitment=commitment(self.seed), seed=self.seed)
        )
        self.seed = new_secret()
        self.since = until  # `undo` then says why it stops here, as after a resume
        self.out.print(
            f"the dice from here are committed to {commitment(self.seed)[:16]} "
            "(a saved game draws on from a fresh secret; undo stops here)"
        )

    def save(self, path: Path) -> None:
        # the seed is retired first: the file may then show it, and never the one to come
        self.retire_seed()
        record = self.record()
        problem = self.unsavable(path, record)
        if problem is not None:
            self.out.print(Text(problem, style="red"), soft_wrap=True)
            return
        text = pretty_json(record) if path.suffix == ".json" else record.to_json_line()
        # written beside and renamed: a save cut short (Ctrl-C again) never leaves half a file;
        # through a symbolic link, its target is replaced and the link kept
        real = written_path(path)
        part = real.with_name(real.name + ".part")
        try:
            with held():  # SIGTERM or SIGHUP meanwhile waits until the file is whole
                try:
                    part.write_text(text + "\n", encoding="utf-8")
                    os.replace(part, real)
                finally:
                    part.unlink(missing_ok=True)
        except OSError as exc:
            self.out.print(Text(f"cannot write {path}: {exc.strerror}", style="red"))
            return
        self.out.print(f"record saved to {path}")
        if path.suffix != ".json" or self.state.is_terminal():
            return
        if record.redacted:
            self.out.print("(your seat's view, hidden steps left out: --full-record to resume)")
            return
        self.out.print(f"continue it with: tablesports play --resume {path}")

    def unsavable(self, path: Path, record: Record) -> str | None:
        """Why `record` must not be written to `path`, or None: a path that names no file, or a
        file holding a fuller record of this game (a seat's view never replaces the whole)."""
        if not path.name or path.name in (".", "..") or path.is_dir():
            return f"cannot save to {path}: that is a folder; give a file name, e.g. save game.json"
        problem = file_problem(path)  # a missing folder, a FIFO, no permission
        if problem is not None:
            return f"cannot save to {path}: {problem}"
        if record.seat_view is None or not path.is_file():
            return None
        try:
            old = next(iter(read_records(path, limit=MAX_RECORD_BYTES)), None)
        except RecordError:
            return None  # not a record: an ordinary file, overwritten as asked
        if old is None or old.seat_view is not None:
            return None
        theirs = {old.commitment or (None if old.seed is None else commitment(old.seed))}
        theirs |= {e.commitment for e in old.earlier_seeds}
        mine = {record.commitment, *(e.commitment for e in record.earlier_seeds)}
        if not (theirs & mine) - {None}:
            return None  # another game: overwritten as asked
        return (
            f"not saved: {path} holds the full record of this game, and this save would be only "
            "your seat's view; save to another file, or play with --full-record"
        )

    def ask(self, prompt: str) -> str | None:
        """A line of input, or None when input ends."""
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave cleanly, not a traceback
            self.out.print()
            return None
