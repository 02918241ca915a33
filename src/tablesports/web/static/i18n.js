// UI strings: t(text) looks the text up in the chosen language's catalog
// (gettext, compiled by Babel, served as JSON by /api/i18n/<lang>); English when missing.
let catalog = {};
export let lang = localStorage.getItem("tablesports.lang") || "en";

export function t(text, values = {}) {
  let out = catalog[text] || text;
  for (const [k, v] of Object.entries(values)) out = out.replaceAll(`{${k}}`, String(v));
  return out;
}

export async function loadLanguage(code) {
  lang = code;
  localStorage.setItem("tablesports.lang", code);
  document.documentElement.lang = code;
  catalog = code === "en" ? {} : await (await fetch(`/api/i18n/${code}`)).json();
}

// The language picker in the page header: remembered in localStorage.
export async function languagePicker(onChange) {
  const select = document.getElementById("lang");
  const names = await (await fetch("/api/languages")).json();
  for (const [code, name] of Object.entries(names)) {
    const opt = document.createElement("option");
    opt.value = code;
    opt.textContent = name;
    select.append(opt);
  }
  select.value = lang;
  select.addEventListener("change", async () => {
    await loadLanguage(select.value);
    onChange();
  });
  await loadLanguage(lang);
}

// Translate the static text of a page: elements with data-t hold their English text.
export function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "style") { if (v) node.style.cssText = v; } // CSSOM: allowed by the page's CSP
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
