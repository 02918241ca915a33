// Jugger TTG: the hex board as SVG, from the observation's fields (board.py's layout: row r,
// doubled-width x; even rows hold columns a..t, odd rows a..u). Click one of your heroes, then
// a lit hex (place, step, throw, pass, lunge, quickstep, push, drop); click a ringed enemy to attack, pin
// or wrestle it; every other legal action is a button in its group.
import { abbr, actionText, lastMoveCaption, lastStep, markLast, shortForm, useCss } from "/static/games/words.js";

const NS = "http://www.w3.org/2000/svg";
// the game's terms, as the rules page explains them: each action button's tooltip
const terms = (t) => ({
  aoo: t("Attack of opportunity (R116): the enemy moved within this hero's range; attack it now, 2 FP."),
  buy: t("Buy dice (R104, R106): once per combat, 2 points a die."),
  parry: t("Parry (R100): defend with the hero's parry plus the spar's parry dice, 2 FP."),
  duel: t("Duel (R101): answer the attack with an attack of your own, 2 FP."),
  "talent-parry": t("Parry with the hero's talent (against standard attacks)."),
  "talent-duel": t("Duel with the hero's talent (against standard attacks)."),
  "no-defence": t("Do not defend: roll only the spar's parry dice (R102)."),
  "no-reaction": t("Let it pass: no attack of opportunity, no talent."),
  qwik: t("Choose this hero as the Qwik, the runner who carries the Jugg (R12)."),
  spar: t("Give this pompfer a spar, its padded weapon: attack, parry, range, Stones a hit costs (R21)."),
  activate: t("Activate this hero: it may move and act with its FP and AP."),
  delay: t("Delay (R44): pay 1 FP and act later this turn."),
  jog: t("Jog (R52): 1 to 3 hexes, 0 FP; agility is added."),
  run: t("Run (R52): 4 or 5 hexes, 1 FP; agility is added."),
  sprint: t("Sprint (R52): 6 or 7 hexes, 2 FP; agility is added."),
  pin: t("Pin (R139): hold down a kneeling enemy next to this pompfer, 1 FP."),
  unpin: t("Release the pinned enemy."),
  reroll: t("Re-roll with a talent (R5): all the dice of that roll again."),
  reload: t("Reload (R111): 1 FP makes a thrown chain ready."),
  pickup: t("Pick up the Jugg (R78)."),
  recruit: t("Recruit this hero into your team (R18)."),
  talent: t("Use the hero's talent."),
  wrestle: t("Wrestle the enemy Qwik (R83)."),
});
const termTitle = (t, a) => terms(t)[a.split(" ")[0]] || actionLabel(t, a);
// the counters and marks the board shows short (the seed's FP, AP and RDA; the Qwik's and a
// pinned hero's letters), each [short form, whole term] in the reader's language
const shorts = (t) => ({
  FP: [shortForm(t("FP (short for focus points)")), t("focus points (FP)")],
  AP: [shortForm(t("AP (short for stamina points)")), t("stamina points (AP)")],
  RDA: [shortForm(t("RDA (short for activation order)")), t("activation order (RDA)")],
  Q: [shortForm(t("Q (short for Qwik)")), t("Qwik")],
  P: [shortForm(t("P (short for pinned)")), t("pinned")],
});
const short = (el, t, key) => abbr(el, ...shorts(t)[key]);
const facingWord = (t, f) => ({ E: t("east"), NE: t("north-east"), NW: t("north-west"), W: t("west"), SW: t("south-west"), SE: t("south-east") })[f];
const teamWord = (t, side) => (side === 0 ? t("red") : t("blue"));
const malWord = (t, side) => (side === 0 ? t("the red Mal") : t("the blue Mal"));
const sparWord = (t, spar) => ({ shield: t("shield"), long: t("long spar"), staff: t("staff"), qtip: t("q-tip"), chain: t("chain"), twoshort: t("two short spars"), qwik: t("Qwik card") })[spar] || spar;

