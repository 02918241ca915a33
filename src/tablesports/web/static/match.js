// A match page: one websocket per seat held here (two in hot seat), the board, the move list.
// The server is the authority: this page sends an action with the move number it saw and
// shows whatever view the server sends back, or the error it explains.
//
// The board modules' hooks (static/games/<game>.js):
//   render(ctx)                          draws the board into ctx.root (required).
//   highlight(lastAction, events, ctx)   optional; called right after render(ctx) whenever the
//       position shown follows a step the viewer saw: `lastAction` is that step's action text
//       as the log carries it (the viewer's own redaction, e.g. "block 5,6"), `events` the
//       step's events as the log carries them ([{kind, text, data?, rule?}], possibly empty),
//       `ctx` the same object render got (ctx.root is the board, ctx.view the position shown).
//       Mark the squares, hexes, pieces or cards the step touched (e.g. with the CSS class
//       `last`); draw nothing else and never act. For the start position or a step hidden
//       from the viewer it is called with (null, [], ctx): clear any mark.
//   ctx.reviewing is true while an earlier position is shown (review or bot pacing): then
//       ctx.legal is empty and ctx.act does nothing.
// The generic default writes the last move above the board (#lastmove) and marks it in the list.
// A board wider than the page (a phone) is scaled with CSS zoom to fit; a board that scales
// itself, or whose pointer geometry must not be zoomed, sets `data-scales` on its top element.
import { t, el, languagePicker, translatePage } from "/static/i18n.js";
import * as generic from "/static/games/generic.js";
import { showClocks } from "/static/clock.js";
import { Pacer, SPEEDS, speed, setSpeed } from "/static/pacing.js";
import { endText } from "/static/endtext.js";
import { actionText, eventText, ruleText, useCss } from "/static/games/words.js";
import { keepPan, restorePan } from "/static/panframe.js";
import { rememberSaid } from "/static/actionwords.js";
import { playerName } from "/static/playername.js";
import { drawPhrases, heardPhrase, personLabel } from "/static/phrasebar.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const memo = { redraw: () => draw() }; // a board module's memory across redraws
let board = generic;
let boardGame = null;
let boardLoading = Promise.resolve();
const sockets = []; // {seat, token, ws, view, log}
let shownSeat = null;
let coverFor = null;
let shown = null; // null: the live position; else {step, review}: an earlier one
let reviewing = false; // the player chose to look back (pacing never takes over from it)
let seenSteps = null; // log steps already shown (pacing shows the ones after)
const waiting = new Map(); // review step -> the resolvers waiting for it
const rematchTokens = {};
const dismissedRematch = new Set(); // matches whose rematch notice this page put away

const pacer = new Pacer(showStep, () => {
  if (!reviewing) shown = null;
  draw();
});

function seatsFromFragment() {
  const frag = decodeURIComponent(location.hash.slice(1));
  if (frag === "hotseat") {
    const tokens = JSON.parse(localStorage.getItem(`tablesports.hotseat.${matchId}`) || "{}");
    return Object.entries(tokens).map(([seat, token]) => ({ seat: Number(seat), token }));
  }
  return [{ seat: null, token: frag || null }];
}

function showError(text) {
  $("error").textContent = text || "";
  $("error").classList.toggle("shown", Boolean(text));
}

function connect(slot) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  slot.ws = ws;
  const name = playerName() || undefined; // the seat's name (the server keeps the first)
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", match: matchId, token: slot.token, lang: localStorage.getItem("tablesports.lang") || "en", name }));
  ws.onmessage = (ev) => receive(slot, JSON.parse(ev.data));
  ws.onclose = () => {
    $("status").textContent = t("connection lost; reconnecting ...");
    setTimeout(() => connect(slot), 1000);
  };
}

