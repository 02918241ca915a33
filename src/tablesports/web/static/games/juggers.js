// Juggers Fallout: the table from above on a canvas, drawn from the observation (the state, the
// table's geometry and the Juggers' names). Drag back from one of your coins like a slingshot:
// the flick goes the other way, its strength grows with the pull; release to flick. Placement
// cells are clicked on the table; every other action (draft, toss choice, supermove,
// substitution, shooter, pass) is a button.
const COLOURS = ["#f9a825", "#1565c0"]; // team A, team B (as in render.py's PNG)
const TEXT_COLOURS = ["#7a4f00", "#0d47a1"]; // the same hues dark enough to read on the page
const COLUMNS = "abcdefghijkl";
const CELL = 100; // mm, actions.py's placement grid
const SCALE = 0.75; // px per mm
const MARGIN = 40; // mm around the table (coins fall off into it)
const FULL_PULL = 200; // mm of pull for strength 1
const MIN_PULL = 6; // mm: a shorter drag is a click, not a flick
const ANIMATION_MS = 700;
const HOLD_MS = 600; // the settled coins stay shown this long before the position now

import { actionText, lastMoveCaption, lastStep, useCss } from "/static/games/words.js";

const slotName = (s) => `${"AB"[Math.floor(s / 4)]}${(s % 4) + 1}`;
let lastMoved = new Set(); // the coins the last step named: ringed on the table
let redrawTable = null;

// A point of the table as a place a player names: its cell of the placement grid (columns a-l
// from A's end, rows 1-8) and where that is: at a goal's post, in front of a goal, in midfield.
export function placeName(x, y, tb, t) {
  const cell = x >= 0 && y >= 0 && x <= tb.width && y <= tb.height
    ? `${COLUMNS[Math.min(COLUMNS.length - 1, Math.floor(x / CELL))]}${Math.min(8, Math.floor(y / CELL) + 1)}` : null;
  if (!cell) return t("off the table");
  const half = tb.mouth / 2 + tb.post_radius;
  const goals = [[0, tb.goal_line], [1, tb.width - tb.goal_line]];
  for (const [team, gx] of goals) {
    for (const [side, py] of [["left", tb.height / 2 + half], ["right", tb.height / 2 - half]]) {
      // left and right as the team defending that goal sees them, facing the field
      const word = team === 0 ? side : side === "left" ? "right" : "left";
      if (Math.hypot(x - gx, y - py) < 60) {
        const near = word === "left" ? t("near the left post of {team}'s goal", { team: "AB"[team] }) : t("near the right post of {team}'s goal", { team: "AB"[team] });
        return `${cell}, ${near}`;
      }
    }
    if (Math.abs(x - gx) < 150 && Math.abs(y - tb.height / 2) < half + 60) return `${cell}, ${t("in front of {team}'s goal", { team: "AB"[team] })}`;
  }
  const third = x < tb.width / 3 ? t("in A's third") : x > (2 * tb.width) / 3 ? t("in B's third") : t("in midfield");
  return `${cell}, ${third}`;
}

// the coins the last step named ("A2 Name: flick ...", "B1 Name falls off the table")
export function highlight(lastAction, events) {
  lastMoved = new Set();
  for (const e of events || []) for (const v of Object.values(e.fields || {})) { const m = String(v).match(/^([AB][1-4]) /); if (m) lastMoved.add(m[1]); }
  if (redrawTable) redrawTable();
}
const fmt = (x, digits) => String(Number(x.toFixed(digits)));

