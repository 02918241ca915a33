// Jukem Soccer: your hand as cards (the playable ones lit: click to play), the table with
// both possessions, the cards scored this half, the discard pile and the draw pile. A SHOT or
// SAVE card draws the goal's boxes (balls or Xs); the last SHOT and its answer, once revealed,
// stay on the table for every viewer. A spectator reads each seat by its number.
import { actionButton, eventText, lastMoveCaption, lastStep, markLast, useCss } from "/static/games/words.js";

const KINDS = ["PASS", "HEADER", "SHOT", "SAVE", "JUKEM", "RED", "YELLOW", "FLOP"];

function kindOf(card) {
  return KINDS.find((k) => card.startsWith(k)) || card.split("-")[0];
}

// the goal as the card shows it: rows of boxes, a ball or an X in some of them
function goalDiagram(el, t, goal, marks, mark) {
  const [rows, cols] = goal;
  const cells = [];
  for (let b = 1; b <= rows * cols; b++) cells.push(el("span", { class: `box${marks.includes(b) ? " on" : ""}`, "data-box": b }, marks.includes(b) ? mark : String(b)));
  return el("span", { class: "goaldiagram", style: `grid-template-columns: repeat(${cols}, 1fr)`, title: t("Goal boxes, numbered row by row") }, cells);
}

function cardFace(el, t, id, face, goal) {
  const kind = kindOf(id);
  const body = [];
  if (face && face.balls) {
    body.push(goalDiagram(el, t, goal, face.balls, "●"), el("span", { class: "note" }, t("needs {n} setup plays", { n: face.setup })));
  } else if (face && face.xs) {
    body.push(goalDiagram(el, t, goal, face.xs, "✕"));
  } else if (face && face.removes_all !== undefined) {
    body.push(el("span", { class: "note" }, face.removes_all ? t("removes the whole possession") : t("removes the last play")));
  } else if (["PASS", "HEADER", "FLOP"].includes(kind)) {
    body.push(el("span", { class: "note" }, t("setup play")));
  }
  return body;
}

// the card kinds as the players' cards name them
const kindWord = (t, kind) => ({
  PASS: t("PASS"), HEADER: t("HEADER"), SHOT: t("SHOT"), SAVE: t("SAVE"), JUKEM: t("JUKEM"),
  RED: t("RED"), YELLOW: t("YELLOW"), FLOP: t("FLOP"),
})[kind] || kind;

function card(el, t, id, deck, goal, extra = {}) {
  const kind = kindOf(id);
  return el("div", { class: `card ${kind}`, title: id, "data-card": id, ...extra },
    el("span", { class: "kind" }, kindWord(t, kind)), el("span", { class: "cardid" }, id.slice(kind.length + 1) || id), ...cardFace(el, t, id, deck[id], goal));
}

// the cards the last step named (played, shot, saved, removed)
export function highlight(lastAction, events) {
  const ids = new Set((lastAction || "").match(/[A-Z]+-[0-9a-z]+/g) || []);
  for (const e of events || []) for (const v of Object.values(e.fields || {})) for (const id of String(v).match(/[A-Z]+-[0-9a-z]+/g) || []) ids.add(id);
  const board = document.getElementById("jukemtable");
  if (board) markLast(board, "card", ids);
}

