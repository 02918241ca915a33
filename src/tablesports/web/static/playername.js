// The player's display name, kept in this browser (no password): the lobby sets it, the
// lobby's challenges and the match page's hello send it; the server checks it (web/names.py).
const KEY = "tablesports.name";

export const playerName = () => localStorage.getItem(KEY) || "";

export function keepName(name) {
  if (name) localStorage.setItem(KEY, name);
  else localStorage.removeItem(KEY);
}

// A rating as the pages show it: the conservative value, "?" while provisional
export function ratingText(rating) {
  if (!rating) return "";
  return `${rating.rating.toFixed(1)}${rating.provisional ? "?" : ""}`;
}
