"""Every command line of the docs, and how CI runs each one (tests/cli/test_docs_commands.py).

**The docs**: README.md, docs/*.md, docs/games/*.md (the games' rules pages, through their
symbolic links) and any docs/designers/**/*.md.

**What counts as a command line**, in a code block (fenced, or indented by four spaces):

- in a block marked `sh`, `bash` or `shell`: every line that is not blank or a comment, a
  line ending in `\\` joined with the next, a here-document (`<<'EOF'` ... `EOF`) taken with
  its command; a line that only sets shell variables (`N='...'`) is kept for the commands
  after it in the block and is not a command itself;
- in a block marked `console`: the lines that start with the prompt `$ ` (the rest is output);
- in an unmarked block (pictures of boards, positions, commands): the lines that start with
  `$ `, and those whose program (the first word after `VAR=value` settings and the `nice` and
  `timeout` wrappers) is one of `PROGRAMS`, also as a path (`.venv/bin/tablesports`);
- blocks marked anything else (`python`, `json`, `toml`, `ini`, `nginx`, `yaml`, `text` for
  printed output) hold no command lines.

**How each is run** (`plan`): a command matched by `NOT_RUN` is not run and the table says why
(it changes the machine, needs a deployed site, or is covered by a named test); `make run` is
run as its recipe (`ALIASES`); `mkdir -p` makes its folders; every other command must be a
`tablesports` command or a `python scripts/...`/`benchmarks/...` script, and runs in a scratch
folder after the substitutions below (`SIZES`, `ADDED`, `BUDGETS`, `AGENT_DEFAULTS`,
`GAME_OPTIONS`, `SCRIPT_ARGS`, `FILES`: fewer games, shorter budgets, one process). A command
that reads what an earlier one of its doc writes runs after it. A command line that is none of
these fails the test: "add it to the table" (a new command is never skipped unseen).
"""

from __future__ import annotations

import contextlib
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SHELL_BLOCKS = {"sh", "bash", "shell"}
PROMPT_BLOCKS = {"console"}
PLAIN_BLOCKS = {""}
PROGRAMS = {
    "tablesports", "make", "mkdir", "python", "python3", "pip", "pip3", "nice", "timeout", "curl",
    "uv", "pipx", "pytest", "ruff", "mypy", "git", "docker", "apt-get", "apt", "systemctl",
}  # fmt: skip
"""Programs whose lines in an unmarked block are command lines (so a new one there is seen)."""

WRAPPERS = {"nice": {"-n"}, "timeout": set()}
"""Wrappers dropped before a command is run: `nice` (CI has its own priority) and `timeout N`
(every command has the test's own time limit, `TIMEOUT`)."""

TIMEOUT = 120
"""Seconds a command may take at its CI size (each is a few seconds); then it fails."""


@dataclass(frozen=True)
class DocCommand:
    """One command line of a doc: where it is and its text as written (joined, no comment)."""

    doc: str
    line: int
    text: str
    variables: tuple[tuple[str, str], ...] = ()
    """Shell variables set by earlier lines of its block (`N='...'`), for `$N`."""

    def where(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def doc_files() -> list[Path]:
    docs = ROOT / "docs"
    found = [ROOT / "README.md", *sorted(docs.glob("*.md")), *sorted(docs.glob("games/*.md"))]
    return found + sorted((docs / "designers").rglob("*.md"))


def strip_comment(line: str) -> str:
    """The line without a shell comment (a `#` that starts a word, outside quotes)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:  # an unclosed quote: still a command line, judged by its first word
        return text.split()


def program_of(words: list[str]) -> tuple[str, list[str]]:
    """The program's name (its path's last part) and its arguments, past `VAR=value` settings
    and the `WRAPPERS`."""
    i = 0
    while i < len(words):
        word = words[i]
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", word):
            i += 1
        elif word in WRAPPERS:
            i += 1
            while i < len(words) and (words[i] in WRAPPERS[word] or words[i][:1].isdigit()):
                i += 1
        else:
            return word.rsplit("/", 1)[-1], words[i + 1 :]
    return "", []


def _is_assignment(text: str) -> dict[str, str] | None:
    words = _words(text)
    settings = [w.partition("=") for w in words]
    if words and all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k) and s for k, s, _ in settings):
        return {k: v for k, _, v in settings}
    return None


def _blocks(lines: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Each code block: its language and its numbered lines (fenced, or indented by four
    spaces after a blank line: an unmarked block)."""
    blocks: list[tuple[str, list[tuple[int, str]]]] = []
    fence, language = "", ""
    fenced: list[tuple[int, str]] = []
    indented: list[tuple[int, str]] | None = None
    previous_blank = True
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                blocks.append((language, fenced))
                fence = ""
            else:
                fenced.append((number, line))
            continue
        if indented is not None:
            if line.startswith("    ") or not stripped:
                if stripped:
                    indented.append((number, line[4:]))
                continue
            blocks.append(("", indented))
            indented = None
        opening = re.match(r" {0,3}(```+|~~~+)\s*([\w+-]*)", line)
        if opening:
            fence, language, fenced = opening.group(1), opening.group(2).lower(), []
        elif line.startswith("    ") and stripped and previous_blank:
            indented = [(number, line[4:])]
        previous_blank = not stripped
    if indented is not None:
        blocks.append(("", indented))
    return blocks


