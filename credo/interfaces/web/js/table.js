// The table page: one shell for every game. It holds the socket, draws the seats, clocks,
// event log and menu of legal actions, and lends the game's renderer the board
// (games/README.md). It reconnects by itself after a dropped connection or a restart.
import {h, clear} from "./dom.js";
import * as api from "./api.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const query = new URLSearchParams(location.search);
const replayMode = query.has("replay");
const $ = (id) => document.getElementById(id);

const page = {
  summary: null,     // the table's lobby summary
  catalogue: {},     // the game's public content (card faces, tiles, board), fetched once
  renderer: null,    // the game's module
  view: null,        // the last view message
  socket: null,
  retry: 0,          // reconnect attempts since the last good message
  offered: null,     // {label, actions}: the candidates of a board click, shown in the menu
  memo: {},          // the renderer's multi-click state for the current decision
  memoKey: null,
  clockBase: null,   // [monotonic ms at receipt, clocks] to count down between views
  closed: false,
};

function say(text, kind = "error") {
  const line = $("message");
  line.textContent = text || "";
  line.className = text ? kind : "";
}

function seatName(seat) {
  const s = page.view?.seats?.[seat] ?? page.summary?.seats?.[seat];
  if (!s) return `seat ${seat + 1}`;
  if (s.kind === "bot") return `${s.agent} (computer)`;
  return s.name || `seat ${seat + 1} (open)`;
}

// --- what the renderer borrows --------------------------------------------------------------
const lent = {
  get seat() { return replayMode ? null : page.view?.seat ?? null; },
  get legal() { return page.view?.legal ?? []; },
  get memo() { return page.memo; },
  get catalogue() { return page.catalogue; },
  play(notation) { play(notation); },
  offer(actions, label) {
    const known = new Set(lent.legal.map((a) => a.notation));
    const list = actions.map((a) => (typeof a === "string" ? lent.legal.find((b) => b.notation === a) : a))
      .filter((a) => a && known.has(a.notation));
    if (list.length === 1) return play(list[0].notation);
    page.offered = list.length ? {label: label || "Choose one", actions: list} : null;
    drawMenu();
  },
  redraw() { drawBoard(); },
  colour: api.colour,
  name: seatName,
};

// --- the socket -------------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/socket`);
  page.socket = socket;
  setLink("connecting");
  socket.onopen = () => {
    const mine = api.savedSeat(tableId);
    socket.send(JSON.stringify({token: mine ? mine.token : null}));
  };
  socket.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    page.retry = 0;
    setLink("live");
    if (message.type === "view") onView(message);
    else if (message.type === "error") say(message.message);
    else if (message.type === "rematch") onRematch(message);
  };
  socket.onclose = (event) => {
    if (page.socket !== socket || page.closed) return;
    if (event.code === 4404) {
      setLink("gone");
      return say("there is no such table");
    }
    if (event.code === 4401 && api.savedSeat(tableId)) {
      // the token holds no seat here (an old browser entry): watch instead
      localStorage.removeItem(`credo.seat.${tableId}`);
    }
    setLink("reconnecting");
    const wait = Math.min(5000, 300 * 2 ** page.retry++);
    setTimeout(connect, wait);
  };
}

function setLink(state) {
  const el = $("link");
  el.textContent = {connecting: "connecting…", live: "connected", reconnecting: "reconnecting…", gone: "no table"}[state];
  el.className = `link ${state}`;
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    say("not connected: the page is reconnecting");
    return false;
  }
  page.socket.send(JSON.stringify(message));
  return true;
}

function play(notation) {
  if (!page.view || page.view.expect === null || page.view.expect === undefined) return;
  page.offered = null;
  say("");
  if (send({act: notation, expect: page.view.expect})) {
    page.view.expect = null;  // one answer per decision: a second click waits for the next view
    drawMenu();
  }
}

function onView(view) {
  // the seat's open decision keeps its number while others commit to theirs (Dogma's Orders): a
  // choice half made survives their moves; without a decision, every move is a new key
  const key = view.expect !== null && view.expect !== undefined ? `decision ${view.expect}` : `move ${view.move}`;
  if (key !== page.memoKey) {
    page.memo = {};
    page.memoKey = key;
    page.offered = null;
  }
  if (view.reset) clear($("log"));
  page.view = view;
  page.clockBase = [performance.now(), view.clocks];
  drawAll();
  appendEvents(view.events);
}

function onRematch(message) {
  api.saveSeat(message.table, message.seat, message.token);
  const link = h("a", {href: `/table/${message.table}`}, "Play the rematch");
  clear($("rematch-link")).append(link);
}

// --- drawing ----------------------------------------------------------------------------------
function drawAll() {
  drawHeader();
  drawSeats();
  drawBoard();
  drawMenu();
  drawControls();
}

