// The lobby API (docs/web.md): every call answers data, or throws an Error whose message is the
// server's one-line reason.

async function call(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new Error("the server cannot be reached");
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail ? String(data.detail) : `the server answered ${response.status}`);
  return data;
}

export const games = () => call("GET", "/api/games");
export const tables = (status) => call("GET", `/api/tables${status ? `?status=${status}` : ""}`);
export const table = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (spec) => call("POST", "/api/tables", spec);
export const claimSeat = (id, seat, name) =>
  call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat + 1}`, {name});
export const catalogue = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/catalogue`);
export const replayView = (id, move) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay/${move}`);

// Seat tokens live in this browser only (localStorage), one per table.
export function savedSeat(id) {
  try {
    return JSON.parse(localStorage.getItem(`credo.seat.${id}`) || "null");
  } catch (e) {
    return null;
  }
}

export function saveSeat(id, seat, token) {
  localStorage.setItem(`credo.seat.${id}`, JSON.stringify({seat, token}));
}

export function seatLink(id, seat) {
  return `${location.origin}/table/${id}?seat=${seat + 1}`;
}

// A renderer per game (games/<name>.js); a game without one is drawn by the generic renderer.
const renderers = {};
export async function renderer(game) {
  if (!renderers[game]) {
    renderers[game] = import(`/static/games/${game}.js`).catch(() => import("/static/games/generic.js"));
  }
  return renderers[game];
}

// Seat colours, the same on every page and in every renderer.
export const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#884ea0", "#566573"];
export const colour = (seat) => (seat === null || seat === undefined ? "#777" : COLOURS[seat % COLOURS.length]);
