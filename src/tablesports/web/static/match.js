// A match page: one websocket per seat held here (two in hot seat), the board, the log.
// The server is the authority: this page sends an action with the move number it saw and
// shows whatever view the server sends back, or the error it explains.
import { t, el, languagePicker, translatePage } from "/static/i18n.js";
import * as generic from "/static/games/generic.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const memo = { redraw: () => draw() }; // a board module's memory across redraws
let board = generic;
let boardGame = null;
const sockets = []; // {seat, token, ws, view, log}
let shownSeat = null;
let coverFor = null;

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
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", match: matchId, token: slot.token, lang: localStorage.getItem("tablesports.lang") || "en" }));
  ws.onmessage = (ev) => receive(slot, JSON.parse(ev.data));
  ws.onclose = () => {
    $("status").textContent = t("connection lost; reconnecting ...");
    setTimeout(() => connect(slot), 1000);
  };
}

function receive(slot, msg) {
  if (msg.type === "error") {
    showError(msg.message);
    return;
  }
  if (msg.type === "record") return;
  if (msg.type !== "view") return;
  showError("");
  slot.log = msg.log_from === 0 ? msg.log : slot.log.concat(msg.log);
  slot.view = msg;
  if (slot.seat === null && msg.viewer !== null) slot.seat = msg.viewer;
  draw();
}

function currentSlot() {
  const views = sockets.filter((s) => s.view);
  if (!views.length) return null;
  const toMove = views.find((s) => s.view.to_move !== null && s.view.to_move === s.seat);
  return toMove || views.find((s) => s.seat === shownSeat) || views[0];
}

function seatLabel(view, seat) {
  if (seat === -1) return t("chance");
  const s = view.seats[seat];
  const who = s.kind === "bot" ? s.name : t("person");
  return `${t("Seat {n}", { n: seat })} (${who})`;
}

async function loadBoard(game) {
  if (boardGame === game) return;
  boardGame = game;
  try {
    board = await import(`/static/games/${game}.js`);
  } catch {
    board = generic; // no board of its own: the text picture and the actions as buttons
  }
}

async function draw() {
  const slot = currentSlot();
  if (!slot) return;
  const view = slot.view;
  await loadBoard(view.game);
  const me = slot.seat;
  document.body.dataset.move = view.move; // for tests: the position this page shows
  document.body.dataset.mine = view.to_move !== null && view.to_move === me && !view.over ? "yes" : "no";
  document.body.dataset.over = view.over ? "yes" : "no";
  // hot seat with hidden information: hand the screen over before showing a seat's hand
  const hotImperfect = sockets.length > 1 && view.information === "imperfect";
  if (hotImperfect && shownSeat !== slot.seat && !view.over) {
    shownSeat = null;
    return cover(slot.seat);
  }
  shownSeat = slot.seat;
  $("title").textContent = `${view.title} · ${matchId}`;
  document.title = `${view.title} - tablesports`;
  let status;
  if (view.failure) status = view.failure;
  else if (view.over) status = `${t("Game over")}: ${resultText(view, me)}`;
  else if (me === null) status = t("You are watching.");
  else if (view.to_move === me) status = t("Your turn ({seat})", { seat: seatLabel(view, me) });
  else if (view.to_move !== null) status = t("Waiting for {seat}", { seat: seatLabel(view, view.to_move) });
  else status = t("Waiting ...");
  $("status").textContent = status;
  $("status").dataset.over = view.over ? "yes" : "no";
  const act = (text) => send(slot, { type: "act", seat: me, move: view.move, action: text });
  const root = $("board");
  root.replaceChildren();
  const ctx = { root, view, legal: view.legal, act, t, el, memo, seat: me };
  try {
    board.render(ctx);
  } catch (err) {
    console.error(err);
    root.replaceChildren();
    generic.render(ctx);
  }
  drawLegal(view, act);
  // any action in its text form (a game with parametric actions lists none)
  $("typed").style.display = me !== null && view.to_move === me && !view.over ? "" : "none";
  $("typed").onsubmit = (ev) => {
    ev.preventDefault();
    const text = $("actiontext").value.trim();
    if (text) act(text);
  };
  drawLog(view, slot.log);
  $("picture").textContent = view.picture || t("(no picture for spectators of a game with hidden information)");
  $("undo").style.display = view.can_undo ? "" : "none";
  $("undo").textContent = `${t("Undo my last move")} (${t("{n} left", { n: view.undos_left })})`;
  // provable fairness: the dice's commitment now, the seed itself once the match is over
  $("fairness").textContent = view.seed
    ? t("Seed {seed}: check every roll with tablesports replay --verify", { seed: view.seed })
    : t("Dice committed to {commitment}; the seed is shown when the match ends", {
        commitment: view.commitment,
      });
  $("undo").onclick = () => send(slot, { type: "undo", seat: me, move: view.move });
  $("record").onclick = (ev) => { ev.preventDefault(); downloadRecord(slot); };
  $("seats").replaceChildren(...view.seats.map((s) => el("div", {}, seatLabel(view, s.seat))));
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

function resultText(view, me) {
  const r = view.returns || [];
  const best = Math.max(...r);
  const winners = r.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
  if (winners.length !== 1) return t("a draw");
  if (me !== null && sockets.length === 1) return winners[0] === me ? t("you win") : t("you lose");
  return t("{seat} wins", { seat: seatLabel(view, winners[0]) });
}

function cover(seat) {
  if (coverFor === seat) return;
  coverFor = seat;
  // nothing of the last seat's view stays on the page behind the cover
  for (const id of ["board", "log", "legal", "picture"]) $(id).replaceChildren();
  document.getElementById("cover")?.remove();
  const box = el("div", { class: "cover", id: "cover" },
    el("div", {}, t("Pass the screen to seat {n}", { n: seat })),
    el("button", { class: "primary", onclick: () => { box.remove(); coverFor = null; shownSeat = seat; draw(); } }, t("I am seat {n}: show my view", { n: seat })));
  document.body.append(box);
}

function drawLegal(view, act) {
  const box = $("legal");
  box.replaceChildren(...view.legal.map((a, i) => el("button", { "data-action": a, "data-index": i, onclick: () => act(a) }, a)));
  $("alllegal").style.display = view.legal.length ? "" : "none";
}

function drawLog(view, log) {
  const box = $("log");
  const items = [];
  for (const step of log) {
    const who = seatLabel(view, step.who);
    if (step.hidden) {
      items.push(el("div", { class: "step hidden" }, `${step.i + 1}. ${who}: ${t("(hidden from you)")}`));
      continue;
    }
    const events = (step.events || []).map((e) => el("div", { class: "event" }, `· ${e.text}`, e.rule ? el("span", { class: "rule" }, ` [${e.rule}]`) : ""));
    items.push(el("div", { class: "step" }, `${step.i + 1}. ${who}: ${step.action}`, events));
  }
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
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

async function main() {
  await languagePicker(() => { translatePage(); draw(); });
  translatePage();
  for (const s of seatsFromFragment()) {
    const slot = { seat: s.seat, token: s.token, ws: null, view: null, log: [] };
    sockets.push(slot);
    connect(slot);
  }
}

main();