function receive(slot, msg) {
  if (msg.type === "error") {
    showError(msg.message);
    for (const list of waiting.values()) for (const resolve of list) resolve(null); // refused
    waiting.clear();
    return;
  }
  if (msg.type === "review") {
    const list = waiting.get(msg.step) || [];
    waiting.delete(msg.step);
    for (const resolve of list) resolve(msg);
    return;
  }
  if (msg.type === "rematch") return rematchStarts(slot, msg);
  if (msg.type === "said") return heardPhrase(msg, slot.view);
  if (msg.type !== "view") return;
  showError("");
  slot.log = msg.log_from === 0 ? msg.log : slot.log.concat(msg.log);
  rememberSaid(msg.legal, msg.legal_said); // each action's template, for actionText
  rememberSaid(msg.log.map((s) => s.action), msg.log.map((s) => s.said));
  slot.view = msg;
  if (slot.seat === null && msg.viewer !== null) slot.seat = msg.viewer;
  if (slot === currentSlot()) follow(slot);
  else draw();
}

// --- pacing: the steps a bot or chance made since the last view, one position at a time ----
function paced(view, step) {
  return step.who === -1 || view.seats[step.who]?.kind === "bot";
}

function follow(slot) {
  const log = slot.log;
  const off = speed() === "off" || sockets.length > 1 || seenSteps === null;
  if (seenSteps === null || log.length < seenSteps) seenSteps = log.length; // first view, undo
  if (off || reviewing) {
    if (!reviewing) seenSteps = log.length;
    if (!pacer.active) draw();
    return;
  }
  const fresh = [];
  for (let i = seenSteps; i < log.length; i++) if (paced(slot.view, log[i])) fresh.push(i);
  seenSteps = log.length;
  if (fresh.length) pacer.push(fresh);
  else if (!pacer.active) draw();
}

function askReview(slot, step) {
  return new Promise((resolve) => {
    let done = false;
    const once = (msg) => {
      if (!done) resolve(msg);
      done = true;
    };
    waiting.set(step, [...(waiting.get(step) || []), once]);
    send(slot, { type: "review", step });
    setTimeout(() => once(null), 5000); // never wait for ever: the next step, or live
  });
}

async function showStep(i) {
  const slot = currentSlot();
  const msg = await askReview(slot, i + 1);
  if (msg && !reviewing && pacer.active) {
    shown = { step: i + 1, review: msg };
    draw();
  }
}

// --- review mode: any earlier position, as this page's viewer saw it -----------------------
function review(step) {
  const slot = currentSlot();
  if (!slot) return;
  pacer.skip();
  const total = slot.log.length;
  if (step >= total) return backToLive();
  step = Math.max(0, step);
  reviewing = true;
  askReview(slot, step).then((msg) => {
    if (msg && reviewing) {
      shown = { step, review: msg };
      draw();
    }
  });
}

function backToLive() {
  reviewing = false;
  shown = null;
  pacer.skip();
  const slot = currentSlot();
  if (slot) seenSteps = slot.log.length;
  draw();
}

function shownStep() {
  const slot = currentSlot();
  return shown ? shown.step : slot ? slot.log.length : 0;
}

document.addEventListener("keydown", (ev) => {
  if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (ev.target.closest("input, select, textarea, dialog")) return;
  const keys = { ArrowLeft: () => review(shownStep() - 1), ArrowRight: () => review(shownStep() + 1), Home: () => review(0), End: backToLive, Escape: backToLive };
  if (keys[ev.key]) {
    ev.preventDefault();
    keys[ev.key]();
  }
});

// --- resign, draw, rematch -------------------------------------------------------------------
function confirmDialog(text) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  return new Promise((resolve) => {
    dialog.onclose = () => resolve(dialog.returnValue === "yes");
    dialog.returnValue = "";
    dialog.showModal();
  });
}

function rememberSeat(match, seat, token) {
  const seats = JSON.parse(localStorage.getItem("tablesports.seats") || "{}");
  seats[token] = { match, seat };
  localStorage.setItem("tablesports.seats", JSON.stringify(seats));
}