def commands_in(path: Path) -> list[DocCommand]:
    """The command lines of one doc, in order."""
    doc = path.relative_to(ROOT).as_posix()
    found: list[DocCommand] = []
    for language, numbered in _blocks(path.read_text(encoding="utf-8").splitlines()):
        if language not in SHELL_BLOCKS | PROMPT_BLOCKS | PLAIN_BLOCKS:
            continue
        variables: dict[str, str] = {}
        i = 0
        while i < len(numbered):
            number, line = numbered[i]
            i += 1
            text = line.strip()
            prompted = text.startswith("$ ")
            text = text[2:] if prompted else text
            text = strip_comment(text)
            while text.endswith("\\") and i < len(numbered):
                text = text[:-1].rstrip() + " " + strip_comment(numbered[i][1].strip())
                i += 1
            if not text:
                continue
            heredoc = re.search(r"<<-?\s*'?\"?(\w+)", text)
            if heredoc:
                body = []
                while i < len(numbered) and numbered[i][1].strip() != heredoc.group(1):
                    body.append(numbered[i][1])
                    i += 1
                i += 1
                text += "\n" + "\n".join(body) + "\n" + heredoc.group(1)
            if language in PROMPT_BLOCKS and not prompted:
                continue
            if (
                language in PLAIN_BLOCKS
                and not prompted
                and program_of(_words(text))[0] not in PROGRAMS
            ):
                continue
            settings = _is_assignment(text)
            if settings is not None:
                variables.update(settings)
                continue
            found.append(DocCommand(doc, number, text, tuple(variables.items())))
    return found


def all_commands() -> list[DocCommand]:
    return [c for path in doc_files() for c in commands_in(path)]


# --- how each command is run --------------------------------------------------------------

MACHINE = (
    "changes the machine (root: packages, users, services, /etc, /opt): a step of the "
    "deployment guide; the server it sets up is tested by tests/web"
)
SITE = (
    "asks a deployed site (play.example.org, its metrics port): tests/web makes the same "
    "requests of a real server (/healthz, the lobby, /api/games, POST /api/matches, the "
    "websocket, /metrics)"
)
INSTALL = (
    "installs from a registry or a built wheel: CI's venv has every extra (`make test`); "
    "tests/packaging/test_wheel.py builds the wheel and installs each extra from it"
)
NOT_RUN: list[tuple[str, str]] = [
    # (a regular expression matched at the start of the command, why it is not run)
    (r"(apt-get|useradd|chmod|runuser|systemd-analyze|systemctl|journalctl|certbot) ", MACHINE),
    (r"(ln -s|rm) /etc/nginx/|nginx -t|openssl req |install -d |crontab ", MACHINE),
    (r"/usr/bin/python3 -m venv /opt/", MACHINE),
    (r"curl |/opt/tablesports/bin/python - ID TOKEN <<", SITE),
    (r"(/opt/tablesports/bin/)?pip install ", INSTALL),
    (r"python -m build --wheel$", "builds the wheel (Cython, minutes): tests/packaging does"),
    (r"make test$", "what CI runs: ruff, mypy and the whole suite, this test in it"),
    (
        r"for h in human orc dwarf amazon; do ",
        "a shell loop of 12 analyse runs (a balance matrix): the same command for one pair, "
        "analyse bloodbowl -o home=dwarf -o away=orc, is run from designers.md",
    ),
    (
        r"make strength( GAMES?=.*)?$",
        "scripts/strength.py over the games (with GAME=, tablesports strength) for hours: both "
        "are run at a small size by their own doc lines (docs/strength.md's `python "
        "scripts/strength.py`, docs/levels.md's `tablesports strength`)",
    ),
    (r"tablesports arena GAME --agents A B C \.\.\.", "a synopsis (GAME, A, N are placeholders)"),
    (
        r"LIMIT=60 nice -n 19 python build/levels3/timing\.py ",
        "a measuring script kept outside the repository (build/ is not committed); the block's "
        "text says what it does",
    ),
    (
        r"PYTHONPATH=src python benchmarks/web_load\.py --attack ",
        "needs PostgreSQL and two servers: tests/web/test_load_attack.py runs this command at "
        "--seconds 3 --matches 2 --clients 2 --processes 1",
    ),
    (
        r"python benchmarks/botbowl_side_by_side\.py ",
        "needs botbowl's source and a venv of its own (botbowl is not on PyPI and pins gym "
        "0.26 and numpy 1.24), made by hand as the script's docstring says; the doc says so too",
    ),
    (
        r"tablesports arena .* --engine ray ",
        "Ray's start-up takes seconds of CPU and several processes: tests/arena/test_engines.py "
        "plays the same games on a local Ray and on two processes; the line before it (the "
        "same arena on processes) is run",
    ),
]

