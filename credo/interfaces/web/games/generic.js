// The renderer of a game that has none of its own: its observation as a readable outline.
// Every game is playable with it through the menu of legal actions.
import {h} from "/static/js/dom.js";

export const about = "";

function outline(value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", {class: "value"}, JSON.stringify(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  if (entries.length === 0) return h("span", {class: "value"}, Array.isArray(value) ? "none" : "—");
  return h("ul", {class: "outline"},
    entries.map(([key, v]) => h("li", {}, h("span", {class: "key"}, String(key)), " ", outline(v, depth + 1))));
}

export function draw(root, view) {
  root.append(h("div", {class: "generic"}, outline(view.observation)));
}