function rematchStarts(slot, msg) {
  if (!msg.token) { // a spectator: the link to watch it
    draw();
    return;
  }
  rememberSeat(msg.match, msg.seat, msg.token);
  if (sockets.length > 1) {
    rematchTokens[msg.seat] = msg.token;
    if (Object.keys(rematchTokens).length < sockets.length) return;
    localStorage.setItem(`tablesports.hotseat.${msg.match}`, JSON.stringify(rematchTokens));
    location.href = `/m/${msg.match}#hotseat`;
    return;
  }
  location.href = `/m/${encodeURIComponent(msg.match)}#${msg.token}`;
}

function drawTable(slot, view, me) {
  const playing = me !== null && !view.over && !view.failure;
  $("resign").hidden = !playing;
  $("resign").onclick = async () => {
    if (await confirmDialog(t("Resign this match? You lose it at once."))) send(slot, { type: "resign" });
  };
  $("drawoffer").hidden = !(playing && view.draws && view.draw_offer === null);
  $("drawoffer").onclick = () => send(slot, { type: "draw", do: "offer" });
  const offer = $("offer");
  offer.replaceChildren();
  offer.hidden = view.draw_offer === null || view.over;
  if (!offer.hidden) {
    if (view.draw_offer === me) offer.append(t("You offered a draw; waiting for the answer."));
    else {
      offer.append(t("{seat} offers a draw.", { seat: seatLabel(view, view.draw_offer) }), " ");
      if (me !== null) {
        offer.append(el("button", { type: "button", class: "primary", id: "draw-accept", onclick: () => send(slot, { type: "draw", do: "accept" }) }, t("Accept the draw")), " ",
          el("button", { type: "button", id: "draw-decline", onclick: () => send(slot, { type: "draw", do: "decline" }) }, t("Decline")));
      }
    }
  }
  // a rematch asked for by another seat: a notice with Accept, as a draw offer has
  const askers = (view.rematch_by || []).filter((s) => s !== me);
  if (view.over && !view.rematch && askers.length && !(view.rematch_by || []).includes(me)
      && !dismissedRematch.has(view.match)) {
    offer.hidden = false;
    offer.append(t("{seat} asks for a rematch (seats swapped).", { seat: seatLabel(view, askers[0]) }), " ");
    if (me !== null) {
      offer.append(el("button", { type: "button", class: "primary", id: "rematch-accept", onclick: () => { for (const s of sockets) send(s, { type: "rematch" }); } }, t("Accept the rematch")), " ",
        el("button", { type: "button", id: "rematch-decline", onclick: () => { dismissedRematch.add(view.match); offer.hidden = true; } }, t("Not now")));
    }
  }
  const re = $("rematch");
  re.hidden = !(view.over && me !== null && !view.rematch);
  const asked = (view.rematch_by || []).includes(me);
  re.disabled = asked;
  re.textContent = asked ? t("Rematch asked; waiting for the other player") : t("Rematch (seats swapped)");
  re.onclick = () => { for (const s of sockets) send(s, { type: "rematch" }); };
  // a move that chance or the other side has answered cannot be taken back: say why
  const why = view.undo_blocked === "chance"
    ? t("No undo: the dice have been rolled since your last move")
    : view.undo_blocked ? t("No undo: the other side has played since your last move") : "";
  $("undo").hidden = !(view.can_undo || why) || Boolean(shown);
  $("undo").disabled = !view.can_undo;
  $("undo").title = why;
  $("undo-why").textContent = shown ? "" : why;
}

// --- drawing -------------------------------------------------------------------------------
function currentSlot() {
  const views = sockets.filter((s) => s.view);
  if (!views.length) return null;
  const toMove = views.find((s) => s.view.to_move !== null && s.view.to_move === s.seat);
  return toMove || views.find((s) => s.seat === shownSeat) || views[0];
}

