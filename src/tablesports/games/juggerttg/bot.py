"""`juggerttg-greedy`: carries the Jugg forward with the Qwik, protects it, attacks the escorts.

Team building is a decision (teambuild.py): a hero is recruited, drafted, kept or discarded by
what it adds to the team (a Qwik, a chain carrier, fighters, teamplay points) for its cost; the
most mobile hero becomes the Qwik, the best attacker takes the chain. Per activation the Qwik
picks up a loose Jugg, runs the carried Jugg to the enemy Mal along a path around the heroes
(throwing it ahead when boxed in) and scores, or wrestles the enemy carrier; a pompfer pins a
kneeling enemy next to it (a Qwik first) and holds the pin, attacks the best target in reach
(the enemy carrier, the pinner of its own Qwik, the enemy Qwik, then whoever is nearest its own
Qwik), and otherwise moves towards that fight or to free its Qwik. It spends focus and teamplay
points freely but stamina only for the carrier or a pinned Qwik, since the last stamina point
exhausts (R48); it defends with a duel when its dice are at least the attacker's, else a parry;
it re-rolls its own rolls below half its dice and makes the enemy re-roll rolls above half. It
reads only the public position.
"""

from __future__ import annotations

import random
from itertools import groupby
from operator import attrgetter
from typing import Any

from tablesports.core.hexgrid import facing_towards
from tablesports.core.protocol import Action, Game, State
from tablesports.games.juggerttg import draft, rules, teambuild
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act
from tablesports.games.juggerttg.board import DIST, MAL, NEIGHBOURS, axial
from tablesports.games.juggerttg.caches import PATH_SIZE, keep
from tablesports.games.juggerttg.combat_record import AttackKind
from tablesports.games.juggerttg.evaluate import red_value
from tablesports.games.juggerttg.game import JuggerState

KIND = attrgetter("kind")
WIN = 1_000_000.0
"""A won game's score (`GreedyBot.score`): above any sum of the position's terms."""


def face_to(st: JuggerState, h: int, target_hex: int) -> int:
    if target_hex == st.pos[h]:
        return st.facing[h]
    return facing_towards(axial(st.pos[h]), axial(target_hex))