function drawHeader() {
  const v = page.view;
  const game = page.summary?.title || page.summary?.game || "";
  document.title = `${game} · Credo`;
  $("title").textContent = game;
  let status;
  if (replayMode) status = `replay · move ${v.move} of ${page.replayEnd}`;
  else if (v.status === "open") status = "waiting for players to take their seats";
  else if (v.status === "finished") status = `finished: ${resultText(v.result)}`;
  else if (v.seat === null) status = `watching · move ${v.move}`;
  else if (v.expect !== null && v.expect !== undefined) status = `your turn · move ${v.move}`;
  else status = `move ${v.move} · ${waitingText(v)}`;
  $("status").textContent = status;
  $("status").className = v.expect !== null && v.expect !== undefined && !replayMode ? "status yours" : "status";
}

function waitingText(v) {
  const others = v.to_move.filter((s) => s !== v.seat);
  if (!others.length) return "waiting";
  return `waiting for ${others.map(seatName).join(", ")}`;
}

function resultText(result) {
  if (!result) return "";
  const winners = result.winners || [];
  const who = winners.length ? winners.map(seatName).join(" and ") : "nobody";
  const why = {resigned: `seat ${(result.seat ?? 0) + 1} resigned`, time: `seat ${(result.seat ?? 0) + 1} ran out of time`}[result.reason];
  return winners.length ? `${who} won${why ? ` (${why})` : ""}` : `a draw${why ? ` (${why})` : ""}`;
}

function drawSeats() {
  const v = page.view;
  const list = clear($("seats"));
  (v.seats || []).forEach((s, i) => {
    const marks = [];
    if (v.to_move.includes(i) && v.status === "running") marks.push(h("span", {class: "mark turn"}, "to move"));
    if ((v.committed || []).includes(i)) marks.push(h("span", {class: "mark committed"}, "has chosen"));
    if (v.seat === i) marks.push(h("span", {class: "mark you"}, "you"));
    if (v.result && (v.result.winners || []).includes(i)) marks.push(h("span", {class: "mark won"}, "won"));
    const open = s.open ? [
      v.seat === null ? h("a", {class: "small take", href: `${location.pathname}?seat=${i + 1}`}, "take this seat") : null,
      h("button", {class: "small", on: {click: () => copyLink(i)}}, "copy invite link")] : null;
    list.append(h("li", {class: "seat", "data-seat": i},
      h("span", {class: "swatch", style: `background:${api.colour(i)}`}),
      h("span", {class: "name"}, `${i + 1}. ${seatName(i)}`),
      h("span", {class: "clock", id: `clock-${i}`}),
      marks, open));
  });
  tickClocks();
}

async function copyLink(seat) {
  const link = api.seatLink(tableId, seat);
  try {
    await navigator.clipboard.writeText(link);
    say(`copied: ${link}`, "info");
  } catch (e) {
    say(`the link of seat ${seat + 1}: ${link}`, "info");
  }
}

function tickClocks() {
  if (!page.clockBase) return;
  const [at, clocks] = page.clockBase;
  const elapsed = (performance.now() - at) / 1000;
  for (let i = 0; i < (page.view?.seats?.length || 0); i++) {
    const el = $(`clock-${i}`);
    if (!el) continue;
    const left = clocks ? clocks[String(i)] : null;
    if (left === null || left === undefined) {
      el.textContent = "";
      continue;
    }
    const running = page.view.status === "running" && page.view.to_move.includes(i);
    const now = Math.max(0, running ? left - elapsed : left);
    const m = Math.floor(now / 60), sec = Math.floor(now % 60);
    el.textContent = `${m}:${String(sec).padStart(2, "0")}`;
    el.className = `clock${running ? " running" : ""}${now < 10 ? " low" : ""}`;
  }
}

function drawBoard() {
  const root = clear($("board"));
  if (!page.renderer || !page.view) return;
  try {
    page.renderer.draw(root, page.view, lent);
  } catch (e) {
    // a renderer's fault must not cost the game: the menu still plays every action
    console.error(e);
    root.append(h("p", {class: "error"}, "The board could not be drawn; the menu of actions still works."));
  }
}

function drawMenu() {
  const menu = clear($("actions"));
  const v = page.view;
  if (!v || replayMode) return;
  const yours = v.expect !== null && v.expect !== undefined && v.legal.length;
  if (!yours) {
    menu.append(h("p", {class: "quiet"}, v.status === "running" && v.seat !== null ? "Not your decision now." : ""));
    return;
  }
  let list = v.legal;
  if (page.offered) {
    menu.append(h("div", {class: "offered"}, h("strong", {}, page.offered.label), " ",
      h("button", {class: "small", on: {click: () => { page.offered = null; drawMenu(); }}}, "show all")));
    list = page.offered.actions;
  }
  const filter = list.length > 12 ? h("input", {type: "search", id: "filter", placeholder: "filter actions…",
    value: page.filter || "", on: {input: (e) => { page.filter = e.target.value; fillActions(); }}}) : null;
  const ul = h("ul", {class: "legal"});
  if (filter) menu.append(filter);
  menu.append(ul);
  function fillActions() {
    clear(ul);
    const needle = (filter ? page.filter || "" : "").toLowerCase();
    for (const a of list) {
      if (needle && !`${a.notation} ${a.text}`.toLowerCase().includes(needle)) continue;
      ul.append(h("li", {}, h("button", {class: "action", "data-notation": a.notation, title: a.notation,
        on: {click: () => play(a.notation)}}, a.text || a.notation)));
    }
  }
  fillActions();
}