function seatLabel(view, seat) {
  if (seat === -1) return t("chance");
  const s = view.seats[seat];
  // a bot by its level where it plays one ("a bot (normal)"), else by its name
  const level = s.level && t(s.level);
  // a bot without a level by its name, translated where it is a word ("random"); a person by name
  const who = s.kind === "bot" ? t("a bot ({level})", { level: level || t(s.name) }) : personLabel(s);
  return `${t("Seat {n}", { n: seat })} · ${who}`; // "Seat 1 · a bot (normal)"
}

async function loadBoard(game) {
  if (boardGame !== game) {
    boardGame = game;
    boardLoading = (async () => {
      let module;
      try {
        module = await import(`/static/games/${game}.js`);
      } catch {
        board = generic; // no board of its own: the text picture and the actions as buttons
        return;
      }
      await useCss(game); // its sizes before its first drawing (a phone's 44 px squares)
      board = module;
    })();
  }
  await boardLoading; // a second drawing meanwhile waits for the same loading
}

// A board wider than the screen is scaled down to fit (a phone), never below 0.4 (a Blood Bowl
// pitch on a 390 px phone); the page may still be pinch-zoomed for a closer look.
function fitBoard(root) {
  // (a pannable frame, panframe.js, keeps its board's size: a finger's targets stay 44 px)
  const kids = [...root.children].filter((c) => !c.hasAttribute("data-scales") && !c.classList.contains("panframe"));
  for (const child of kids) child.style.zoom = "";
  const room = root.clientWidth;
  for (const child of kids) {
    const wide = child.scrollWidth;
    if (wide > room + 1) child.style.zoom = String(Math.max(0.4, room / wide));
  }
  // content wider than its own box (a grid of fixed squares in a narrower block): all of it
  const wide = root.scrollWidth;
  if (wide > room + 1) {
    for (const child of kids) child.style.zoom = String(Math.max(0.4, Number(child.style.zoom || 1) * (room / wide)));
  }
}

