# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The pathfinder in C: the compiled twin of paths.py's `reach` and the searches under it.

`paths.py` stays the rules' text and runs without this file. This one does the same work in
the same order, on C arrays and a C heap instead of lists, dicts and `heapq`: the same squares,
parents and risk texts, in the same order (tests/core/test_native.py compares the
two on thousands of positions). It counts tackle zones as `common.tackle_zones` does, so that
module's text is in its digest too. `make native` builds it (Cython and gcc), and
`core/native.py` uses it only while it was built from the texts as they are.
"""

from cpython.array cimport array
from cpython.object cimport PyObject, PyTypeObject, Py_TYPE
from cpython.ref cimport Py_DECREF

from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, SIZE, WIDTH
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn import paths as _py
from tablesports.games.bloodbowl.turn.actions import MovePath
from tablesports.games.bloodbowl.turn.common import has_tackle_zone

NATIVE_NAMES = (
    "reach",
    "_safest",
    "_flood",
    "_zones",
    "_occupied",
    "_near_opponents",
    "moves_by_square",
)
"""The functions of paths.py this module replaces."""

cdef enum:
    SQUARES = 390
    HEAP_MAX = 8 * SQUARES + 8  # a square is pushed at most once per improvement, by a neighbour

assert SIZE == SQUARES, "the pitch changed size: update SQUARES"

cdef int NB[SQUARES][8]
cdef int NB_COUNT[SQUARES]
for _sq in range(SQUARES):
    NB_COUNT[_sq] = len(NEIGHBOURS[_sq])
    for _i, _nb in enumerate(NEIGHBOURS[_sq]):
        NB[_sq][_i] = _nb

cdef long long ROLL_COST[7]
for _t in range(7):
    ROLL_COST[_t] = _py.COST.get(_t, 0)

cdef long long INF = 1LL << 60
cdef str EMPTY = ""


cdef inline void heap_push(unsigned long long* heap, int* n, unsigned long long key) noexcept:
    cdef int i = n[0]
    cdef int up
    n[0] = i + 1
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= key:
            break
        heap[i] = heap[up]
        i = up
    heap[i] = key


cdef inline unsigned long long heap_pop(unsigned long long* heap, int* n) noexcept:
    cdef unsigned long long top = heap[0]
    cdef int size = n[0] - 1
    cdef unsigned long long last = heap[size]
    cdef int i = 0
    cdef int child
    n[0] = size
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if last <= heap[child]:
            break
        heap[i] = heap[child]
        i = child
    if size > 0:
        heap[i] = last
    return top


def _safest(s, r, p, bytes tz, list occupied, int ball, int budget, int free, str rush_text,
            bint break_tackle, dict cache):
    """`paths._safest`: Dijkstra by the cost of the rolls, ties by steps, then square.

    A heap entry packs (cost, steps, square) into one integer, so that popping the heap takes
    the squares in exactly the order of paths.py's layers."""
    cdef int start = r.start
    cdef array parent_ = r.parent
    cdef short* parent = parent_.data.as_shorts
    cdef dict risk = r.risk
    cdef long long rush_cost = ROLL_COST[r.rush_target]
    stunty = "Stunty" in p.skills
    other_pt, titchy, exact_text = _py._other_skills(s, cache, p.team)
    cdef bint pt = break_tackle or "Titchy" in p.skills or other_pt
    cdef bytes tzi = _py._zones(s, cache, p.team, True) if titchy else tz
    cdef const unsigned char* tz_ = tz
    cdef const unsigned char* tzi_ = tzi
    cdef bint exact = pt or exact_text
    cdef int bt_bonus = _py.break_tackle_bonus(p)
    costs, texts = _py._dodge_tables(p.ag, stunty)
    cdef list dodge_text = texts
    cdef long long dodge_cost[9]
    cdef int i
    for i in range(9):
        dodge_cost[i] = costs[i]
    pick_text = f"pick-up {_py.pickup_target(s, p, ball)}+" if ball >= 0 else ""
    dodge_target = _py.dodge_target

    cdef long long best[SQUARES]
    cdef int par[SQUARES]
    cdef unsigned char bt_left[SQUARES]
    cdef unsigned long long heap[HEAP_MAX]
    cdef int n = 0
    for i in range(SQUARES):
        best[i] = INF
        bt_left[i] = 0
    for sq_ in occupied:
        best[<int>sq_] = -1
    best[start] = 0
    bt_left[start] = break_tackle
    # the rolls of the path to each square taken: borrowed, as `risk` holds each text
    cdef PyObject* rolls[SQUARES]
    rolls[start] = <PyObject*>EMPTY

    cdef unsigned long long key
    cdef long long c, step, nc
    cdef int k, sq, frm, nb, j, bonus, left
    cdef bint rush, more
    heap_push(heap, &n, <unsigned long long>start)
    while n:
        key = heap_pop(heap, &n)
        c = <long long>(key >> 13)
        k = (key >> 9) & 15
        sq = key & 511
        if best[sq] != c:
            continue  # a better path reached it since
        rush = k > free
        more = k < budget
        step = c + rush_cost if k >= free else c
        if sq != start:
            # the rolls of the path to sq: those to its parent and this step's own
            frm = par[sq]
            parent[sq] = frm
            text = <object>rolls[frm]
            if rush:
                text = f"{text}, {rush_text}" if text else rush_text
            if tz_[frm]:
                if exact:
                    bonus = bt_bonus if bt_left[frm] else 0
                    dodge = f"dodge {dodge_target(s, p, frm, sq, tzi, bonus)}+"
                else:
                    dodge = dodge_text[tzi_[sq]]
                text = f"{text}, {dodge}" if text else dodge
            if sq == ball:
                risk[sq] = f"{text}, {pick_text}" if text else pick_text
                continue
            risk[sq] = text
            rolls[sq] = <PyObject*>text
        if not more:
            continue
        if not tz_[sq]:
            # no Dodge: every square around at the same cost
            left = bt_left[sq]
            for j in range(NB_COUNT[sq]):
                nb = NB[sq][j]
                if step < best[nb]:
                    best[nb] = step
                    par[nb] = sq
                    bt_left[nb] = left
                    heap_push(heap, &n, (<unsigned long long>step << 13) | ((k + 1) << 9) | nb)
            continue
        bonus = bt_bonus if bt_left[sq] else 0
        for j in range(NB_COUNT[sq]):
            nb = NB[sq][j]
            if best[nb] <= step:
                continue  # taken, or a player there: no Dodge can do better
            if pt:
                nc = step + <long long>_py.COST[dodge_target(s, p, sq, nb, tzi, bonus)]
            else:
                nc = step + dodge_cost[tzi_[nb]]
            if nc < best[nb]:
                best[nb] = nc
                par[nb] = sq
                bt_left[nb] = 0
                heap_push(heap, &n, (<unsigned long long>nc << 13) | ((k + 1) << 9) | nb)


