// What the board modules share: a log event and an action in the reader's language, the
// board's own style sheet, and the last move's marks.
import { cardWord, saidAction } from "/static/actionwords.js";

// An event as the server sends it: its English text, and (where one of the game's templates
// fits) the template and its fields. Each field is a word of the catalog where it is one, or
// a sentence with its own template and fields.
export function eventText(e, t) {
  if (!e.template) return e.text;
  const fields = {};
  for (const [k, v] of Object.entries(e.fields || {})) {
    // a field that is a sentence of its own ("#1 Lineman went down") has its template too
    fields[k] = v && typeof v === "object" ? eventText(v, t) : fieldText(String(v), t);
  }
  return t(e.template, fields);
}

// A field: a word of the catalog ("White", "Prone"), a list of such ("power x1.5, spread
// x0.2": "power ×1.5, spread ×0.2"), or a short phrase of such words and notation ("Horse a10-a9", "#3 Lineman"), each
// word looked up on its own; an action's text ("flick 2 at 345 strength 0.2") as an action.
function fieldText(value, t) {
  const whole = t(value);
  if (whole !== value) return whole;
  const card = cardWord(value, t); // "PASS-15": the card's kind translated, its number kept
  if (card !== value) return card;
  const said = saidAction(value, t); // an action's text ("flick 2 at 75 strength 0.4")
  if (said !== null) return said;
  if (value.includes(", ")) return value.split(", ").map((v) => fieldText(v, t)).join(", ");
  const words = value.split(" ");
  const rest = words.slice(1).join(" "); // "#9 Big Un Blocker": a number, then a catalog phrase
  if (words.length > 1 && t(rest) !== rest) return `${words[0]} ${t(rest)}`;
  const action = t(words[0]) !== words[0] && /\d/.test(value); // "flick 2 at 345 ..."
  return words.length <= 3 || action ? words.map((w) => wordText(w, t)).join(" ") : value;
}

// A word of a field: the catalog's, or notation; a factor ("x0.2", the data's ASCII) is
// written with the multiplication sign, which reads the same in every language.
function wordText(word, t) {
  const factor = /^x(\d+(?:\.\d+)?)$/.exec(word);
  return factor ? `\u00d7${factor[1]}` : t(word);
}

// An action's text in the reader's language: the whole of it where the catalog has it ("no
// save", "end turn"), else word by word (its kind: "block 9", "initiative red"); notation
// (squares, hexes, numbers, names) is in no catalog and reads the same everywhere.
export function actionText(text, t) {
  const said = saidAction(text, t); // the server's template for it (static/actionwords.js)
  if (said !== null) return said;
  const whole = t(text);
  if (whole !== text) return whole;
  return text.split(" ").map((w) => t(w)).join(" ");
}

// A rule citation in the reader's language: whole where the catalog has it, else its text and
// the mark of where it comes from ("the Block (BB2020)", "landing ... (Right Stuff, BB2020)"),
// each looked up; a rule's number ("R15", "H-TOSS") reads the same everywhere.
export function ruleText(rule, t) {
  const whole = t(rule);
  if (whole !== rule) return whole;
  const cited = /^(.+) \(([^()]+)\)$/.exec(rule);
  if (!cited) return rule;
  const mark = t(cited[2]) !== cited[2] ? t(cited[2]) : cited[2].split(", ").map((m) => t(m)).join(", ");
  return `${t(cited[1])} (${mark})`;
}

// A term the board shows in a short form ("FP", "MA", a piece's letter), in the reader's
// language: its catalog entry is "<short> (short for <term>)", whose translation is that
// language's short form alone; English (no catalog) keeps the short form before " (short for".
export function shortForm(text) {
  const m = /^(.+?) \(short for .+\)$/.exec(text);
  return m ? m[1] : text;
}

// The short form on the board, the whole term its tooltip (an <abbr>, as screen readers know it).
export function abbr(el, short, term) {
  return el("abbr", { title: term }, short);
}

// A button for an action: its data-action stays the action's text (what is sent).
export function actionButton(el, t, a, act, extra = {}) {
  return el("button", { "data-action": a, onclick: () => act(a), ...extra }, actionText(a, t));
}

// The board's own style sheet, linked once (the page's CSP allows style sheets from here). The
// promise settles when it and the shared one have loaded (or failed): the match page waits for
// it before a board's first drawing, so a slow phone never lays out, pans or measures a board at
// the desktop's sizes while its sheet arrives.
export function useCss(game) {
  const shared = game !== "boards" ? useCss("boards") : Promise.resolve();
  const id = `css-${game}`;
  let link = document.getElementById(id);
  if (!link) {
    link = Object.assign(document.createElement("link"), { id, rel: "stylesheet", href: `/static/games/${game}.css` });
    link.settled = new Promise((done) => {
      const settle = () => done();
      link.addEventListener("load", settle, { once: true });
      link.addEventListener("error", settle, { once: true });
      setTimeout(settle, 10000); // a sheet that never answers does not hold the board back
    });
    document.head.append(link);
  }
  return Promise.all([shared, link.settled || Promise.resolve()]);
}

// The last step of the view's log, as (its action's text, its events), or null.
export function lastStep(view) {
  const log = view.log || [];
  const step = log[log.length - 1];
  if (!step || step.hidden) return null;
  return { action: step.action, events: step.events || [] };
}

// A caption of the last move's events, in the reader's language, under the board.
export function lastMoveCaption(el, t, view) {
  const step = lastStep(view);
  if (!step || !step.events.length) return "";
  return el("div", { class: "lastevents", id: "boardlastmove" },
    el("b", {}, `${t("Last move")}: `), step.events.map((e) => eventText(e, t)).join(" · "));
}

// Mark the board's elements whose data-<attr> names one of the places, as the last move's
// (class `last`, as the match page's hook asks, and `lastmoved`, styled by boards.css).
export function markLast(root, attr, names) {
  for (const node of root.querySelectorAll(".lastmoved")) node.classList.remove("lastmoved", "last");
  for (const name of names) {
    for (const node of root.querySelectorAll(`[data-${attr}="${CSS.escape(name)}"]`)) node.classList.add("lastmoved", "last");
  }
}