async function draw() {
  const slot = currentSlot();
  if (!slot) return;
  const live = slot.view;
  await loadBoard(live.game);
  const me = slot.seat;
  const earlier = shown !== null;
  // an earlier position: the review's fields (observation, picture, to_move, and any a board
  // needs) over the live view's; nothing to play in it
  const { type, step: _step, steps, epoch, ...position } = earlier ? shown.review : {};
  // (its log: the steps up to it, so a board's own last-move caption is the shown one's)
  const view = earlier
    ? { ...live, ...position, log: slot.log.slice(0, shown.step), legal: [], over: false, can_undo: false }
    : live;
  const lastIndex = (earlier ? shown.step : slot.log.length) - 1;
  const body = document.body.dataset;
  body.move = live.move; // for tests: the live position's move number
  body.mine = !earlier && live.to_move !== null && live.to_move === me && !live.over ? "yes" : "no";
  body.over = live.over ? "yes" : "no";
  body.step = lastIndex + 1; // the position shown: after this many steps
  body.review = reviewing ? "yes" : "no";
  body.pacing = pacer.active ? "yes" : "no";
  // hot seat with hidden information: hand the screen over before showing a seat's hand
  const hotImperfect = sockets.length > 1 && live.information === "imperfect";
  if (hotImperfect && shownSeat !== slot.seat && !live.over) {
    shownSeat = null;
    return cover(slot.seat);
  }
  shownSeat = slot.seat;
  $("title").textContent = `${t(live.title)} · ${matchId}`; // "Blood Bowl (2025 edition)" translated
  document.title = `${t(live.title)} - tablesports`;
  const solo = sockets.length === 1 ? me : null;
  let status;
  if (live.failure) status = live.failure;
  else if (reviewing) status = t("Reviewing: the position after move {n} of {total}", { n: lastIndex + 1, total: slot.log.length });
  else if (pacer.active) status = t("Following the moves: {n} of {total}", { n: lastIndex + 1, total: slot.log.length });
  else if (live.over) status = endText(live, solo, seatLabel);
  else if (me === null) status = t("You are watching.");
  else if (live.to_move === me) status = t("Your turn ({seat})", { seat: seatLabel(live, me) });
  else if (live.to_move !== null) status = t("Waiting for {seat}", { seat: seatLabel(live, live.to_move) });
  else status = t("Waiting ...");
  $("status").textContent = status;
  $("status").dataset.over = live.over ? "yes" : "no";
  $("status").classList.toggle("ended", live.over && !earlier);
  const act = earlier ? () => {} : (text) => send(slot, { type: "act", seat: me, move: live.move, action: text });
  const root = $("board");
  const kept = keepPan(root);
  root.replaceChildren();
  const ctx = { root, view, legal: view.legal, act, t, el, memo, seat: me, reviewing: earlier };
  try {
    board.render(ctx);
  } catch (err) {
    console.error(err);
    root.replaceChildren();
    generic.render(ctx);
  }
  const step = lastIndex >= 0 ? slot.log[lastIndex] : null;
  drawLastMove(live, step);
  if (typeof board.highlight === "function") {
    try {
      const seen = step && !step.hidden;
      board.highlight(seen ? step.action : null, seen ? step.events || [] : [], ctx);
    } catch (err) {
      console.error(err);
    }
  }
  fitBoard(root);
  restorePan(root, kept, memo, view, !earlier && me !== null && view.legal.length > 0, t("Board"));
  drawLegal(view, act);
  // any action in its text form (a game with parametric actions lists none)
  $("typed").style.display = !earlier && me !== null && live.to_move === me && !live.over ? "" : "none";
  $("typed").onsubmit = (ev) => {
    ev.preventDefault();
    const text = $("actiontext").value.trim();
    if (text) act(text);
  };
  drawLog(live, slot.log, lastIndex);
  $("live").hidden = !reviewing;
  $("rv-first").disabled = $("rv-prev").disabled = lastIndex < 0;
  $("rv-next").disabled = $("rv-last").disabled = !earlier;
  $("skip").hidden = !pacer.active;
  $("picture").textContent = view.picture || t("(no picture for spectators of a game with hidden information)");
  drawTable(slot, live, me);
  $("undo").textContent = `${t("Undo my last move")} (${t("{n} left", { n: live.undos_left })})`;
  // provable fairness: the dice's commitment now, the seed itself once the match is over
  $("fairness").textContent = live.seed
    ? t("Seed {seed}: check every roll with tablesports replay --verify", { seed: live.seed })
    : t("Dice committed to {commitment}; the seed is shown when the match ends", {
        commitment: live.commitment,
      });
  $("undo").onclick = () => send(slot, { type: "undo", seat: me, move: live.move });
  $("record").onclick = (ev) => { ev.preventDefault(); downloadRecord(slot); };
  const seats = live.seats.map((s) => el("div", {}, seatLabel(live, s.seat)));
  if (live.rematch && me === null) seats.push(el("a", { href: `/m/${live.rematch}`, id: "watch-rematch" }, t("Watch the rematch")));
  $("seats").replaceChildren(...seats);
  drawPhrases(live, me, (msg) => send(slot, msg));
  showClocks($("clocks"), live.clock, (seat) => seatLabel(live, seat), live.over);
}

function drawLastMove(view, step) {
  const box = $("lastmove");
  if (!step) {
    box.textContent = "";
    return;
  }
  const what = step.hidden ? t("(hidden from you)") : actionText(step.action, t);
  box.textContent = `${t("Last move")}: ${step.i + 1}. ${seatLabel(view, step.who)}: ${what}`;
}