// the hexes and heroes the last step named ("step f6", "place r2 a5", "attack b3"): a hero's
// label (r1) reads like a hex's name (r1), so each word is read by its place in the action
export function highlight(lastAction, events) {
  const hexes = new Set();
  const heroes = new Set();
  const w = (lastAction || "").split(" ");
  if (HEX_KINDS.has(w[0]) && w.length === 2) hexes.add(w[1]);
  else if ((w[0] === "place" || w[0] === "quickstep") && w.length === 3) { heroes.add(w[1]); hexes.add(w[2]); }
  else if (w.length >= 2 && /^[rb][1-8]$/.test(w[1])) heroes.add(w[1]);
  for (const e of events || []) {
    for (const [k, v] of Object.entries(e.fields || {})) {
      if (/^hex\d*$/.test(k)) hexes.add(v);
      else if (/^hero\d*$/.test(k)) heroes.add(v);
    }
  }
  const board = document.getElementById("jtboard");
  if (!board) return;
  markLast(board, "hex", hexes);
  for (const name of heroes) for (const node of board.querySelectorAll(`[data-hero="${name}"]`)) node.classList.add("lastmoved", "last");
}

// an action in the reader's language: its kind, and the game's words in it (a spar, a facing)
function actionLabel(t, a) {
  const w = a.split(" ");
  if (w[0] === "spar" && w.length === 3) return `${actionText("spar", t)} ${w[1]} ${sparWord(t, w[2])}`;
  if (w[0] === "face" && w.length === 2 && facingWord(t, w[1])) return `${actionText("face", t)} ${facingWord(t, w[1])}`;
  return actionText(a, t);
}

const ROWS = 11;
const COLS = 21;
const S = 17; // hex radius in pixels
const W = Math.sqrt(3) * S;
const FACINGS = ["E", "NE", "NW", "W", "SW", "SE"];
const HEX_KINDS = new Set(["step", "throw", "pass", "lunge", "push", "drop"]);
const HERO_KINDS = new Set(["attack", "talent", "wrestle", "pin", "unpin", "aoo"]);
const OWN_KINDS = new Set(["activate", "delay", "field", "qwik", "spar"]);
const SPARS = ["shield", "long", "staff", "qtip", "chain", "twoshort", "qwik"];
const GROUPS = [
  ["Activation", /^(activate|delay|end|done)\b/],
  ["Movement", /^(jog|run|sprint)$/],
  ["Facing", /^face /],
  ["The Jugg", /^(pickup|score|reload|keep-hold|end-hold)$/],
  ["Combat", /^(buy \d+|parry|duel|talent-parry|talent-duel|no-defence|no-reaction|reroll [rb]\d|take|hold|no-push)$/],
  ["Team", /^(recruit|draw-pile|draw-discard|swap|discard|stop|first|initiative|field|qwik|spar) ?/],
];