class GreedyBot:
    """The heuristic bot (no parameters)."""

    name = "juggerttg-greedy"

    def __init__(self, game: Game | None = None, seed: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"unknown parameters {sorted(params)} (juggerttg-greedy takes none)")
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def step(self, state: State) -> Action:
        assert isinstance(state, JuggerState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        choice = self.choose(state, legal)
        return choice if choice is not None else legal[0]

    def score(self, st: JuggerState, me: int) -> float:
        """How good `st` is for `me`, in points (higher is better): the game's own terms
        (evaluate.py's, by the thousand and unclamped, so that a lead of two points still
        beats one). A point scored 300; the Jugg carried 250, plus up to 350 as its carrier
        nears the enemy Mal; each hero standing on the field 60; a Qwik (the only scorer)
        kneeling 60 and pinned 80, another hero pinned 20; each exhausted hero 30 (a die and
        its runs lost, R48) and each Stone of penalty 4; a loose Jugg 15 a hex of the Qwiks'
        race to it. A finished game is +-WIN. The value agent's `base=` adds its net's +-5."""
        if st.phase == S.OVER:
            return WIN * st.returns()[me]
        v = 1000.0 * red_value(st)
        return v if me == 0 else -v

    # --- per phase ---------------------------------------------------------------------------

    def choose(self, st: JuggerState, legal: list[Act]) -> Act | None:
        ph = st.phase
        by: dict[str, list[Act]] = {}
        for kind, run in groupby(legal, KIND):  # the rules list each kind in one run, mostly
            by.setdefault(kind, []).extend(run)
        if ph == S.ACT:
            return self.activation(st, by)
        if ph == S.TURN:
            return (by.get("activate") or legal)[0]
        if ph == S.RECRUIT or ph in S.DRAFT_PHASES:
            return self.team_building(st, by, legal)
        if ph == S.FIELD:
            return max(legal, key=lambda a: field_value(st, a.a))
        if ph == S.QWIK:
            return max(legal, key=lambda a: qwik_value(rules.hero(st, a.a)) - fight(st, a.a))
        if ph == S.SPAR:
            return spar_choice(st, legal)
        if ph == S.PLACE:
            return min(legal, key=lambda a: abs(a.b // 21 - 5))
        if ph == S.INIT_CHOOSE:
            return next(a for a in legal if a.a == st.player)
        if ph in (S.STAND, S.C_FACE, S.AOO_FACE):
            h = st.queue[1] if ph != S.AOO_FACE else st.aoo_mover
            if ph == S.AOO_FACE:
                d = face_to(st, h, st.pos[st.combat.attacker])
            else:
                d = face_to(st, h, nearest_enemy_hex(st, h))
            return next(a for a in legal if a.a == d)
        if ph == S.C_DEFEND:
            return self.defence(st, by)
        if ph in (S.C_BUY_A, S.C_BUY_D):
            return self.buy(st, legal)
        if ph == S.C_REACT:
            if "lunge" in by:
                att = st.pos[st.combat.attacker]
                return max(by["lunge"], key=lambda a: DIST[att][a.a])
            return by.get("no-reaction", legal)[0]
        if ph == S.AOO:
            if "aoo" in by:
                return max(by["aoo"], key=lambda a: rules.afford(st, a.a))
            steps = [a for a in by.get("quickstep", []) if not rules.pins_of(st, a.a)]
            if steps:  # close in on the mover (the enemy Qwik above all)
                m = st.pos[st.aoo_mover]
                best = min(steps, key=lambda a: DIST[a.b][m])
                if DIST[best.b][m] < DIST[st.pos[best.a]][m]:
                    return best
            return legal[-1]
        if ph == S.C_REROLL:
            return self.reroll(st, by)
        if ph == S.C_WRESTLE:
            for kind in ("take", "push", "hold"):
                if kind in by:
                    return by[kind][0]
        if ph == S.C_DROP:
            q = own_qwik(st, st.queue[1] // 8)
            return min(legal, key=lambda a: DIST[a.a][st.pos[q]] if q >= 0 else 0)
        if ph == S.HOLD_START:
            return by.get("keep-hold", legal)[0]
        return None

    def team_building(self, st: JuggerState, by: dict[str, list[Act]], legal: list[Act]) -> Act:
        """Recruit by what a hero adds to the team for its cost (teambuild.py)."""
        game = st.game
        p = st.player
        team = [game.heroes[st.card[h]] for h in rules.seats(p) if st.card[h] >= 0]
        left = game.budget - st.team_cost[p]
        size = game.team_size

        def score(hero_id: str) -> float:
            hero = game.heroes[game.hero_index[hero_id]]
            return teambuild.pick_score(team, hero, size, left)

        if "recruit" in by:
            best = max(by["recruit"], key=lambda a: score(a.s))
            if st.phase == S.RECRUIT or score(best.s) >= self.par(st, team, left):
                return best
        if "swap" in by:

            def gain(a: Act) -> float:
                out = game.heroes[st.card[a.a]]
                return teambuild.swap_gain(team, out, game.heroes[game.hero_index[a.s]], size)

            best = max(by["swap"], key=gain)
            if gain(best) > 0.3:
                return best
        if "stop" in by:
            return by["stop"][0]
        if "discard" in by:
            return min(by["discard"], key=lambda a: score(a.s))
        if "first" in by:
            return next(a for a in by["first"] if a.a == p)
        if "draw-discard" in by:
            top = game.heroes[st.discard[-1]].id
            if "draw-pile" not in by or score(top) >= self.par(st, team, left):
                return by["draw-discard"][0]
            return by["draw-pile"][0]
        return legal[0]

    def par(self, st: JuggerState, team: list[Any], left: int) -> float:
        """The mean score of the cards no team holds: what an unseen card is worth."""
        game = st.game
        free = draft.free_cards(st)
        if not free:
            return float("-inf")
        total = sum(teambuild.pick_score(team, game.heroes[c], game.team_size, left) for c in free)
        return total / len(free)

    def reroll(self, st: JuggerState, by: dict[str, list[Act]]) -> Act:
        """Re-roll a roll of one's own below half its dice, or the enemy's above half."""
        if "reroll" in by:
            h = by["reroll"][0].a
            defence = st.combat.defence_skulls >= 0
            roller = st.combat.defender if defence else st.combat.attacker
            dice = st.combat.defence_dice if defence else st.combat.attack_dice
            skulls = st.combat.defence_skulls if defence else st.combat.attack_skulls
            mine = h // 8 == roller // 8
            if (mine and 2 * skulls < dice) or (not mine and 2 * skulls > dice):
                return by["reroll"][0]
        return by["no-reaction"][0]

    def defence(self, st: JuggerState, by: dict[str, list[Act]]) -> Act:
        d, a = st.combat.defender, st.combat.attacker
        duel_dice = rules.attack_stat(st, d) + rules.spar(st, d).attack
        if (
            "duel" in by
            and duel_dice >= st.combat.attack_dice
            and st.combat.kind is not AttackKind.WRESTLE
        ):
            return by.get("talent-duel", by["duel"])[0]
        if "talent-parry" in by:
            return by["talent-parry"][0]
        if "parry" in by:
            return by["parry"][0]
        if "duel" in by:
            return by["duel"][0]
        _ = a
        return by["no-defence"][0]

    def buy(self, st: JuggerState, legal: list[Act]) -> Act:
        attacking = st.phase == S.C_BUY_A
        h = st.combat.attacker if attacking else st.combat.defender
        spare = st.fp[h] + st.tpp[h // 8] - (2 if attacking else 0)
        want = max(0, min(2, spare // 2))
        if not attacking:
            want = max(0, min(spare // 2, st.combat.attack_dice - st.combat.defence_dice + 1))
        best = legal[0]
        for a in legal:
            if a.a <= want:
                best = a
        return best

    # --- an activation ------------------------------------------------------------------------

    def activation(self, st: JuggerState, by: dict[str, list[Act]]) -> Act:
        h = st.active
        if st.role[h] == rules.QWIK:
            return self.qwik(st, h, by)
        return self.pompfer(st, h, by)

    def qwik(self, st: JuggerState, h: int, by: dict[str, list[Act]]) -> Act:
        p = h // 8
        for kind in ("score", "pickup"):
            if kind in by:
                return by[kind][0]
        goal = MAL[1 - p]
        if st.carrier == h:
            if "wrestle" in by and st.held == h:
                return by["wrestle"][0]
            target = goal
            d = DIST[st.pos[h]][goal]
            money = spendable(st, h)
            if st.moves_left < 0:
                if d <= 3 and "jog" in by:
                    return by["jog"][0]
                for kind, keep in (("sprint", 5), ("run", 4), ("jog", 0)):
                    if kind in by and money >= keep:
                        return by[kind][0]
            if st.moves_left == 0 and "throw" in by:
                throw = forward_throw(st, h, by)  # boxed in or out of movement: throw ahead
                if throw is not None:
                    return throw
        elif st.carrier >= 0:
            if "wrestle" in by:
                w = [a for a in by["wrestle"] if a.a == st.carrier]
                if w:
                    return w[0]
            target = st.pos[st.carrier]
        else:
            target = st.jugg
        if st.moves_left < 0 and DIST[st.pos[h]][target] > 0:
            for kind in ("sprint", "run", "jog"):
                if kind in by and spendable(st, h) >= rules.MOVE_KINDS[kind][1] + 2:
                    return by[kind][0]
            if "jog" in by:
                return by["jog"][0]
        step = path_step(st, h, target, by, reach=0 if target == goal else 1)
        if step is not None:
            return step
        return finish(st, h, by)

    def pompfer(self, st: JuggerState, h: int, by: dict[str, list[Act]]) -> Act:
        p = h // 8
        if "pin" in by:
            return max(by["pin"], key=lambda a: st.role[a.a] == rules.QWIK)
        q = own_qwik(st, p)
        targets = [a.a for a in by.get("attack", [])]
        urgent = {st.carrier, st.pinned_by[q] if q >= 0 else -1}
        if spendable(st, h) < 2:  # stamina is kept but for the carrier and a pinned Qwik
            targets = [t for t in targets if t in urgent]
        if targets:
            t = max(targets, key=lambda k: priority(st, p, k))
            talent = [a for a in by.get("talent", []) if a.a == t]
            return talent[0] if talent else next(a for a in by["attack"] if a.a == t)
        if "reload" in by and spendable(st, h) >= 1:
            return by["reload"][0]
        if "pass" in by and q >= 0 and st.carrier < 0 and rules.standing(st, q):
            here = DIST[st.pos[q]][st.jugg]
            spend = rules.afford(st, h) - 2
            options = [a for a in by["pass"] if DIST[st.jugg][a.a] <= spend]
            if options and here > 1:
                best = min(options, key=lambda a: DIST[st.pos[q]][a.a])
                if DIST[st.pos[q]][best.a] <= here - 2:
                    return best
        if rules.pins_of(st, h):
            return finish(st, h, by)  # a pinner holds its pin (it is free, R143)
        target = fight_hex(st, h)
        if st.moves_left < 0 and target >= 0 and DIST[st.pos[h]][target] > rules.reach(st, h):
            money = spendable(st, h)
            for kind, keep in (("run", 3), ("jog", 0)):
                if kind in by and money >= keep:
                    return by[kind][0]
        if target >= 0 and DIST[st.pos[h]][target] > 1:
            step = path_step(st, h, target, by, reach=1)
            if step is not None:
                return step
        return finish(st, h, by)


def finish(st: JuggerState, h: int, by: dict[str, list[Act]]) -> Act:
    """Face the nearest enemy (never show it the back), then end the activation."""
    if "face" in by:
        d = face_to(st, h, nearest_enemy_hex(st, h))
        if d != st.facing[h]:
            for a in by["face"]:
                if a.a == d:
                    return a
    return by["done"][0]


def spendable(st: JuggerState, h: int) -> int:
    """Points the bot spends freely: focus and teamplay, never the last stamina (R48)."""
    return st.fp[h] + st.tpp[h // 8]


def path_step(
    st: JuggerState, h: int, target: int, by: dict[str, list[Act]], reach: int
) -> Act | None:
    """The step along a shortest path around the heroes on the field (breadth first from the
    target); the straight step when no path is free."""
    steps = [a for a in by.get("step", []) if st.game.field[a.a]]
    if not steps:
        return None
    here = st.pos[h]
    if any(DIST[here][a.a] != 1 for a in steps):  # not the mover's steps: not cached
        to_here, dist = _distances(st, h, target)
    else:  # a search asks the same paths again and again (two calls in three)
        cache = st.game.path_cache
        key = (target, h, *st.pos)
        found = cache.get(key)
        if found is None:
            to_here, far = _distances(st, h, target)  # the steps are neighbours: theirs only
            found = to_here, {n: far[n] for n in NEIGHBOURS[here] if n in far}
            keep(cache, key, found, PATH_SIZE)
        to_here, dist = found
    if to_here < 0:  # no free path
        return best_step(st, h, target, by)
    if DIST[here][target] <= reach:
        return None
    best = min(steps, key=lambda a: dist.get(a.a, 99))
    return best if dist.get(best.a, 99) < to_here else None


def _distances(st: JuggerState, h: int, target: int) -> tuple[int, dict[int, int]]:
    """Breadth first from `target` around the other heroes until the hero's hex: its distance
    and every distance found (-1 when no path is free)."""
    here = st.pos[h]
    taken = {st.pos[k] for k in range(S.SEATS) if st.pos[k] >= 0 and k != h}
    taken.discard(here)
    near = st.game.field_neighbours  # NEIGHBOURS on the field, in their order
    dist = {target: 0}
    frontier = [target]
    d = 0
    while frontier and here not in dist:
        d += 1
        nxt = []
        for x in frontier:
            for n in near[x]:
                if n not in dist and n not in taken:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist.get(here, -1), dist


def forward_throw(st: JuggerState, h: int, by: dict[str, list[Act]]) -> Act | None:
    """A throw for 1 FP onto a free hex nearer the Mal that no standing enemy is next to."""
    goal = MAL[1 - h // 8]
    here = DIST[st.pos[h]][goal]
    if spendable(st, h) < 2 or here <= 1:
        return None
    enemies = [st.pos[k] for k in rules.seats(1 - h // 8) if rules.standing(st, k)]
    taken = {st.pos[k] for k in range(S.SEATS) if st.pos[k] >= 0}
    best, best_d = None, here - 2
    for a in by["throw"]:
        if DIST[st.pos[h]][a.a] > 3 or a.a in taken:
            continue
        if any(DIST[e][a.a] <= 2 for e in enemies):
            continue
        d = DIST[a.a][goal]
        if d < best_d:
            best, best_d = a, d
    return best


def best_step(st: JuggerState, h: int, target: int, by: dict[str, list[Act]]) -> Act | None:
    here = DIST[st.pos[h]][target]
    best, best_d = None, here
    for a in by.get("step", []):
        if not st.game.field[a.a]:
            continue
        d = DIST[a.a][target]
        if d < best_d:
            best, best_d = a, d
    return best


def qwik_value(hr: Any) -> float:
    return teambuild.qwik(hr)


def fight(st: JuggerState, h: int) -> float:
    return teambuild.fighter(rules.hero(st, h))


def field_value(st: JuggerState, h: int) -> float:
    """A substitute's worth on the field: its best role, less for lost stamina (R47, R48)."""
    hr = rules.hero(st, h)
    worth = max(teambuild.fighter(hr), teambuild.qwik(hr))
    return worth * (0.5 if st.exhausted[h] else 1.0) + 0.3 * st.ap[h]


def spar_choice(st: JuggerState, legal: list[Act]) -> Act:
    """The chain to the pompfer who gains most from it; a shield for a good parry, else long."""
    h = legal[0].a
    spars = st.game.spars
    chain = [a for a in legal if spars[a.b].chain]
    if chain:
        p = h // 8
        todo = [k for k in rules.seats(p) if st.role[k] == rules.POMPFER and st.spar[k] < 0]
        best = max(todo, key=lambda k: rules.hero(st, k).attack - 0.5 * rules.hero(st, k).parry)
        if best == h:
            return chain[0]
    want = "shield" if rules.hero(st, h).parry >= 2 else "long"
    for a in legal:
        if spars[a.b].id == want:
            return a
    return legal[0]


def own_qwik(st: JuggerState, p: int) -> int:
    for h in rules.seats(p):
        if st.role[h] == rules.QWIK and st.card[h] >= 0:
            return h
    return -1


def priority(st: JuggerState, p: int, k: int) -> float:
    if st.carrier == k:
        return 100.0
    q = own_qwik(st, p)
    if q >= 0 and st.pinned_by[q] == k:
        return 80.0  # free the own Qwik: the pinner parries with its spar or falls (R144)
    if st.role[k] == rules.QWIK:
        return 50.0
    if q >= 0 and st.pos[q] >= 0:
        return 20.0 - DIST[st.pos[q]][st.pos[k]]
    return 0.0


def nearest_enemy_hex(st: JuggerState, h: int) -> int:
    best, best_d = st.pos[h], 99
    for k in rules.seats(1 - h // 8):
        if rules.standing(st, k):
            d = DIST[st.pos[h]][st.pos[k]]
            if d < best_d:
                best, best_d = st.pos[k], d
    return best


def fight_hex(st: JuggerState, h: int) -> int:
    """Where a pompfer is wanted: at the enemy carrier, at the escorts of its own carrier, or
    between its Qwik and the Jugg."""
    p = h // 8
    if st.carrier >= 0 and st.carrier // 8 != p:
        return st.pos[st.carrier]
    q = own_qwik(st, p)
    if q >= 0 and st.pinned_by[q] >= 0:
        return st.pos[st.pinned_by[q]]  # break the pin on the own Qwik
    if st.carrier >= 0:
        c = st.pos[st.carrier]
        enemies = [st.pos[k] for k in rules.seats(1 - p) if rules.standing(st, k)]
        if enemies:
            return min(enemies, key=lambda x: DIST[c][x])
        return MAL[1 - p]
    return st.jugg