def _flood(r, list pitch, int ball, int budget, int free, str rush, s):
    """`paths._flood`: no opponent nearby, so a breadth-first flood gives every square."""
    cdef array parent_ = r.parent
    cdef short* parent = parent_.data.as_shorts
    cdef dict risk = r.risk
    cdef int start = r.start
    cdef unsigned char seen[SQUARES]
    cdef int frontier[SQUARES]
    cdef int nxt[SQUARES]
    cdef int nf = 1, nn, i, j, k, sq, nb
    for i in range(SQUARES):
        seen[i] = 0
    seen[start] = 1
    frontier[0] = start
    pick = f"pick-up {_py.pickup_target(s, r.player, ball)}+" if ball >= 0 else ""
    for k in range(1, budget + 1):
        text = ", ".join([rush] * max(0, k - max(free, 0)))
        with_pick = f"{text}, {pick}" if text else pick
        nn = 0
        for i in range(nf):
            sq = frontier[i]
            for j in range(NB_COUNT[sq]):
                nb = NB[sq][j]
                if seen[nb] or <int>pitch[nb] >= 0:
                    continue
                seen[nb] = 1
                parent[nb] = sq
                if nb == ball:
                    risk[nb] = with_pick  # the ball's square ends a path
                else:
                    risk[nb] = text
                    nxt[nn] = nb
                    nn += 1
        for i in range(nn):
            frontier[i] = nxt[i]
        nf = nn


def reach(s, int pid, int moved, break_tackle=False, sprint=False):
    """`paths.reach`."""
    p = s.players[pid]
    cdef int square = p.square
    key = (pid, square, moved, break_tackle, sprint)
    cdef dict d = s.__dict__
    known = d.get("_reach")
    cdef Py_ssize_t length = len(s.history)
    if known is None or known[0] != length:
        known = (length, {})
        d["_reach"] = known
    cdef dict cache = known[1]
    cached = cache.get(key)
    if cached is not None:
        return cached
    r = cache[key] = _py.Reach(key, p, square)
    cdef int ma = p.ma
    cdef int budget = ma + NUMBERS.max_rushes + sprint - moved
    if budget <= 0 or square < 0:
        return r
    r.rush_target = _py.clamp(
        NUMBERS.rush_target - s.weather_entry().rush_modifier + ("Drunkard" in p.skills)
    )
    cdef int ball = s.ball if s.ball_state == ON_GROUND else -1
    rush_text = f"rush {r.rush_target}+"
    if not _near_opponents(s, p, budget):
        _flood(r, s.pitch, ball, budget, ma - moved, rush_text, s)
        return r
    tz = r.tz = _zones(s, cache, p.team, False)
    occupied = _occupied(s, cache)
    _safest(s, r, p, tz, occupied, ball, budget, ma - moved, rush_text, break_tackle, cache)
    return r