const xOf = (col, row) => (row % 2 === 0 ? 2 * col : 2 * col - 1);
const exists = (col, row) => row >= 0 && row < ROWS && col >= 0 && col <= (row % 2 === 0 ? 19 : 20);
const hexName = (i) => `${String.fromCharCode(97 + (i % COLS))}${Math.floor(i / COLS) + 1}`;
const heroLabel = (h) => `${"rb"[Math.floor(h / 8)]}${(h % 8) + 1}`;
const heroSeat = (label) => ("rb".indexOf(label[0]) * 8) + Number(label[1]) - 1;
const indexOfXr = (x, r) => r * COLS + ((x + 1) >> 1);
const MAL = [indexOfXr(3, 5), indexOfXr(35, 5)];
const CENTRE = indexOfXr(19, 5);

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style") node.style.cssText = v; // CSSOM: a style attribute is refused by the CSP
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function centre(i) {
  const row = Math.floor(i / COLS);
  const x = xOf(i % COLS, row);
  return [(x + 2) * (W / 2), S + 4 + row * 1.5 * S];
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// the legal actions sorted by what they point at on the board
function sortActions(legal, me) {
  const byHex = {}; // hex name -> actions that end there
  const byHero = {}; // hero label -> actions naming it
  const placeBy = {}; // own hero label -> {hex: action}
  const rest = [];
  for (const a of legal) {
    const w = a.split(" ");
    if (w[0] === "place") {
      (placeBy[w[1]] ||= {})[w[2]] = a;
    } else if (HEX_KINDS.has(w[0]) && w.length === 2) {
      (byHex[w[1]] ||= []).push(a);
    } else if (w[0] === "quickstep" && w.length === 3) {
      (byHex[w[2]] ||= []).push(a); // a quickstep talent's hex (R65): the hero is named in the menu

    } else if (HERO_KINDS.has(w[0]) && w.length === 2 && heroSeat(w[1]) >= 0 && Math.floor(heroSeat(w[1]) / 8) !== me) {
      (byHero[w[1]] ||= []).push(a);
    } else {
      if (OWN_KINDS.has(w[0]) && w.length >= 2) (byHero[w[1]] ||= []).push(a);
      rest.push(a);
    }
  }
  return { byHex, byHero, placeBy, rest };
}


export function render({ root, view, legal, act, t, el, memo }) {
  useCss("juggerttg");
  const o = view.observation || {};
  const f = o.fields;
  if (!f || !f.pos) {
    root.append(el("pre", { class: "picture" }, view.picture || ""));
    return;
  }
  const me = view.viewer ?? -1;
  const names = o.names || [];
  const out = new Set(o.out || []);
  const { byHex, byHero, placeBy, rest } = sortActions(legal, me);
  if (memo.jtMove !== view.move) { memo.jtMove = view.move; memo.jtMenu = null; }
  // the selected hero: the one activating, else the one picked, else the first one to place
  const placeable = Object.keys(placeBy);
  let sel = memo.jtSel;
  if (f.active >= 0 && Math.floor(f.active / 8) === me) sel = heroLabel(f.active);
  else if (placeable.length && !placeBy[sel]) sel = placeable[0];
  memo.jtSel = sel;
  const lit = {}; // hex name -> actions
  for (const [hx, acts] of Object.entries(byHex)) lit[hx] = [...acts];
  for (const [hx, a] of Object.entries(placeBy[sel] || {})) (lit[hx] ||= []).push(a);

  const jugg = f.jugg >= 0 ? f.jugg : f.carrier >= 0 ? f.pos[f.carrier] : -1;
  const box = el("div", { class: "actions", id: "jtmenu" });
  // a choice between several actions on one hex or hero, kept across redraws of this move
  const menu = (acts, title) => { memo.jtMenu = { acts, title }; memo.redraw?.(); };
  if (memo.jtMenu) {
    const acts = memo.jtMenu.acts.filter((a) => legal.includes(a));
    box.append(el("span", { class: "jt-menu-title" }, memo.jtMenu.title),
      ...acts.map((a) => el("button", { "data-action": a, title: termTitle(t, a), onclick: () => act(a) }, actionLabel(t, a))));
  }
  const width = 42 * (W / 2) + 8;
  const height = (ROWS - 1) * 1.5 * S + 2 * S + 8;
  const sh = shorts(t);
  const board = svg("svg", { id: "jtboard", viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, width: (width * 1.5).toFixed(0), height: (height * 1.5).toFixed(0) });
  // a phone: the field at 1.6 times its units (hexes of 46 x 53 px, a finger's target) panning
  // in #jtframe, its labels at 12 px (juggerttg.css); a desktop: scaled to the page's width
  // the hexes: field, start slots (team tinted), Mals, centre, hexes out of play
  for (let i = 0; i < ROWS * COLS; i++) {
    const col = i % COLS;
    const row = Math.floor(i / COLS);
    if (!exists(col, row)) continue;
    const x = xOf(col, row);
    const name = hexName(i);
    const [cx, cy] = centre(i);
    let fill = "#cfe3c1";
    if (x <= 0) fill = "#e8c4c0";
    else if (x >= 38) fill = "#c3d3e8";
    if (out.has(i)) fill = "#9a9a9a";
    const cls = ["jt-hex"];
    if (lit[name]) cls.push("lit");
    const g = svg("g", { class: cls.join(" "), "data-hex": name, style: lit[name] ? "cursor: pointer" : null });
    g.append(svg("polygon", { points: hexPoints(cx, cy, S - 0.5), fill, stroke: "#6b8f5e", "stroke-width": 0.8 }));
    if (MAL.includes(i)) g.append(svg("circle", { cx, cy, r: S * 0.55, fill: "none", stroke: i === MAL[0] ? "#a93226" : "#1f5f99", "stroke-width": 3 }));
    if (i === CENTRE) g.append(svg("circle", { cx, cy, r: 3, fill: "#6b8f5e" }));
    if (lit[name]) {
      const kind = lit[name][0].split(" ")[0];
      const colour = { step: "#f1c40f", place: "#f1c40f", throw: "#e67e22", pass: "#e67e22", lunge: "#e74c3c", quickstep: "#e74c3c", push: "#8e44ad", drop: "#16a085" }[kind] || "#f1c40f";
      g.append(svg("polygon", { points: hexPoints(cx, cy, S - 3), fill: colour, "fill-opacity": 0.55, stroke: colour, "stroke-width": 2 }));
    }
    g.append(svg("text", { x: cx, y: cy + S * 0.72, "font-size": 6, "text-anchor": "middle", fill: "#56704c" }, name));
    const where = [name, MAL.includes(i) ? malWord(t, MAL.indexOf(i)) : "", x <= 0 || x >= 38 ? t("start slot") : ""].filter(Boolean);
    g.append(svg("title", {}, `${where.join(" · ")}${lit[name] ? `\n${lit[name].map((a) => actionLabel(t, a)).join("\n")}` : ""}`));
    g.addEventListener("click", () => {
      const acts = lit[name];
      if (!acts) return;
      if (acts.length === 1) return act(acts[0]);
      menu(acts, `${name}:`);
    });
    board.append(g);
  }
  // the heroes on the board
  const bench = [[], []];
  for (let h = 0; h < 16; h++) {
    if (f.card[h] < 0) continue;
    const label = heroLabel(h);
    const side = Math.floor(h / 8);
    const hero = { h, label, side, name: names[f.card[h]] || label };
    if (f.pos[h] < 0) { bench[side].push(hero); continue; }
    const [cx, cy] = centre(f.pos[h]);
    const down = Boolean(f.down[h]);
    const pinned = f.pinned_by[h] >= 0;
    const targets = byHero[label] || [];
    const mine = side === me;
    const cls = ["jt-hero", `t${side}`];
    if (mine) cls.push("mine");
    if (targets.length) cls.push(mine ? "can" : "target");
    if (sel === label && mine) cls.push("selected");
    if (down) cls.push("kneeling");
    if (pinned) cls.push("pinned");
    if (f.active === h) cls.push("active");
    const colour = side === 0 ? "#c0392b" : "#2471a3";
    const g = svg("g", { class: cls.join(" "), "data-hero": label, style: "cursor: pointer" });
    // the hero's whole hex takes his tap (a finger's target, not only his token)
    g.append(svg("polygon", { class: "jt-hit", points: hexPoints(cx, cy, S - 0.5), fill: "transparent" }));
    if (f.active === h) g.append(svg("circle", { cx, cy, r: S * 0.95, fill: "none", stroke: "#f1c40f", "stroke-width": 3, "stroke-dasharray": "4 2" }));
    if (targets.length && !mine) g.append(svg("circle", { cx, cy, r: S * 0.92, fill: "none", stroke: "#e74c3c", "stroke-width": 2.5 }));
    if (sel === label && mine) g.append(svg("circle", { cx, cy, r: S * 0.92, fill: "none", stroke: "#222", "stroke-width": 2 }));
    const r = S * 0.66;
    if (down) {
      // kneeling: a flattened token, no facing (R91 needs a standing hero), the Stones left
      g.append(svg("ellipse", { cx, cy, rx: r, ry: r * 0.6, fill: colour, "fill-opacity": 0.55, stroke: "#222", "stroke-width": 1, "stroke-dasharray": "2 1.5" }));
    } else {
      const a = -60 * f.facing[h];
      g.append(svg("polygon", { points: `${cx + r + 5},${cy} ${cx + r - 2},${cy - 5} ${cx + r - 2},${cy + 5}`, fill: "#222", transform: `rotate(${a} ${cx} ${cy})` }));
      g.append(svg("circle", { cx, cy, r, fill: colour, stroke: f.activated[h] ? "#888" : "#fff", "stroke-width": 1.5 }));
    }
    g.append(svg("text", { x: cx, y: cy + 3, "font-size": 8, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, down ? `${label.toUpperCase()}` : label));
    if (f.role[h] === 0) g.append(svg("text", { x: cx - r, y: cy - r + 2, "font-size": 7, "font-weight": "bold", fill: "#222" }, sh.Q[0]));
    if (down) g.append(svg("text", { x: cx + r - 1, y: cy - r + 3, "font-size": 7, fill: "#222" }, pinned ? sh.P[0] : String(f.penalty[h])));
    if (pinned) g.append(svg("line", { x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r, stroke: "#222", "stroke-width": 2 }));
    if (jugg === f.pos[h]) g.append(svg("circle", { cx: cx + r * 0.7, cy: cy + r * 0.7, r: 4.5, fill: "#f5e6b3", stroke: "#5d4037", "stroke-width": 1.2 }));
    const state = [down ? (pinned ? t("kneeling, pinned by {hero}", { hero: heroLabel(f.pinned_by[h]) }) : t("kneeling, {n} Stones left", { n: f.penalty[h] })) : t("facing {direction}", { direction: facingWord(t, FACINGS[f.facing[h]]) })];
    if (f.activated[h]) state.push(t("done"));
    if (f.exhausted[h]) state.push(t("exhausted"));
    g.append(svg("title", {}, `${label} ${hero.name} (${teamWord(t, side)}) · ${state.join(", ")} · ${sh.FP[0]} ${f.fp[h]} ${sh.AP[0]} ${f.ap[h]}${targets.length ? `\n${targets.map((a) => actionLabel(t, a)).join("\n")}` : ""}`));
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      // what his hex offers (a push, a lunge, a pass to a team-mate) comes with his own actions
      const here = lit[hexName(f.pos[h])] || [];
      if (!mine) {
        const all = [...targets, ...here.filter((a) => !targets.includes(a))];
        if (all.length === 1) return act(all[0]);
        if (all.length) menu(all, `${label}:`);
        return;
      }
      const own = targets.filter((a) => /^(activate|field|qwik) /.test(a));
      if (own.length === 1 && !placeBy[label] && !here.length) return act(own[0]);
      if (here.length === 1 && !targets.length) return act(here[0]);
      memo.jtSel = label;
      if (targets.length || here.length) menu([...here, ...targets], `${label}:`);
      else memo.redraw?.();
    });
    board.append(g);
  }
  if (jugg >= 0 && !f.pos.includes(jugg)) {
    const [cx, cy] = centre(jugg);
    board.append(svg("g", { class: "jt-jugg", "pointer-events": "none" }, svg("circle", { cx, cy, r: 6, fill: "#f5e6b3", stroke: "#5d4037", "stroke-width": 1.5 }), svg("title", {}, t("the Jugg"))));
  }

  // the heading: score, Stone, RDA, who acts
  const phase = f.phase;
  let who = f.active >= 0 ? t("{hero} is activating", { hero: `${heroLabel(f.active)} ${names[f.card[f.active]] || ""}` }) : "";
  if (f.active >= 0 && f.moves_left >= 0) who += ` (${t("{n} hexes left", { n: f.moves_left })})`;
  const head = el("div", { class: "jt-head", id: "jthead" },
    el("b", { style: "color:#c0392b" }, `${t("red")} ${f.score[0]}`), " - ", el("b", { style: "color:#2471a3" }, `${f.score[1]} ${t("blue")}`),
    ` · ${t("Stone")} ${f.stone + 1} · `, short(el, t, "RDA"), ` ${f.rda} · ${t("initiative")} ${teamWord(t, f.init)}${who ? ` · ${who}` : ""}`);
  // the heroes off the board (to place, substitutes)
  const benchBox = el("div", { class: "jt-bench" }, ...[0, 1].map((side) => bench[side].length
    ? el("div", {}, `${teamWord(t, side)} ${t("off the board")}: `, ...bench[side].map((b) => el("button", {
      class: `jt-benched t${side}${sel === b.label ? " selected" : ""}`, "data-hero": b.label,
      style: sel === b.label && side === me ? "outline: 2px solid #222" : null,
      onclick: () => { memo.jtSel = b.label; memo.redraw?.(); },
    }, `${b.label} ${b.name}${placeBy[b.label] ? " ▸" : ""}`)))
    : ""));
  // the other actions, grouped
  const titles = { Activation: t("Activation"), Movement: t("Movement"), Facing: t("Facing"), "The Jugg": t("The Jugg"), Combat: t("Combat"), Team: t("Team"), Other: t("Other") };
  const used = new Set();
  const groups = [];
  for (const [title, re] of GROUPS) {
    const acts = rest.filter((a) => !used.has(a) && re.test(a));
    acts.forEach((a) => used.add(a));
    if (acts.length) groups.push([title, acts]);
  }
  const others = rest.filter((a) => !used.has(a));
  if (others.length) groups.push(["Other", others]);
  const groupBox = el("div", { class: "jt-groups", id: "jtactions" }, ...groups.map(([title, acts]) => el("div", { class: "jt-group" },
    el("span", { class: "jt-group-title" }, `${titles[title]}: `),
    ...acts.map((a) => el("button", { "data-action": a, title: termTitle(t, a), class: a === "end" || a === "done" ? "primary" : "", onclick: () => act(a) }, actionLabel(t, a))))));
  // the heroes' cards, short
  const cards = el("table", { class: "jt-cards" }, ...[...Array(16).keys()].filter((h) => f.card[h] >= 0).map((h) => {
    const flags = [];
    if (f.role[h] === 0) flags.push(sh.Q[1]);
    else if (f.spar[h] >= 0 && f.role[h] === 1) flags.push(sparWord(t, SPARS[f.spar[h]]));
    else flags.push(t("substitute hero"));
    if (f.down[h]) flags.push(t("kneeling, {n} Stones left", { n: f.penalty[h] }));
    if (f.pinned_by[h] >= 0) flags.push(t("pinned by {hero}", { hero: heroLabel(f.pinned_by[h]) }));
    if (f.carrier === h) flags.push(t("carries the Jugg"));
    if (f.activated[h]) flags.push(t("done"));
    if (f.exhausted[h]) flags.push(t("exhausted"));
    return el("tr", { class: `t${Math.floor(h / 8)}` }, el("td", { style: `color:${h < 8 ? "#c0392b" : "#2471a3"}; font-weight: bold` }, heroLabel(h)),
      el("td", {}, names[f.card[h]] || ""), el("td", {}, f.pos[h] >= 0 ? hexName(f.pos[h]) : "-"),
      el("td", {}, short(el, t, "FP"), ` ${f.fp[h]} `, short(el, t, "AP"), ` ${f.ap[h]}`), el("td", {}, flags.join(", ")));
  }));
  root.append(head, el("div", { class: "panframe", id: "jtframe" }, board), box, groupBox, benchBox, recruits(view, legal, act, t, el), cards, legend(t, el), lastMoveCaption(el, t, view));
  const last = lastStep(view);
  if (last) highlight(last.action, last.events);
}

