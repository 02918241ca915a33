// The short phrases a seat may send to the table (web/phrases_said.py): a fixed set sent by id,
// shown to the other seat and to spectators in each reader's own language; no free text.
// Names are drawn as text (textContent), never as HTML.
import { t, el } from "/static/i18n.js";
import { ratingText } from "/static/playername.js";

export const PHRASES = {
  hello: () => t("Hello!"),
  good_luck: () => t("Good luck!"),
  good_game: () => t("Good game!"),
  well_played: () => t("Well played!"),
  thanks: () => t("Thanks!"),
  oops: () => t("Oops!"),
};
const heard = []; // the last phrases said at this table: {seat, phrase}

// a person's seat by their name and rating ("Anna (12.3?)"), else "person"
export function personLabel(s) {
  if (!s.player) return t("person");
  return s.rating ? `${s.player} (${ratingText(s.rating)})` : s.player;
}

// the phrase buttons, for a seated player (not at a hot-seat screen, where nobody listens)
export function drawPhrases(view, me, say) {
  const bar = document.getElementById("phrases");
  const open = me !== null && !view.hot_seat && view.seats.filter((s) => s.kind === "human").length > 1;
  bar.hidden = !open;
  if (!open) return;
  bar.setAttribute("aria-label", t("Say to the table"));
  bar.replaceChildren(...Object.entries(PHRASES).map(([id, text]) =>
    el("button", { type: "button", "data-phrase": id, onclick: () => say({ type: "say", phrase: id }) }, text())));
  drawHeard(view);
}

export function drawHeard(view) {
  const box = document.getElementById("said");
  if (!view) return;
  box.replaceChildren(...heard.map((h) => {
    const s = view.seats[h.seat];
    const who = s ? (s.player || t("Seat {n}", { n: h.seat })) : "?";
    return el("div", { class: "saidline", "data-said": h.phrase },
      el("span", { class: "who" }, who), ": ", PHRASES[h.phrase] ? PHRASES[h.phrase]() : "?");
  }));
}

// a phrase someone said: kept (the last five) and drawn with the current view's names
export function heardPhrase(msg, view) {
  if (!(msg.phrase in PHRASES)) return;
  heard.push({ seat: msg.seat, phrase: msg.phrase });
  if (heard.length > 5) heard.shift();
  drawHeard(view);
}
