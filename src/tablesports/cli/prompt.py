"""Reading a line at the play prompt: prompt_toolkit on a terminal, `input()` from a pipe.

prompt_toolkit rather than the standard library's readline: it edits the line (arrow keys,
Home/End, Ctrl-W), keeps a history (Up/Down) and completes with Tab the same way on Linux,
macOS and Windows, where readline is missing or is libedit with other key bindings; and its
completer sees the whole line, so multi-word actions such as `move 7 to 3,14` complete as one.
When stdin or stdout is not a terminal (a pipe, a test), lines are read with `input()` and
echoed, so a transcript reads as it was typed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document

ReadLine = Callable[[str], str]
Candidates = Callable[[], Iterable[str]]
"""What may be typed now: the legal actions' texts, the shortcuts and the commands."""


def matches(candidates: Iterable[str], typed: str) -> list[str]:
    """The candidates that complete `typed`: the ones it begins, else the ones with a word it
    begins (so `pow` offers `choose pow`), each once, in their order."""
    typed_l = typed.lower()
    seen: set[str] = set()
    starts: list[str] = []
    inner: list[str] = []
    for text in candidates:
        low = text.lower()
        if low in seen or low == typed_l:
            continue
        seen.add(low)
        if low.startswith(typed_l):
            starts.append(text)
        elif typed_l and f" {typed_l}" in f" {low}":
            inner.append(text)
    return starts or inner


def make_completer(candidates: Candidates) -> Any:
    """A prompt_toolkit completer over the whole line (imported here: only a terminal needs it)."""
    from prompt_toolkit.completion import Completer, Completion

    class LineCompleter(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterator[Completion]:
            typed = document.text_before_cursor
            for text in matches(candidates(), typed.lstrip()):
                yield Completion(text, start_position=-len(typed))

    return LineCompleter()


def terminal_reader(candidates: Candidates, **session_args: Any) -> ReadLine:
    """A reader with line editing, history and Tab completion (`session_args` for tests:
    `input=` and `output=`)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    session: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=make_completer(candidates),
        complete_while_typing=False,
        **session_args,
    )

    def read(prompt: str) -> str:
        return session.prompt(prompt)

    return read


def pipe_reader(out: Console) -> ReadLine:
    """`input()`, echoing each line so that the transcript reads as it was typed."""

    def read(prompt: str) -> str:
        line = input(prompt)
        out.print(line, soft_wrap=True)
        return line

    return read


def line_reader(out: Console, candidates: Candidates) -> ReadLine:
    """The reader for this process: the terminal one when both ends are a terminal."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return terminal_reader(candidates)
    return pipe_reader(out)