// The flick of a pull from the coin at `c` to the pointer at `p` (world mm, y up): the game's
// angle is in degrees counter-clockwise from +x (towards team B's goal), 0 to under 360; the
// strength over 0 to 1 (actions.py). Both rounded, then clamped to the legal range.
export function aim(c, p) {
  const dx = c[0] - p[0];
  const dy = c[1] - p[1];
  const pull = Math.hypot(dx, dy);
  // turned into 0..360 before rounding: a remainder after it (417.4 % 360) is 57.39999999999998
  let angle = Number((((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360).toFixed(1));
  if (angle >= 360 || angle < 0) angle = 0;
  const strength = Math.min(1, Math.max(0.01, Number((pull / FULL_PULL).toFixed(2))));
  return { angle, strength, pull };
}

// Slots taken off by a substitution in the current turn: the history back to its placements.
function subbedOut(history) {
  const out = new Set();
  for (let i = history.length - 1; i >= 0; i--) {
    const [who, text] = history[i];
    if (text.startsWith("place ")) break;
    const m = text.match(/^sub out (\d) in \d$/);
    if (m) out.add(who * 4 + Number(m[1]) - 1);
  }
  return out;
}

// "settle A1:300.5,400 B2:..." (actions.py) -> positions by slot, null for a coin not on the table
function parseSettle(text) {
  const out = Array(8).fill(null);
  for (const m of text.matchAll(/([AB])([1-4]):([-+\d.e]+),([-+\d.e]+)/g)) {
    out["AB".indexOf(m[1]) * 4 + Number(m[2]) - 1] = [Number(m[3]), Number(m[4])];
  }
  return out;
}

function geometry(o) {
  const tb = o.table;
  const toPx = (x, y) => [(x + MARGIN) * SCALE, (tb.height - y + MARGIN) * SCALE];
  const toWorld = (px, py) => [px / SCALE - MARGIN, tb.height + MARGIN - py / SCALE];
  return { tb, toPx, toWorld, w: (tb.width + 2 * MARGIN) * SCALE, h: (tb.height + 2 * MARGIN) * SCALE };
}

function cellAt(g, x, y) {
  const c = Math.floor(x / CELL);
  const r = Math.floor(y / CELL);
  if (c < 0 || r < 0 || c >= COLUMNS.length || r >= 8 || x < 0 || y < 0) return null;
  return `${COLUMNS[c]}${r + 1}`;
}

function drawTable(cx, g, o, coins, extra) {
  const { tb, toPx } = g;
  cx.clearRect(0, 0, g.w, g.h);
  cx.fillStyle = "#3e2723"; // the floor the coins fall to
  cx.fillRect(0, 0, g.w, g.h);
  const [x0, y0] = toPx(0, tb.height);
  cx.fillStyle = "#2e7d32";
  cx.fillRect(x0, y0, tb.width * SCALE, tb.height * SCALE);
  cx.strokeStyle = "rgba(255,255,255,0.12)";
  cx.lineWidth = 1;
  for (let c = 1; c < 12; c++) {
    const [x] = toPx(c * CELL, 0);
    cx.beginPath(); cx.moveTo(x, y0); cx.lineTo(x, y0 + tb.height * SCALE); cx.stroke();
  }
  for (let r = 1; r < 8; r++) {
    const [, y] = toPx(0, r * CELL);
    cx.beginPath(); cx.moveTo(x0, y); cx.lineTo(x0 + tb.width * SCALE, y); cx.stroke();
  }
  cx.fillStyle = "rgba(255,255,255,0.35)";
  cx.font = "10px sans-serif";
  for (let c = 0; c < 12; c++) cx.fillText(COLUMNS[c], toPx(c * CELL + CELL / 2 - 3, 0)[0], y0 + tb.height * SCALE + 12);
  for (let r = 0; r < 8; r++) cx.fillText(String(r + 1), x0 - 12, toPx(0, r * CELL + CELL / 2 - 4)[1]);
  cx.setLineDash([4, 4]);
  cx.strokeStyle = "rgba(255,255,255,0.6)";
  const [mx] = toPx(tb.width / 2, 0);
  cx.beginPath(); cx.moveTo(mx, y0); cx.lineTo(mx, y0 + tb.height * SCALE); cx.stroke();
  cx.setLineDash([]);
  for (const cell of extra.cells || []) {
    const c = COLUMNS.indexOf(cell[0]);
    const r = Number(cell.slice(1)) - 1;
    const [px, py] = toPx(c * CELL, (r + 1) * CELL);
    cx.fillStyle = "rgba(255,255,255,0.18)";
    cx.fillRect(px + 2, py + 2, CELL * SCALE - 4, CELL * SCALE - 4);
  }
  // the goals: two posts at goal_line from each short edge; the mouth between them
  for (const [team, x] of [[0, tb.goal_line], [1, tb.width - tb.goal_line]]) {
    const edge = team === 0 ? 0 : tb.width;
    const half = tb.mouth / 2 + tb.post_radius;
    const [ax, ay] = toPx(Math.min(edge, x), tb.height / 2 + half);
    cx.fillStyle = "rgba(255,255,255,0.15)";
    cx.fillRect(ax, ay, Math.abs(x - edge) * SCALE, 2 * half * SCALE);
    cx.fillStyle = "#fff";
    for (const dy of [-half, half]) {
      const [px, py] = toPx(x, tb.height / 2 + dy);
      cx.beginPath(); cx.arc(px, py, Math.max(2, tb.post_radius * SCALE), 0, 2 * Math.PI); cx.fill();
    }
    cx.font = "bold 11px sans-serif";
    const [lx, ly] = toPx(team === 0 ? 4 : tb.width - 72, tb.height / 2 + half + 16);
    cx.lineWidth = 3; cx.strokeStyle = "#000";
    const label = extra.t ? extra.t("{team}'s goal", { team: "AB"[team] }) : `${"AB"[team]}'s goal`;
    cx.strokeText(label, lx, ly);
    cx.fillStyle = COLOURS[team];
    cx.fillText(label, lx, ly);
  }
  const injured = (s) => o.turn <= o.injured_until[s];
  for (const [s, p] of coins) {
    const [px, py] = toPx(p[0], p[1]);
    const r = Math.max(7, tb.coin_radius * SCALE);
    const off = p[0] < 0 || p[1] < 0 || p[0] > tb.width || p[1] > tb.height;
    cx.globalAlpha = off ? 0.45 : 1;
    cx.beginPath(); cx.arc(px, py, r, 0, 2 * Math.PI);
    cx.fillStyle = COLOURS[Math.floor(s / 4)]; cx.fill();
    cx.lineWidth = s === o.declared || s === extra.selected ? 3 : 1;
    cx.strokeStyle = s === o.declared ? "#ff1744" : s === extra.selected ? "#fff" : "#000";
    cx.stroke();
    if (lastMoved.has(slotName(s))) { // the last move's coin
      cx.strokeStyle = "#ff6d00"; cx.lineWidth = 3;
      cx.beginPath(); cx.arc(px, py, r + 4, 0, 2 * Math.PI); cx.stroke();
    }
    cx.fillStyle = s < 4 ? "#000" : "#fff";
    cx.font = "bold 9px sans-serif";
    cx.textAlign = "center"; cx.textBaseline = "middle";
    cx.fillText(slotName(s), px, py);
    if (injured(s)) { // a red cross: cannot be flicked this turn (R15)
      cx.strokeStyle = "#d50000"; cx.lineWidth = 2;
      cx.beginPath(); cx.moveTo(px - r, py - r); cx.lineTo(px + r, py + r);
      cx.moveTo(px + r, py - r); cx.lineTo(px - r, py + r); cx.stroke();
    }
    cx.textAlign = "start"; cx.textBaseline = "alphabetic"; cx.globalAlpha = 1;
  }
  // coins that fell off the table this turn wait on the floor below their team's end
  (extra.fallen || []).forEach((s, i) => {
    const team = Math.floor(s / 4);
    // above the table's top edge: the column letters are below its bottom edge
    const [px, py] = toPx(team === 0 ? 30 + 40 * i : tb.width - 30 - 40 * i, tb.height + 22);
    const r = Math.max(7, tb.coin_radius * SCALE);
    cx.globalAlpha = 0.6;
    cx.beginPath(); cx.arc(px, py, r, 0, 2 * Math.PI);
    cx.fillStyle = COLOURS[team]; cx.fill();
    cx.globalAlpha = 1;
    cx.strokeStyle = "#d50000"; cx.lineWidth = 2; cx.stroke();
    cx.fillStyle = team === 0 ? "#000" : "#fff";
    cx.font = "bold 9px sans-serif";
    cx.textAlign = "center"; cx.textBaseline = "middle";
    cx.fillText(slotName(s), px, py);
    cx.textAlign = "start"; cx.textBaseline = "alphabetic";
  });
  if (extra.drag) {
    const { from, to, angle, strength } = extra.drag;
    const [cxp, cyp] = toPx(from[0], from[1]);
    const [tx, ty] = toPx(to[0], to[1]);
    cx.strokeStyle = "rgba(255,255,255,0.7)"; cx.lineWidth = 2; cx.setLineDash([3, 3]);
    cx.beginPath(); cx.moveTo(cxp, cyp); cx.lineTo(tx, ty); cx.stroke(); cx.setLineDash([]);
    const rad = (angle * Math.PI) / 180;
    const len = 40 + 160 * strength;
    const hx = cxp + Math.cos(rad) * len;
    const hy = cyp - Math.sin(rad) * len;
    cx.strokeStyle = "#ffeb3b"; cx.lineWidth = 3;
    cx.beginPath(); cx.moveTo(cxp, cyp); cx.lineTo(hx, hy);
    cx.lineTo(hx - 10 * Math.cos(rad - 0.4), hy + 10 * Math.sin(rad - 0.4));
    cx.moveTo(hx, hy); cx.lineTo(hx - 10 * Math.cos(rad + 0.4), hy + 10 * Math.sin(rad + 0.4));
    cx.stroke();
    cx.fillStyle = "#fff"; cx.font = "bold 13px sans-serif";
    cx.fillText(`${fmt(angle, 1)}° · ${strength.toFixed(2)}`, hx + 6, hy - 6);
  }
}

export function render({ root, view, legal, act, t, el, memo }) {
  const o = view.observation;
  if (!o || !o.table) throw new Error("no table in the observation");
  const g = geometry(o);
  const pos = o.pos.map((p) => (p ? [p[0], p[1]] : null));
  const coinsOf = (positions) => positions.map((p, s) => [s, p]).filter(([, p]) => p);
  const flickable = {}; // jugger number -> slot, from the legal flicks
  const team = view.to_move ?? 0;
  for (const a of legal) {
    const m = a.match(/^flick (\d) /);
    if (m) flickable[m[1]] = team * 4 + Number(m[1]) - 1;
  }
  // placement: pick the Jugger (first one by default), then click a lit cell
  const places = {};
  for (const a of legal) {
    const m = a.match(/^place (\d) at ([a-l]\d)$/);
    if (m) (places[m[1]] ||= new Set()).add(m[2]);
  }
  if (memo.jgMove !== view.move) { memo.jgMove = view.move; memo.jgPlace = null; }
  if (!places[memo.jgPlace]) memo.jgPlace = Object.keys(places)[0] || null;
  const cells = memo.jgPlace ? [...places[memo.jgPlace]] : [];

  // placing, on a phone: the table drawn larger (cells of 47 px, a finger's target) and panned
  // in its frame by the finger (juggers.css); flicking: the whole table on the screen, a drag
  const placing = Object.keys(places).length > 0;
  const canvas = el("canvas", { id: "juggers-table", width: g.w, height: g.h, style: `touch-action: ${placing ? "pan-x pan-y" : "none"}; cursor: crosshair`, "data-scales": "" });
  // for tests and tools: where the coins are on the canvas (public: a perfect-information game)
  canvas.dataset.coins = JSON.stringify(Object.fromEntries(coinsOf(pos).map(([s, p]) => [slotName(s), g.toPx(p[0], p[1])])));
  canvas.dataset.geometry = JSON.stringify({ scale: SCALE, margin: MARGIN, height: g.tb.height, cell: CELL });
  const cx = canvas.getContext("2d");
  const subbed = subbedOut(o.history || []);
  const fallen = pos.map((p, s) => s).filter((s) => !pos[s] && o.played[s] && !subbed.has(s) && o.names[s]);
  const extra = { cells, fallen, t };
  const draw = (coins) => drawTable(cx, g, o, coins || coinsOf(pos), extra);
  redrawTable = () => { if (canvas.isConnected) draw(); };
  useCss("juggers");

  // A flick's result is its chance outcome `settle` in the history: where every coin came to
  // rest. physics.simulate keeps no path, so the flick is animated as a straight move from the
  // positions shown before to the settled ones (a coin that fell off fades where it was), held a
  // moment, then the position now is drawn (after a foul or a meta, the next turn's placement).
  // The animation lives in memo, so a view arriving meanwhile carries it on.
  const history = o.history || [];
  let last = -1;
  for (let i = history.length - 1; i >= 0 && last < 0; i--) if (history[i][1].startsWith("settle ")) last = i;
  if (memo.jgHistory !== undefined && last >= memo.jgHistory && memo.jgPos) {
    memo.jgAnim = { before: memo.jgPos, after: parseSettle(history[last][1]), start: performance.now() };
  }
  memo.jgHistory = history.length;
  memo.jgPos = pos;
  const anim = memo.jgAnim;
  if (anim && performance.now() - anim.start < ANIMATION_MS + HOLD_MS) {
    canvas.dataset.animating = "yes";
    const step = (now) => {
      if (!canvas.isConnected) return; // redrawn meanwhile: the new canvas carries on
      const k = Math.min(1, (now - anim.start) / ANIMATION_MS);
      const e = 1 - (1 - k) * (1 - k);
      const coins = [];
      for (let s = 0; s < 8; s++) {
        const a = anim.before[s];
        const b = anim.after[s];
        if (a && b) coins.push([s, [a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e]]);
        else if (b) coins.push([s, b]);
        else if (a && k < 1) coins.push([s, a]); // fell off the table
      }
      if (now - anim.start < ANIMATION_MS + HOLD_MS) {
        draw(coins);
        requestAnimationFrame(step);
      } else {
        memo.jgAnim = null;
        delete canvas.dataset.animating;
        draw();
      }
    };
    requestAnimationFrame(step);
  }
  draw();

  const hint = el("div", { class: "hint", id: "aim" });
  const pointer = (ev) => {
    const r = canvas.getBoundingClientRect();
    return g.toWorld(((ev.clientX - r.left) * canvas.width) / r.width, ((ev.clientY - r.top) * canvas.height) / r.height);
  };
  canvas.addEventListener("pointerdown", (ev) => {
    const p = pointer(ev);
    // a coin is taken within twice its radius, and within 22 CSS px of it however small the
    // table is drawn (a finger's 44 px target on a phone); the nearest one first
    const perMm = (SCALE * canvas.getBoundingClientRect().width) / canvas.width;
    const reach = Math.max(g.tb.coin_radius * 2, 22 / perMm);
    const near = Object.entries(flickable).filter(([, s]) => pos[s])
      .map(([j, s]) => [j, s, Math.hypot(pos[s][0] - p[0], pos[s][1] - p[1])]).sort((a, b) => a[2] - b[2]);
    for (const [j, s, away] of near) {
      const c = pos[s];
      if (away <= reach) {
        memo.jgDrag = { j, s, from: c };
        extra.selected = s;
        canvas.setPointerCapture?.(ev.pointerId);
        draw();
        return;
      }
    }
    memo.jgDrag = null;
  });
  canvas.addEventListener("pointermove", (ev) => {
    const d = memo.jgDrag;
    if (!d) return;
    const p = pointer(ev);
    const a = aim(d.from, p);
    extra.drag = a.pull >= MIN_PULL ? { from: d.from, to: p, angle: a.angle, strength: a.strength } : null;
    hint.textContent = extra.drag ? `${t("Flick")} ${d.j}: ${fmt(a.angle, 1)}°, ${t("strength")} ${fmt(a.strength, 2)}` : "";
    draw();
  });
  canvas.addEventListener("pointerup", (ev) => {
    const d = memo.jgDrag;
    memo.jgDrag = null;
    extra.drag = null;
    extra.selected = undefined;
    if (d) {
      const a = aim(d.from, pointer(ev));
      const spin = memo.jgOffset ? ` offset ${fmt(memo.jgOffset, 1)}` : "";
      if (a.pull >= MIN_PULL) return act(`flick ${d.j} at ${fmt(a.angle, 1)} strength ${fmt(a.strength, 2)}${spin}`);
      draw();
      return;
    }
    const p = pointer(ev);
    const cell = cellAt(g, p[0], p[1]);
    if (cell && memo.jgPlace && places[memo.jgPlace].has(cell)) act(`place ${memo.jgPlace} at ${cell}`);
  });

  // the Juggers of both teams: life, and whether on the table, on the bench, fallen or injured
  const roster = el("div", { class: "juggers-roster" });
  for (const tm of [0, 1]) {
    const row = el("div", {}, el("b", { style: `color:${TEXT_COLOURS[tm]}` }, `${"AB"[tm]} (${t("morale")} ${o.morale[tm]}, ${t("mete")} ${o.score[tm]})`));
    for (let s = tm * 4; s < tm * 4 + 4; s++) {
      if (!o.names[s]) continue;
      let where = pos[s] ? t("on the table") : t("bench");
      if (!pos[s] && o.played[s]) where = subbed.has(s) ? t("substituted") : t("fallen");
      if (o.hp[s] <= 0) where = t("out");
      const marks = [where];
      if (o.turn <= o.injured_until[s]) marks.push(t("injured"));
      if (pos[s]) marks.push(placeName(pos[s][0], pos[s][1], g.tb, t));
      row.append(el("span", { class: "jugger", "data-slot": slotName(s) }, ` · ${slotName(s)} ${o.names[s]} ♥${o.hp[s]} (${marks.join(", ")})`));
    }
    roster.append(row);
  }
  // the market's budgets while the teams draft (render.py's "market (budgets: ...)")
  const drafting = o.phase === "choose" || o.phase === "draft";
  const budgets = drafting ? ` · ${t("market: budgets A {a}, B {b} denari", { a: o.budget[0], b: o.budget[1] })}` : "";
  const ended = view.over && o.reason ? el("div", { class: "ending", id: "ending" }, t("The match is over: {reason}", { reason: reasonText(o.reason, t) })) : "";
  canvas.setAttribute("aria-label", t("The table from above: drag back from one of your coins to flick it"));
  root.append(el("div", { id: "jgphase" }, `${t("Inning")} ${o.inning} · ${phaseWord(t, o.phase)}`, budgets), ended, el("div", { class: `panframe${placing ? " placing" : ""}`, id: "jgframe" }, canvas), hint, roster, lastMoveCaption(el, t, view));
  const lastMove = lastStep(view);
  if (lastMove) highlight(lastMove.action, lastMove.events);

  const others = legal.filter((a) => !a.startsWith("flick ") && !a.startsWith("place "));
  if (Object.keys(places).length) {
    root.append(el("div", { class: "actions jgactions" }, t("Choose a Jugger to place, then tap a lit cell:"),
      ...Object.keys(places).map((j) => el("button", {
        "data-place": j, class: j === memo.jgPlace ? "primary" : "",
        onclick: () => { memo.jgPlace = j; memo.redraw?.(); },
      }, `${j} ${o.names[team * 4 + Number(j) - 1] || ""}`))));
  }
  if (Object.keys(flickable).length) {
    // the spin: hit the coin off its centre line by this fraction of its radius (actions.py)
    const offset = el("input", { type: "range", id: "offset", min: -1, max: 1, step: 0.1, value: memo.jgOffset || 0 });
    const shown = el("span", {}, fmt(memo.jgOffset || 0, 1));
    offset.addEventListener("input", () => { memo.jgOffset = Number(offset.value); shown.textContent = fmt(memo.jgOffset, 1); });
    root.append(el("div", { class: "hint" }, t("Drag back from one of your coins and release to flick it."), " ",
      el("label", {}, t("Spin (offset)"), " ", offset, " ", shown)));
  }
  // every other action as a button whose words are drawn from the action's fields and the
  // characters' cards (boards.py), in the reader's language; data-action stays what is sent
  if (others.length) {
    const cards = view.board?.characters || [];
    const costs = view.board?.super_costs || [];
    const buttons = others.map((a) => actionButton(a, { o, cards, costs, team, t, el }));
    root.append(el("div", { class: `actions jgactions${others.some((a) => a.startsWith("pick ")) ? " jgmarket" : ""}` }, buttons.map((b) => {
      const a = b.dataset.action;
      b.addEventListener("click", () => act(a));
      return b;
    })));
  }
}

// a card's decimal number as the page's language writes it (1,5 in German, Italian, Russian)
const decimal = (x) => Number(x).toLocaleString(document.documentElement.lang || "en");

// a supermove's effects ("mass ×3, through team-mates"), from its card's numbers (data.py)
function effects(sm, t) {
  const parts = [];
  if (sm.power !== 1) parts.push(`${t("power")} ×${decimal(sm.power)}`);
  if (sm.precision !== 1) parts.push(`${t("spread")} ×${decimal(sm.precision)}`);
  if (sm.heavy !== 1) parts.push(`${t("mass")} ×${decimal(sm.heavy)}`);
  if (sm.ghost) parts.push(t("through team-mates"));
  return parts.join(", ") || t("none");
}

// A character of the market as its card reads: name and cost, then life, stamina, charisma and
// aim, then its supermove and what it costs in morale.
function marketCard(c, budget, t, el) {
  const over = c.cost > budget; // R27: drafted all the same, but without a supermove
  return [
    el("span", { class: "jgname" }, el("b", {}, c.name), " · ", t("{cost} denari", { cost: c.cost })),
    el("span", { class: "jgstats" }, [
      t("life {life}", { life: c.life }), t("stamina {stamina}%", { stamina: c.stamina }),
      t("charisma {charisma}%", { charisma: c.charisma }), t("aim ±{spread}°", { spread: decimal(c.precision) }),
    ].join(" · ")),
    el("span", { class: "jgsuper" }, t("supermove {name} ({effects}): {morale} morale", {
      name: t(c.supermove.name), effects: effects(c.supermove, t), morale: c.supermove.morale,
    }), over ? ` · ${t("over budget: no supermove")}` : ""),
  ];
}

// One action of the seat to move (not a flick nor a placement) as a button of its own words.
function actionButton(a, { o, cards, costs, team, t, el }) {
  const slotOf = (j) => team * 4 + Number(j) - 1;
  const who = (j) => `${slotName(slotOf(j))} ${o.names[slotOf(j)] || ""}`.trim();
  const button = (label, extra = {}) => el("button", { "data-action": a, ...extra }, label);
  let m = a.match(/^pick (\S+)$/);
  const card = m && cards.find((c) => c.id === m[1]);
  if (card) return button(marketCard(card, o.budget[team], t, el), { class: "jgpick", title: t("Draft {name} for {cost} denari", { name: card.name, cost: card.cost }) });
  if (a === "choose pick") return button(t("Pick first in the draft (attack second)"));
  if (a === "choose attack") return button(t("Let the other team pick first (attack first)"));
  if ((m = a.match(/^super (\d)$/))) {
    const c = cards[o.chars[slotOf(m[1])]];
    const cost = costs[slotOf(m[1])] ?? c?.supermove.morale; // less when excited (R26)
    return button(c ? t("Supermove of {player}: {name} ({effects}), {morale} morale", { player: who(m[1]), name: t(c.supermove.name), effects: effects(c.supermove, t), morale: cost }) : t("Supermove of {player}", { player: who(m[1]) }));
  }
  if ((m = a.match(/^sub out (\d) in (\d)$/))) return button(t("Substitute {out} with {into}", { out: who(m[1]), into: who(m[2]) }));
  if ((m = a.match(/^shooter (\d)$/))) return button(t("Penalty taker: {player}", { player: who(m[1]) }));
  if (a === "pass") return button(t("Pass"));
  return button(actionText(a, t));
}

// why the match ended (state.py's _finish), in the reader's language
function reasonText(reason, t) {
  const pens = reason.match(/^penalties (\d+)-(\d+)$/);
  if (pens) return t("won on penalties {a}-{b}", { a: pens[1], b: pens[2] });
  if (reason === "more mete") return t("more mete after the nine innings");
  if (reason.startsWith("penalties capped")) return t("a draw: the penalties reached their cap");
  return reason;
}

// the phases of a match (phases.py), as a player names them
function phaseWord(t, phase) {
  return ({
    toss: t("toss"), choose: t("choice of the first pick"), draft: t("draft"), place: t("placement"),
    play: t("flicking"), noise: t("flick"), settle: t("flick"), roll: t("rolls"), shooter: t("penalty taker"),
    shoot: t("penalties"), over: t("over"),
  })[phase] || phase;
}