export function render({ root, view, legal, act, t, el, memo }) {
  useCss("jukem");
  const o = view.observation;
  const deck = (view.board && view.board.deck) || {};
  const goal = (view.board && view.board.goal) || [2, 3];
  const watching = view.viewer === null;
  const me = view.viewer ?? 0;
  const opp = 1 - me;
  // what the log revealed: the last SHOT and its answer (every viewer saw those steps alike)
  for (const step of view.log || []) {
    for (const e of step.events || []) {
      if ((e.kind === "goal" || e.kind === "save") && e.fields && e.fields.card) {
        memo.jukemReveal = { shot: e.fields.card, save: e.fields.word, text: eventText(e, t) };
      }
    }
  }
  const byCard = {};
  const other = [];
  for (const a of legal) {
    const parts = a.split(" ");
    if (parts.length >= 2 && o.hand && o.hand.includes(parts[1])) (byCard[parts[1]] ||= []).push(a);
    else other.push(a);
  }
  const seat = (p) => t("Seat {n}", { n: p });
  const toPlay = o.turn ?? o.to_move; // the seat whose turn it is attacks: it has the ball
  const score = el("div", { id: "score" }, `${t("Score")}: ${o.score ? o.score.join(" - ") : ""} · ${t("Draw pile")}: ${o.pile} · ${t("half")} ${o.half}`,
    toPlay !== undefined && toPlay !== null ? el("span", { id: "whoplays" }, ` · ${watching || toPlay !== me ? t("{seat} has the ball", { seat: seat(toPlay) }) : t("You have the ball")}`) : "");
  const row = (label, cards, id) => el("div", { id }, el("h2", { class: "h4" }, label), el("div", { class: "cards" }, cards));
  // at the end every hand is turned up (the record is whole then): view.revealed, each seat's own view
  const endHand = (p) => (view.revealed && view.revealed[p] && view.revealed[p].hand) || null;
  const theirHand = endHand(opp) ? endHand(opp).map((c) => card(el, t, c, deck, goal))
    : typeof o.opponent_hand === "number"
    ? Array.from({ length: o.opponent_hand }, () => el("div", { class: "card back", title: t("a card in the opponent's hand") })) : [];
  const possession = (p) => (o.possessions ? o.possessions[p] : []).map((c) => card(el, t, c, deck, goal));
  const shot = o.shot ? [o.shot === "face down" ? el("div", { class: "card back", title: t("SHOT (face down)") }) : card(el, t, o.shot, deck, goal)] : [];
  const table = el("div", { id: "jukemtable" });
  root.append(score, table);
  if (!watching) table.append(row(endHand(opp) ? t("Opponent's hand, shown at the end") : t("Opponent's hand"), theirHand, "opphand"));
  else if (endHand(opp)) table.append(row(t("{seat}: hand, shown at the end", { seat: seat(opp) }), endHand(opp).map((c) => card(el, t, c, deck, goal)), "opphand"));
  table.append(row(watching ? t("{seat}: possession", { seat: seat(opp) }) : t("Opponent's possession"), possession(opp), "opppossession"));
  if (shot.length) table.append(row(t("SHOT"), shot, "shot"));
  table.append(row(watching ? t("{seat}: possession", { seat: seat(me) }) : t("Your possession"), possession(me), "mypossession"));
  if (memo.jukemReveal) {
    const r = memo.jukemReveal;
    const shown = [card(el, t, r.shot, deck, goal)];
    if (deck[r.save]) shown.push(card(el, t, r.save, deck, goal));
    table.append(el("div", { id: "revealed" }, el("h2", { class: "h4" }, t("Last SHOT, revealed")), el("div", { class: "cards" }, shown), el("div", { class: "note" }, r.text)));
  }
  const menu = el("div", { class: "actions", id: "cardmenu" });
  const hand = (o.hand || []).map((c) => {
    const actions = byCard[c] || [];
    const node = card(el, t, c, deck, goal, actions.length ? {
      onclick: () => {
        if (actions.length === 1) return act(actions[0]);
        memo.jukemMenu = c;
        menu.replaceChildren(...actions.map((a) => actionButton(el, t, a, act)));
      },
    } : {});
    if (actions.length) node.classList.add("playable");
    return node;
  });
  if (!watching) table.append(row(t("Your hand"), hand, "hand"), menu);
  else if (endHand(me)) table.append(row(t("{seat}: hand, shown at the end", { seat: seat(me) }), endHand(me).map((c) => card(el, t, c, deck, goal)), "hand"));
  if (other.length) root.append(el("div", { class: "actions" }, other.map((a) => actionButton(el, t, a, act))));
  const discard = o.discard || [];
  table.append(row(t("Discard pile"), discard.slice(-6).map((c) => card(el, t, c, deck, goal)), "discard"));
  root.append(lastMoveCaption(el, t, view));
  const last = lastStep(view);
  if (last) highlight(last.action, last.events);
}