ALIASES = {
    # `make run [GAME=...]` installs what playing needs, then runs its recipe (Makefile:
    # `tablesports play $(GAME) --vs $(BOT)`): the recipe is what is run here
    "make run": "tablesports play jukem --vs jukem-greedy",
    "make run GAME=juggers": "tablesports play juggers --vs juggers-aim",
}

SIZES = {
    "--games": "1", "-n": "1", "--seconds": "0.1", "-s": "0.1", "--index": "0",
    "--steps": "64", "--imitate-steps": "64", "--eval-every": "64", "--eval-games": "1",
    "--rounds": "1", "--check-every": "2", "--every": "1", "--jobs": "1", "-j": "1",
    "--skill-games": "1", "--clarity": "2",
}  # fmt: skip
"""Options whose value is lowered to at most this, in `tablesports` commands and the scripts:
1 game (per pair, per variant, per round), 0.1 s of timing, 64 training steps, 1 round, one
process (`simulate --help`: the results are the same; tests/arena/test_engines.py runs the
processes), the first record (`replay --index`: one game was kept)."""

BUDGETS = {"iterations": 1, "rollout_steps": 2, "rollouts": 1, "width": 1, "horizon": 0,
           "seconds": 0.05, "robust": 1, "strengths": 2, "stones": 1}  # fmt: skip
"""An agent spec's search budget, lowered to this (`mcts:iterations=1,rollout_steps=2`)."""

AGENT_DEFAULTS = {
    "mcts": "iterations=1,rollout_steps=2",
    "ismcts": "iterations=1,rollout_steps=2",
    "juggerttg-mcts": "iterations=1,width=1,stones=1",
    "bloodbowl-planner": "rollouts=1,width=1",
    "juggers-aim": "strengths=2",
}
"""Search agents named bare (their default budgets: seconds a move) get these budgets."""

GAME_OPTIONS = {
    "bloodbowl": ("turns_per_half", "1"),
    "hanniball": ("max_turns", "10"),
    "juggerttg": ("max_stones", "1"),
    "juggers": ("innings", "1"),
}
"""Game options set (or lowered to this) in `play`, `simulate`, `arena` and `train` (not
`compare` or `sweep`, whose subject the options are): a Blood Bowl half of one turn a team,
HanniBall drawn after 10 turns, Jugger TTG ended after its first Stone, Juggers Fallout of one
inning."""

FILES = {
    "mine.toml": "src/tablesports/games/juggerttg/data/heroes.toml",
    "docs/designers": "docs/designers",
}
"""What the docs assume is in the current folder (a checkout, or the user's own file), copied
into the scratch folder: `-o heroes=mine.toml` gets the game's own hero cards."""

ADDED = {
    "bench": ["--seconds"],
    "simulate": ["--games", "--jobs"],
    "arena": ["--games", "--jobs"],
    "compare": ["--games", "--jobs"],
    "sweep": ["--games", "--jobs"],
    "train": ["--steps", "--imitate-steps", "--eval-every", "--eval-games", "--rounds",
              "--games", "--jobs"],
    "analyse": ["--games", "--skill-games", "--clarity", "--jobs"],
    "strength": ["--games", "--jobs"],
}  # fmt: skip
"""`SIZES` options added where a command leaves them at their default (`train`'s 100,000
steps, `bench`'s 3 s a game, `arena`'s 20 games a pair)."""

SHORT = {"-n": "--games", "-j": "--jobs", "-s": "--seconds"}

