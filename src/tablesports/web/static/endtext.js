// The end of a match in words: who won and why (the view's `result`: winners, reason, seat,
// and the game's own detail such as a score or HanniBall's reason).
import { t } from "/static/i18n.js";
import { eventText } from "/static/games/words.js";

// `me` is the seat this page plays (null: a spectator or a hot-seat page showing both seats).
export function endText(view, me, seatLabel) {
  const r = view.result || { winners: [], reason: "game", seat: null, detail: "" };
  const winners = r.winners || [];
  let who;
  if (winners.length !== 1) who = t("a draw");
  else if (me !== null) who = winners[0] === me ? t("you win") : t("you lose");
  else who = t("{seat} wins", { seat: seatLabel(view, winners[0]) });
  const loser = r.seat === null || r.seat === undefined ? "" : seatLabel(view, r.seat);
  let why = "";
  if (r.reason === "resign") why = r.seat === me ? t("you resigned") : t("{seat} resigned", { seat: loser });
  else if (r.reason === "draw") why = t("drawn by agreement");
  else if (r.reason === "time") why = r.seat === me ? t("your time ran out") : t("{seat} ran out of time", { seat: loser });
  else if (r.reason === "abandon") why = t("{seat} abandoned the match", { seat: loser });
  else why = r.detail ? t("by the rules of the game: {detail}", { detail: detailText(r) }) : t("by the rules of the game");
  return `${t("Game over")}: ${who} (${why})`;
}

// The game's reason as the move list says the same event (its template and fields), else the
// catalog's whole phrase ("more mete"), else word by word with notation kept.
function detailText(r) {
  if (r.said && r.said.template) return eventText({ text: r.detail, ...r.said }, t);
  const whole = t(r.detail);
  if (whole !== r.detail) return whole;
  return r.detail.split(" ").map((w) => t(w)).join(" ");
}
