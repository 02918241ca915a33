"""A second, independent HanniBall move generator, written straight from the rules page.

It shares nothing with the game's tables: squares are ``(file, rank)`` pairs with ranks 1-15,
the position is a dict, and every turn rule is checked by brute force (apply the step, compare
the whole position). The regression counts are computed with it and with the game, and must
agree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

FILES = "abcdefghi"
KING = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
Sq = tuple[int, int]


def exists(sq: Sq) -> bool:
    c, r = sq
    if not (0 <= c < 9 and 1 <= r <= 15):
        return False
    return r not in (1, 15) or 3 <= c <= 5


def goal_of(sq: Sq) -> int | None:
    """Whose goal the square is: 0 White (rank 1), 1 Black (rank 15)."""
    return {1: 0, 15: 1}.get(sq[1])


def home(color: int, sq: Sq) -> bool:
    """The goal area (c-g, two ranks in front of the goal) and the goal."""
    c, r = sq
    area = (2, 3) if color == 0 else (13, 14)
    return (2 <= c <= 6 and r in area) or goal_of(sq) == color


def name(sq: Sq) -> str:
    return f"{FILES[sq[0]]}{sq[1]}"


def parse_sq(text: str) -> Sq:
    return (FILES.index(text[0]), int(text[1:]))


@dataclass(frozen=True)
class Pos:
    pieces: frozenset[tuple[Sq, int, str]]  # (square, colour, kind letter H E L M)
    ball: Sq
    pending: bool
    side: int
    used: int
    limit: int
    start: tuple[frozenset[tuple[Sq, int, str]], Sq]
    over: bool = False

    def at(self, sq: Sq) -> tuple[int, str] | None:
        for s, color, kind in self.pieces:
            if s == sq:
                return color, kind
        return None


def read_placement(text: str) -> frozenset[tuple[Sq, int, str]]:
    out = set()
    for n, rank in enumerate(text.split("/")):
        r = 15 - n
        files = [3, 4, 5] if r in (1, 15) else list(range(9))
        cells: list[str] = []
        for ch in rank:
            cells.extend(["."] * int(ch) if ch.isdigit() else [ch])
        for c, ch in zip(files, cells, strict=True):
            if ch != ".":
                out.add(((c, r), 0 if ch.isupper() else 1, ch.upper()))
    return frozenset(out)


def read(text: str) -> Pos:
    f = text.split()
    pieces = read_placement(f[0])
    ball = parse_sq(f[1].rstrip("^"))
    used, limit = map(int, f[3].split("/"))
    if len(f) == 6:
        p, b = f[5].split(":")
        start = (read_placement(p), parse_sq(b))
    else:
        start = (pieces, ball)
    return Pos(pieces, ball, f[1].endswith("^"), "wb".index(f[2]), used, limit, start)


def _add(a: Sq, d: tuple[int, int]) -> Sq:
    return (a[0] + d[0], a[1] + d[1])


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def jump_blocked(pos: Pos, sq: Sq, d: tuple[int, int]) -> bool:
    dc, dr = d
    long_leg_on_file = abs(dc) == 2
    mids = (
        [(_sign(dc), 0), (_sign(dc), dr)] if long_leg_on_file else [(0, _sign(dr)), (dc, _sign(dr))]
    )
    return all(exists(_add(sq, m)) and pos.at(_add(sq, m)) is not None for m in mids)


def line_targets(sq: Sq, reach: int = 5) -> list[Sq]:
    out = []
    for d in KING:
        for n in range(1, reach + 1):
            t = (sq[0] + d[0] * n, sq[1] + d[1] * n)
            if exists(t):
                out.append(t)
    return out


def move_targets(pos: Pos, sq: Sq, color: int, kind: str) -> list[Sq]:
    out = []
    if kind in "ELM":
        out += [_add(sq, d) for d in KING if exists(_add(sq, d))]
    if kind in "HLM":
        out += [_add(sq, d) for d in KNIGHT if exists(_add(sq, d)) and not jump_blocked(pos, sq, d)]
    if kind == "M":
        out = [t for t in out if home(color, t)]
    return out


def shot_targets(sq: Sq, color: int, kind: str) -> list[Sq]:
    out = []
    if kind in "HL":
        out += [_add(sq, d) for d in KING if exists(_add(sq, d))]
    if kind in "EL":
        out += [_add(sq, d) for d in KNIGHT if exists(_add(sq, d))]
    if kind == "M":
        out += [t for t in line_targets(sq) if not home(color, t)]
    return out


def raw_steps(pos: Pos) -> list[str]:
    """Every step the movement and shooting rules allow, before the turn rules."""
    out = []
    for sq, color, kind in pos.pieces:
        if color != pos.side:
            continue
        holds = sq == pos.ball
        for t in move_targets(pos, sq, color, kind):
            occupant = pos.at(t)
            if holds:
                if occupant is None:
                    out.append(f"{name(sq)}-{name(t)}")
                    if kind != "M":
                        out.append(f"{name(sq)}~{name(t)}")
            elif occupant is None or (occupant[0] != color and t == pos.ball):
                out.append(f"{name(sq)}-{name(t)}")
        if holds:
            out += [f"{name(sq)}*{name(t)}" for t in shot_targets(sq, color, kind)]
    return out


def apply(pos: Pos, action: str) -> Pos:
    if action == "end":
        return _pass(pos)
    kind = next(mark for mark in "-~*^" if mark in action)
    a, b = action.split(kind)
    frm, to = parse_sq(a), parse_sq(b)
    if kind == "^":
        return _landed(replace(pos, ball=to, pending=False))
    pos = replace(pos, used=pos.used + 1)
    if kind == "*":
        hit = pos.at(to)
        if hit is not None and hit[1] == "M":
            return replace(pos, ball=to, pending=True)
        return _landed(replace(pos, ball=to))
    color, piece = pos.at(frm)  # type: ignore[misc]
    pieces = {p for p in pos.pieces if p[0] not in (frm, to)}  # a piece on `to` is captured
    pieces.add((to, color, piece))
    ball = to if (kind == "-" and pos.ball == frm) else pos.ball
    return _landed(replace(pos, pieces=frozenset(pieces), ball=ball))


def _landed(pos: Pos) -> Pos:
    if goal_of(pos.ball) is not None:
        return replace(pos, over=True)
    return _pass(pos) if pos.used == pos.limit else pos


def _pass(pos: Pos) -> Pos:
    return replace(
        pos, side=1 - pos.side, used=0, limit=4, start=(pos.pieces, pos.ball), pending=False
    )


def same_as_start(pos: Pos) -> bool:
    return (pos.pieces, pos.ball) == pos.start


def legal(pos: Pos) -> list[str]:
    if pos.over:
        return []
    if pos.pending:
        out = [f"{name(pos.ball)}^{name(t)}" for t in line_targets(pos.ball) if goal_of(t) is None]
        if pos.used == pos.limit:  # the ricochet ends the turn: it must change the position
            out = [a for a in out if (pos.pieces, parse_sq(a.split("^")[1])) != pos.start]
        return out
    out = raw_steps(pos)
    if pos.used + 1 == pos.limit:
        keep = []
        for a in out:
            after = apply(pos, a)
            # a goal ends the game; a pending ricochet can still go elsewhere
            if after.over or after.pending or (after.pieces, after.ball) != pos.start:
                keep.append(a)
        out = keep
    if pos.used and not same_as_start(pos):
        out.append("end")
    return out


def turn_counts(pos: Pos) -> tuple[int, int]:
    """(action sequences that complete the turn, distinct positions they lead to)."""
    finals: set[tuple[frozenset[tuple[Sq, int, str]], Sq]] = set()
    count = 0
    stack = [pos]
    side = pos.side
    while stack:
        p = stack.pop()
        for a in legal(p):
            q = apply(p, a)
            if q.over or (q.side != side):
                count += 1
                finals.add((q.pieces, q.ball))
            else:
                stack.append(q)
    return count, len(finals)


def perft(pos: Pos, depth: int) -> int:
    """Action sequences of length `depth`, a game's end cutting a sequence short."""
    if depth == 0 or pos.over:
        return 1
    return sum(perft(apply(pos, a), depth - 1) for a in legal(pos))