LEVELS_AT_CI_SIZE = {"normal": "easy", "hard": "easy", "strongest": "easy"}
"""`analyse`'s levels above `easy` are searches of seconds a move: at CI size, `easy` (the
game's heuristic bot), as an analyse without `-a`/`--skill` gets `-a easy easy --skill easy
random`; its games, skill games and clarity are lowered by `SIZES`."""

SCRIPT_ARGS = {
    "scripts/bloodbowl_team_arena.py": ["--teams", "human", "orc"],
    "scripts/strength.py": ["--iterations", "2"],
    "strength": ["--iterations", "2"],
    "scripts/level_ratings.py": ["--to", "level_ratings.json"],
    "benchmarks/decision_time.py": ["--decisions", "12"],
}
"""Arguments added to a script: the team arena of two teams, not all 29 (812 matches); the
strength arena with every search at 2 iterations; the published ratings written in the
scratch folder, not into the checkout's package; a dozen timed decisions, not 150."""

SCRIPT_FOLDERS = ("scripts", "benchmarks")
"""`python scripts/X.py` and `python benchmarks/X.py` run from the repository, in the scratch
folder, with src/ first on the path."""

PLAY_INPUT = "1\n1\n1\nhelp\nquit\n\n\n"
"""`play` is fed three moves by number, `help` and `quit` (then Enter for any question)."""
STEP_INPUT = "\n" * 2000
"""`replay --step` waits for Enter after every move."""

EXTRAS = [
    # (what in the command needs it, the extra, a module of it)
    ("--plot", "arena", "matplotlib"),
    ("--png", "arena", "matplotlib"),
    ("--report", "arena", "matplotlib"),
    ("--plots", "arena", "matplotlib"),
    ("strength", "arena", "matplotlib"),
    ("train", "train", "torch"),
    ("--env", "rl", "gymnasium"),
]
"""Optional parts a doc command uses: without the extra, it must fail in one line naming it."""


@dataclass
class Plan:
    """How one doc command is exercised."""

    how: str  # "cli" (tablesports in-process), "script", "serve", "mkdir" or "not run"
    argv: list[str] = field(default_factory=list)
    input: str | None = None
    reason: str = ""
    before: list[DocCommand] = field(default_factory=list)


class Unlisted(Exception):
    """A doc command that is neither run nor listed with a reason."""


def _expand(command: DocCommand) -> str:
    text = command.text
    for name, value in command.variables:
        text = re.sub(rf"\$(\{{{name}\}}|{name}\b)", value.replace("\\", r"\\"), text)
    return text


def small_spec(spec: str) -> str:
    """An agent spec with its search budget lowered (`BUDGETS`, `AGENT_DEFAULTS`)."""
    name, _, params = spec.partition(":")
    pairs = dict(p.split("=", 1) for p in params.split(",") if "=" in p)
    for key, value in dict(
        p.split("=", 1) for p in AGENT_DEFAULTS.get(name, "").split(",") if p
    ).items():
        pairs.setdefault(key, value)
    for key, budget in BUDGETS.items():
        if key in pairs:
            with contextlib.suppress(ValueError):  # a value that is no number is left as it is
                pairs[key] = str(min(type(budget)(pairs[key]), budget))
    return name + (":" + ",".join(f"{k}={v}" for k, v in pairs.items()) if pairs else "")


def small(argv: list[str], subcommand: str = "") -> list[str]:
    """The argv at its CI size: `SIZES` (at most), `ADDED`, `small_spec` on every agent (kept
    apart: two specs that differ only in their budget stay two), `GAME_OPTIONS`, `SCRIPT_ARGS`."""
    out: list[str] = []
    shrunk: dict[str, str] = {}  # an agent spec at its CI size -> as written
    agents = False
    for i, word in enumerate(argv):
        previous = argv[i - 1] if i else ""
        if previous in SIZES:
            out.append(_at_most(word, SIZES[previous]))
            agents = False
            continue
        if word.startswith("-"):
            agents = word in ("--agents", "-a", "--skill")
        elif agents and word in LEVELS_AT_CI_SIZE:  # a level: two alike are fine (analyse)
            word = LEVELS_AT_CI_SIZE[word]
        elif agents or previous == "--vs":
            written, word = word, small_spec(word)
            while shrunk.get(word, written) != written:
                word = _one_more(word)
            shrunk[word] = written
        out.append(word)
    for option in ADDED.get(subcommand, ()):
        if not {option, *(short for short, long in SHORT.items() if long == option)} & set(out):
            out += [option, SIZES[option]]
    game = out[1] if len(out) > 1 else ""
    if subcommand == "analyse":  # its default agents are the `normal` level: searches
        for flag, default in (("-a", ["easy", "easy"]), ("--skill", ["easy", "random"])):
            if flag not in out and not (flag == "-a" and "--agents" in out):
                out += [flag, *default]
    if subcommand in ("play", "simulate", "arena", "train", "analyse") and game in GAME_OPTIONS:
        key, value = GAME_OPTIONS[game]
        for j, word in enumerate(out[:-1]):
            if word in ("-o", "--option") and out[j + 1].startswith(key + "="):
                out[j + 1] = f"{key}={_at_most(out[j + 1].partition('=')[2], value)}"
                break
        else:
            out += ["-o", f"{key}={value}"]
    return out + SCRIPT_ARGS.get(subcommand, [])