cdef int XS[SQUARES]
cdef int YS[SQUARES]
for _sq in range(SQUARES):
    XS[_sq] = _py._XS[_sq]
    YS[_sq] = _py._YS[_sq]


def _near_opponents(s, p, int budget):
    """`paths._near_opponents`."""
    cdef int sq = p.square
    cdef int x = XS[sq], y = YS[sq]
    cdef int reach_ = budget + 1
    cdef int at
    cdef list players = s.players
    for pid in s.team_pids[1 - <int>p.team]:
        q = players[pid]
        at = q.square
        if (
            at >= 0
            and q.stance == STANDING
            and abs(XS[at] - x) <= reach_
            and abs(YS[at] - y) <= reach_
        ):
            return True
    return False


def _zones(s, dict cache, int team, bint dodging_into):
    """`paths._zones`: `common.tackle_zones`, once a position."""
    key = ("tz", team, dodging_into)
    tz = cache.get(key)
    if tz is None:
        tz = cache[key] = _tackle_zones(s, team, dodging_into)
    return tz


cdef bytes _tackle_zones(s, int team, bint dodging_into):
    """`common.tackle_zones`, as bytes (a count a square: indexed as the list is, and no list of
    390 for the garbage collector to walk)."""
    cdef unsigned char counts[SQUARES]
    cdef int i, j, at
    for i in range(SQUARES):
        counts[i] = 0
    cdef list players = s.players
    for pid in s.team_pids[1 - team]:
        q = players[pid]
        at = q.square
        if at >= 0 and q.stance == STANDING and has_tackle_zone(q):
            if dodging_into and "Titchy" in q.skills:
                continue
            for j in range(NB_COUNT[at]):
                counts[NB[at][j]] += 1
    return counts[:SQUARES]


def _occupied(s, dict cache):
    """`paths._occupied`: the squares players stand on (in square order), once a position."""
    occ = cache.get("occupied")
    if occ is None:
        occ = cache["occupied"] = _occupied_squares(s.pitch)
    return occ


cdef list _occupied_squares(list pitch):
    cdef list out = []
    cdef int i
    for i in range(SQUARES):
        if <int>pitch[i] >= 0:
            out.append(i)
    return out



# --- the move list --------------------------------------------------------------------------
# A MovePath made here, as its frozen dataclass's `__init__` would make it, without running that
# Python function (most of its cost): allocated as `object.__new__` does, each field set through
# the slot's own descriptor (the C of `object.__setattr__`), and untracked by the garbage
# collector, as it holds no containers (two ints, a shirt number and a text).

cdef extern from "Python.h":
    PyObject* PyType_GenericAlloc(PyTypeObject* type, Py_ssize_t nitems)
    void PyObject_GC_UnTrack(void* op)

assert MovePath.__slots__ == ("number", "x", "y", "risk"), "MovePath changed: see _new_move"
cdef object FIELDS = tuple(MovePath.__dict__[name] for name in MovePath.__slots__)
assert all(type(f).__name__ == "member_descriptor" for f in FIELDS)
cdef PyTypeObject* MOVE_PATH = <PyTypeObject*>MovePath
cdef object SQUARE_X = tuple(sq % WIDTH for sq in range(SQUARES))
cdef object SQUARE_Y = tuple(sq // WIDTH for sq in range(SQUARES))


cdef inline int _set(object field, object a, object value) except -1:
    return Py_TYPE(field).tp_descr_set(field, a, value)


cdef object _new_move(object number, int sq, object text):
    cdef PyObject* made = PyType_GenericAlloc(MOVE_PATH, 0)
    if made == NULL:
        raise MemoryError()
    a = <object>made
    Py_DECREF(a)  # the cast took a reference of its own
    PyObject_GC_UnTrack(made)
    number_, x_, y_, risk_ = FIELDS
    _set(number_, a, number)
    _set(x_, a, SQUARE_X[sq])
    _set(y_, a, SQUARE_Y[sq])
    _set(risk_, a, text)
    return a


def moves_by_square(r, number):
    """`paths.moves_by_square`, with new MovePaths (equal to those paths.py would keep)."""
    cdef dict risk = r.risk
    cdef PyObject* keys[SQUARES]
    cdef PyObject* texts[SQUARES]
    cdef int sq
    for sq in range(SQUARES):
        keys[sq] = NULL
    # the squares in order without a sort: by their place on the pitch
    for key, text in risk.items():
        sq = key
        keys[sq] = <PyObject*>key  # borrowed: `risk` holds them
        texts[sq] = <PyObject*>text
    cdef list out = []
    cdef list squares = []
    for sq in range(SQUARES):
        if keys[sq] != NULL:
            squares.append(<object>keys[sq])
            out.append(_new_move(number, sq, <object>texts[sq]))
    return out, squares