function drawControls() {
  const v = page.view;
  const box = clear($("controls"));
  if (replayMode || v.seat === null) return;
  if (v.status === "running") {
    box.append(h("button", {id: "resign", on: {click: () => {
      if (confirm("Resign this game?")) send({resign: true});
    }}}, "Resign"));
    if (v.undo && v.undo.yours) {
      box.append(h("span", {}, `${seatName(v.undo.by)} asks to take back a move: `),
        h("button", {on: {click: () => send({undo: "accept"})}}, "Agree"),
        h("button", {on: {click: () => send({undo: "refuse"})}}, "Refuse"));
    } else if (v.undo) {
      box.append(h("span", {class: "quiet"}, `undo asked; waiting for ${v.undo.waiting_for.map(seatName).join(", ")}`));
    } else {
      box.append(h("button", {id: "undo", on: {click: () => send({undo: "request"})}}, "Take back my move"));
    }
  } else if (v.status === "finished") {
    if (v.rematch) box.append(h("a", {href: `/table/${v.rematch}`}, "Go to the rematch"));
    else box.append(h("button", {id: "rematch", on: {click: () => send({rematch: true})}}, "Rematch"));
    box.append(" ", h("a", {href: `/table/${tableId}?replay`}, "Replay this game"));
  }
  box.append(h("span", {id: "rematch-link"}));
}

function appendEvents(events) {
  const log = $("log");
  for (const e of events || []) {
    log.append(h("li", {}, h("span", {class: "event"}, e.text), e.rule ? h("span", {class: "rule"}, e.rule) : null));
  }
  log.scrollTop = log.scrollHeight;
}

// --- taking a seat from an invitation link -------------------------------------------------------
function claimForm(seat) {
  return new Promise((resolve) => {
    const name = h("input", {id: "name", maxlength: 40, placeholder: "your name", required: true,
      value: localStorage.getItem("credo.name") || ""});
    const form = h("form", {class: "claim"},
      h("p", {}, `You are invited to seat ${seat + 1} of this ${page.summary.title} table.`),
      h("label", {}, "Name ", name), " ", h("button", {type: "submit"}, "Take the seat"),
      " ", h("a", {href: location.pathname}, "just watch"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const claim = await api.claimSeat(tableId, seat, name.value.trim());
        localStorage.setItem("credo.name", name.value.trim());
        api.saveSeat(tableId, claim.seat, claim.token);
        form.remove();
        resolve();
      } catch (e) {
        say(e.message);
      }
    });
    $("board").append(form);
    name.focus();
  });
}

// --- replay of a finished game -------------------------------------------------------------------
async function replay() {
  const end = page.summary.moves;
  page.replayEnd = end;
  const slider = h("input", {type: "range", id: "replay-move", min: 0, max: end, value: end});
  const show = async (n) => {
    slider.value = n;
    try {
      const view = await api.replayView(tableId, n);
      clear($("log"));
      page.view = view;
      drawAll();
      appendEvents(view.events);
    } catch (e) {
      say(e.message);
    }
  };
  const step = (d) => show(Math.max(0, Math.min(end, Number(slider.value) + d)));
  slider.addEventListener("change", () => show(Number(slider.value)));
  $("controls-replay").append(
    // plain words: not every system font has the media-control symbols
    h("button", {id: "replay-first", title: "the start", on: {click: () => show(0)}}, "start"),
    h("button", {id: "replay-back", title: "one move back (left arrow)", on: {click: () => step(-1)}}, "back"),
    slider,
    h("button", {id: "replay-next", title: "one move on (right arrow)", on: {click: () => step(1)}}, "next"),
    h("button", {id: "replay-last", title: "the end", on: {click: () => show(end)}}, "end"));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") step(-1);
    if (e.key === "ArrowRight") step(1);
  });
  await show(end);
}

async function main() {
  try {
    page.summary = await api.table(tableId);
  } catch (e) {
    $("title").textContent = "Credo";
    return say(e.message);
  }
  [page.renderer, page.catalogue] = await Promise.all([api.renderer(page.summary.game),
    api.catalogue(tableId).catch(() => ({}))]);
  if (replayMode) {
    if (page.summary.status !== "finished") return say("a game is replayed once it is finished");
    return replay();
  }
  const invited = query.has("seat") ? Number(query.get("seat")) - 1 : null;
  const mine = api.savedSeat(tableId);
  if (invited !== null && !(mine && mine.seat === invited)) {
    const seat = page.summary.seats[invited];
    if (seat && seat.open) await claimForm(invited);
    else if (seat) say(`seat ${invited + 1} is taken: you are watching`, "info");
  }
  history.replaceState(null, "", location.pathname);
  connect();
  setInterval(tickClocks, 250);
}

window.addEventListener("beforeunload", () => { page.closed = true; });
main();
