// Actions in the reader's language: the server sends, beside each action's English text (what
// the page sends back and the records keep), its template and fields (web/action_words.py):
// `move {number} to {square} ({note})` with the notation as it is ("7", "4,1") and the words as
// templates of their own (the note: `dodge {target}`). The match page remembers them by text,
// so that every place that shows an action (the legal list, the log, a board's buttons) finds
// them through `actionText` (static/games/words.js).
const SAID = new Map();
const KEEP = 20000; // a long match's texts: forgotten all at once past this many

export function rememberSaid(texts, saids) {
  if (!Array.isArray(texts) || !Array.isArray(saids)) return;
  if (SAID.size > KEEP) SAID.clear();
  texts.forEach((text, i) => {
    if (saids[i] && typeof saids[i] === "object") SAID.set(text, saids[i]);
  });
}

// A template with its fields: a field is notation (a string, shown as it is) or words (a
// template of its own, translated).
export function saidText(said, t) {
  const fields = {};
  for (const [k, v] of Object.entries(said.fields || {})) fields[k] = v && typeof v === "object" ? saidText(v, t) : String(v);
  return t(String(said.template), fields);
}

// The action's text in the reader's language, or null when the server sent no template for it.
export function saidAction(text, t) {
  const said = SAID.get(text);
  return said ? saidText(said, t) : null;
}