// the heroes one may recruit, each with its card: cost, values, talent
function recruits(view, legal, act, t, el) {
  const heroes = (view.board && view.board.heroes) || {};
  const acts = legal.filter((a) => a.startsWith("recruit "));
  if (!acts.length) return "";
  const cols = ["reflex", "attack", "parry", "agility", "focus", "stamina", "will"];
  const heads = [t("Reflex"), t("Attack"), t("Parry"), t("Agility"), t("Focus"), t("Stamina"), t("Will")];
  return el("table", { class: "jt-recruits", id: "jtrecruits" },
    el("tr", {}, el("th", {}, t("Hero")), el("th", {}, t("cost")), heads.map((c) => el("th", {}, c)), el("th", {}, t("talent")), el("th", {}, t("recruit"))),
    acts.map((a) => {
      const h = heroes[a.split(" ")[1]] || { name: a.split(" ")[1], values: {} };
      return el("tr", { "data-hero-id": a.split(" ")[1] }, el("td", {}, h.name), el("td", {}, String(h.cost ?? "")),
        cols.map((c) => el("td", {}, String(h.values[c] ?? ""))), el("td", { title: h.talent_text ? t(h.talent_text) : "" }, h.talent ? t(h.talent) : "-"),
        el("td", {}, el("button", { "data-action": a, title: termTitle(t, a), onclick: () => act(a) }, t("recruit"))));
    }));
}

// what the marks on the board mean
function legend(t, el) {
  const item = (cls, text) => el("span", {}, el("span", { class: `swatch ${cls}` }), ` ${text}`);
  return el("div", { class: "legend", id: "jtlegend" },
    item("red", t("red hero (arrow: its facing)")), item("blue", t("blue hero")), item("kneel", t("kneeling (Stones left)")),
    item("jugg", t("the Jugg")), item("mal", t("Mal (goal)")), item("start", t("start slot")), item("lit", t("a hex you may choose")),
    el("span", {}, el("b", {}, short(el, t, "Q")), ` ${t("the Qwik")}`), el("span", {}, el("b", {}, short(el, t, "P")), ` ${t("pinned")}`));
}