def _one_more(spec: str) -> str:
    """The spec told apart from another at CI size: its time cap 0.01 s longer (never reached
    at these budgets, so it costs nothing), else its first whole-number budget one higher."""
    cap = re.search(r"\bseconds=([\d.]+)", spec)
    if cap:
        return spec[: cap.start(1)] + f"{float(cap[1]) + 0.01:.2f}" + spec[cap.end(1) :]
    found = re.search(rf"\b({'|'.join(BUDGETS)})=(\d+)\b", spec)
    if not found:
        raise ValueError(f"two agents alike at CI size, and no budget to tell them apart: {spec}")
    return spec[: found.start(2)] + str(int(found[2]) + 1) + spec[found.end(2) :]


def _at_most(value: str, size: str) -> str:
    """`value` lowered to `size` (a number), or `size` when `value` is not a number."""
    try:
        return value if float(value) <= float(size) else size
    except ValueError:
        return size


def plan(command: DocCommand, earlier: list[DocCommand]) -> Plan:
    """How `command` is run, or why not; `earlier`: the doc's commands before it."""
    text = _expand(command)
    for pattern, reason in NOT_RUN:
        if re.match(pattern, text):
            return Plan("not run", reason=reason)
    text = ALIASES.get(text, text)
    program, args = program_of(shlex.split(text))
    if program == "mkdir" and args[:1] == ["-p"]:
        return Plan("mkdir", args[1:])
    if program == "tablesports" and args:
        sub = args[0]
        argv = small(args, sub)
        before = _producer(earlier, argv)
        if sub == "serve" and "--help" not in args:
            return Plan("serve", argv, before=before)
        given = PLAY_INPUT if sub == "play" else STEP_INPUT if "--step" in args else None
        return Plan("cli", argv, input=given, before=before)
    if program in ("python", "python3") and args and args[0].split("/")[0] in SCRIPT_FOLDERS:
        argv = small(args, args[0])
        return Plan("script", argv, before=_producer(earlier, argv))
    raise Unlisted(
        f"{command.where()}\n  is neither run nor listed: add it to NOT_RUN (with the reason) "
        "or ALIASES in tests/cli/docs_commands.py, or write it as a tablesports command"
    )


def writes(command: DocCommand) -> list[str]:
    """The files or folders a doc command writes (its `--out`, the folders of `mkdir -p`)."""
    words = shlex.split(_expand(command))
    program, args = program_of(words)
    if program == "mkdir" and args[:1] == ["-p"]:
        return args[1:]
    return [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--out"]


def _producer(earlier: list[DocCommand], argv: list[str]) -> list[DocCommand]:
    """The last earlier command of the doc that writes what `argv` reads (run first)."""
    found = [c for c in earlier if _writes_what(c, argv)]
    return found[-1:]


def _writes_what(producer: DocCommand, argv: list[str]) -> bool:
    """Whether `producer` writes a file that `argv` reads (a path argument, `path=...`)."""
    reads = [w for w in argv if not w.startswith("-")]
    reads += [m for w in argv for m in re.findall(r"path=([^,]+)", w)]
    if "--out" in argv:  # its own output is not a thing it reads, but its folder must be there
        out = argv[argv.index("--out") + 1]
        reads.remove(out)
        reads.append(out.rpartition("/")[0])
    made = writes(producer)
    return any(r == out or r.startswith(out.rstrip("/") + "/") for out in made for r in reads if r)


def extra_of(plan: Plan) -> tuple[str, str] | None:
    """The extra (and one module of it) an in-process command needs, if any."""
    for what, extra, module in EXTRAS:
        if what == "--report" and "analyse" in plan.argv:
            continue  # analyse's report is a page and a markdown file: no plot, no extra
        if what in plan.argv:  # an option, or the subcommand (`train`)
            return extra, module
    return None