// The record comes with the seat's token in a header: a token in a URL ends up in logs.
async function downloadRecord(slot) {
  const headers = slot.token ? { "X-Seat-Token": slot.token } : {};
  const res = await fetch(`/api/matches/${matchId}/record`, { headers });
  if (!res.ok) {
    showError((await res.json()).error || res.statusText);
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") || "");
  const url = URL.createObjectURL(await res.blob());
  const a = el("a", { href: url, download: name ? name[1] : `${matchId}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function cover(seat) {
  if (coverFor === seat) return;
  coverFor = seat;
  // nothing of the last seat's view stays on the page behind the cover
  for (const id of ["board", "log", "legal", "picture", "lastmove"]) $(id).replaceChildren();
  document.getElementById("cover")?.remove();
  const box = el("div", { class: "cover", id: "cover" },
    el("div", {}, t("Pass the screen to seat {n}", { n: seat })),
    el("button", { class: "primary", onclick: () => { box.remove(); coverFor = null; shownSeat = seat; draw(); } }, t("I am seat {n}: show my view", { n: seat })));
  document.body.append(box);
}

function drawLegal(view, act) {
  const box = $("legal");
  box.replaceChildren(...view.legal.map((a, i) => el("button", { "data-action": a, "data-index": i, onclick: () => act(a) }, actionText(a, t))));
  $("alllegal").style.display = view.legal.length ? "" : "none";
}

// The move list: each step a button that shows the position after it (review mode).
function drawLog(view, log, current) {
  const box = $("log");
  const items = [];
  for (const step of log) {
    const who = seatLabel(view, step.who);
    const here = step.i === current;
    const attrs = { class: `step${step.hidden ? " hidden" : ""}${here ? " current" : ""}`, "data-step": step.i + 1 };
    if (here) attrs["aria-current"] = "step";
    const line = `${step.i + 1}. ${who}: ${step.hidden ? t("(hidden from you)") : actionText(step.action, t)}`;
    const events = step.hidden ? [] : (step.events || []).map((e) => el("div", { class: "event" }, `· ${eventText(e, t)}`, e.rule ? el("span", { class: "rule" }, ` [${ruleText(e.rule, t)}]`) : ""));
    items.push(el("li", attrs, el("button", { type: "button", class: "movebtn", onclick: () => review(step.i + 1) }, line), events));
  }
  box.replaceChildren(...items);
  const mark = box.querySelector(".current");
  if (mark) box.scrollTop = Math.max(0, mark.offsetTop - box.offsetTop - box.clientHeight + mark.offsetHeight + 8);
  else box.scrollTop = current < 0 ? 0 : box.scrollHeight; // the start: the top of the list
}

function send(slot, msg) {
  showError("");
  if (!slot.ws || slot.ws.readyState !== WebSocket.OPEN) {
    showError(t("not connected; try again in a moment"));
    return;
  }
  slot.ws.send(JSON.stringify(msg));
}

// for tests and the curious: the raw message channel of the first seat
window.tablesports = { send: (msg) => send(sockets[0], msg), sockets };

function labels() {
  const names = { "rv-first": t("First position"), "rv-prev": t("Previous move"), "rv-next": t("Next move"), "rv-last": t("Last move"), board: t("Board") };
  for (const [id, text] of Object.entries(names)) $(id).setAttribute("aria-label", text);
  document.querySelector(".reviewbar").setAttribute("aria-label", t("Review"));
}

async function main() {
  await languagePicker(() => { translatePage(); labels(); draw(); });
  translatePage();
  labels();
  const select = $("speed");
  select.value = speed();
  select.onchange = () => {
    setSpeed(select.value);
    if (!SPEEDS[select.value]) pacer.skip();
  };
  $("skip").onclick = () => pacer.skip();
  $("live").onclick = backToLive;
  $("rv-first").onclick = () => review(0);
  $("rv-prev").onclick = () => review(shownStep() - 1);
  $("rv-next").onclick = () => review(shownStep() + 1);
  $("rv-last").onclick = backToLive;
  for (const s of seatsFromFragment()) {
    const slot = { seat: s.seat, token: s.token, ws: null, view: null, log: [] };
    sockets.push(slot);
    connect(slot);
  }
}

main();
