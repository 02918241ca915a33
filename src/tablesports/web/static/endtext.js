// The end of a match in words: who won and why (the view's `result`: winners, reason, seat,
// and the game's own detail such as a score or HanniBall's reason).
import { t } from "/static/i18n.js";

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
  else why = r.detail ? t("by the rules of the game: {detail}", { detail: r.detail }) : t("by the rules of the game");
  return `${t("Game over")}: ${who} (${why})`;
}
