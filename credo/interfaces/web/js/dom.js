// Small builders for HTML and SVG elements, so pages and renderers read as the tree they draw.
//   h("button", {class: "act", on: {click: go}}, "Play")
//   s("circle", {cx: 5, cy: 5, r: 4, class: "piece"})
// Attributes: `class`, `style` (a string), `on` ({event: handler}), `text`; anything else is set
// as an attribute (null, undefined and false are left out). Children: nodes, strings, numbers,
// arrays of these; null and false are skipped.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "on") {
      for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    } else if (key === "text") {
      node.textContent = String(value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

// An <svg> that scales to its container, drawn in its own units (viewBox 0 0 width height).
export function board(width, height, attrs = {}, ...children) {
  return s("svg", {viewBox: `0 0 ${width} ${height}`, class: "board", role: "img",
                   preserveAspectRatio: "xMidYMid meet", ...attrs}, ...children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// A tooltip for an SVG element (the browser shows it on hover; screen readers read it).
export function title(text) {
  return s("title", {}, text);
}
