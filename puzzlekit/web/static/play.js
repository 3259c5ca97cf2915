// puzzlekit play: the page knows no genre. The server draws the board with every
// markable place tagged data-place="VAR" and says which marks each place cycles
// through and how the genre is marked (cycle, digits, regions); this script keeps the
// marks, the pencil marks, the history and the timer, and asks the server to check and
// redraw after every move. DOM contract: docs/play.md. No inline scripts or handlers.
import {$, api} from "./api.js";
import {editor} from "./edit.js";
import {attachInput} from "./input.js";
import * as store from "./store.js";
import {drawNotes, drawing, layout, newBoard, regionColour, show, valuesOf, view, zoomTo} from "./view.js";

const CONFIRM_MS = 4000;
const ARCHIVE_DAYS = 30;

export const S = {
  genres: [],
  game: null, // {board, state, notes, undo, redo, elapsed, solved, shown, query, marks}
  focus: null, // the focused place's variable
  hinted: [], // the variables the last hint is about, until the next move
  reads: [], // the places that hint's rule looked at
  seq: 0, // the newest check request; older answers are dropped
  busy: null, // the AbortController of the puzzle being made
  mode: "play", // or "edit"
  notes: false, // digit genres: digits go in as pencil marks
  other: false, // cycle genres: a tap puts the last mark (a cross, a dot) or takes it away
  line: null, // {axis, at}: the row or column a run of arrow moves keeps to
};

// -- messages ------------------------------------------------------------------------

export function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = kind || "";
}

function localDate(offset = 0) {
  const d = new Date();
  d.setDate(d.getDate() - offset);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function confirmTwice(button, question, action) {
  // A first click asks (the button turns red and says so); a second within a few seconds acts.
  if (button.dataset.confirm === "1") {
    clearTimeout(Number(button.dataset.timer));
    button.textContent = button.dataset.label;
    button.classList.remove("confirm");
    delete button.dataset.confirm;
    action();
    return;
  }
  button.dataset.label = button.textContent;
  button.dataset.confirm = "1";
  button.textContent = question;
  button.classList.add("confirm");
  button.dataset.timer = String(setTimeout(() => {
    button.textContent = button.dataset.label;
    button.classList.remove("confirm");
    delete button.dataset.confirm;
  }, CONFIRM_MS));
}

// -- genres and menus ----------------------------------------------------------------

export function genreInfo(name) {
  return S.genres.find((g) => g.name === name || g.aliases.includes(name)) || null;
}

function fillGenres(selected) {
  const select = $("genre");
  select.innerHTML = "";
  for (const g of S.genres.filter((g) => g.playable)) select.add(new Option(g.title, g.name, false, g.name === selected));
  fillSizes();
}

export function fillSizes(keep) {
  // The header's size menu; ``keep`` is the open board's size, offered when the list lacks it.
  const g = genreInfo($("genre").value);
  const select = $("size");
  const want = keep || store.pref(`size:${g && g.name}`, g ? g.daily_size : "7x7");
  select.innerHTML = "";
  for (const s of (g && g.sizes) || []) select.add(new Option(s.size, s.size, false, s.size === want));
  if (want && select.options.length && ![...select.options].some((o) => o.value === want)) {
    select.add(new Option(want, want, false, true)); // the open board's size (a 6x6 Sudoku)
  }
  const makes = !!g && g.difficulties.length > 0 && select.options.length > 0;
  for (const id of ["size", "seed", "generate"]) $(id).disabled = !makes;
  fillDifficulties();
}

function fillDifficulties(keep) {
  const g = genreInfo($("genre").value);
  const select = $("difficulty");
  const want = keep || store.pref(`difficulty:${g && g.name}`, "medium");
  const size = g && g.sizes.find((s) => s.size === $("size").value);
  const offered = size ? size.difficulties : (g ? g.difficulties : []);
  select.innerHTML = "";
  for (const d of offered) select.add(new Option(d, d, false, d === want));
  if (want && offered.length && !offered.includes(want) && g && g.difficulties.includes(want) && keep) {
    select.add(new Option(want, want, false, true)); // what the open board was made at
  }
  select.disabled = select.options.length === 0;
  $("generate").disabled = select.disabled || $("size").disabled;
}

function showRules(name) {
  const g = genreInfo(name);
  const box = $("rules");
  box.innerHTML = "";
  if (!g) return;
  const r = g.rules;
  const add = (tag, text, parent = box) => {
    const el = document.createElement(tag);
    if (text) el.textContent = text;
    parent.appendChild(el);
    return el;
  };
  add("h3", `How to play ${r.title}`);
  if (r.also.length) add("p", `Also called ${r.also.join(", ")}.`);
  add("p", r.goal).className = "goal";
  const how = {
    cycle: "Click or tap a place to mark it (again for the next mark), right-click or long-press to go back, drag to mark a run; × mode makes taps put the other mark.",
    digits: "Tap a cell, then a digit (the pad or the keyboard); Notes writes candidates small; Backspace clears.",
    regions: "Drag from a number to draw its rectangle; tap a rectangle to take it away.",
  }[g.marking];
  if (how) add("p", how);
  if (r.basics.length) {
    const list = add("ul");
    for (const b of r.basics) add("li", b, list);
  }
  const more = add("details");
  add("summary", "Techniques the hints use", more);
  const list = add("ul", "", more);
  for (const t of r.techniques) add("li", `${t.rung_name || `rung ${t.rung}`}: ${t.text}`, list);
}

// -- opening a puzzle ----------------------------------------------------------------

async function making(text, work) {
  // Show that a puzzle is being made, and let Cancel stop it (the server stops too).
  if (S.busy) S.busy.abort();
  const ctrl = new AbortController();
  S.busy = ctrl;
  $("board").setAttribute("aria-busy", "true");
  $("busy-text").textContent = text;
  $("busy").hidden = false;
  try {
    return await work(ctrl.signal);
  } finally {
    if (S.busy === ctrl) {
      S.busy = null;
      $("board").setAttribute("aria-busy", "false");
      $("busy").hidden = true;
    }
  }
}

export async function open(query, {push = false} = {}) {
  const q = new URLSearchParams(query);
  if (q.get("edit")) {
    await editor.openFromQuery(q, push);
    return;
  }
  if (S.mode === "edit") editor.leave();
  const genre = q.get("genre") ? (genreInfo(q.get("genre")) || {name: q.get("genre")}).name : $("genre").value;
  try {
    let board;
    if (q.has("p")) {
      board = await api("/api/load", {source: q.get("p"), genre: genre || null});
    } else if (q.has("seed")) {
      const size = q.get("size") || "7x7";
      const difficulty = q.get("difficulty") || "medium";
      const name = (genreInfo(genre) || {title: genre}).title;
      board = await making(`Making a ${difficulty} ${size} ${name}…`, (signal) => api("/api/generate", {
        genre, size, difficulty, seed: q.get("seed"),
      }, signal));
      if (board.difficulty) q.set("difficulty", board.difficulty); // the link makes what was made
    } else {
      const date = q.get("daily") || localDate();
      board = await making("Making today's puzzle…", (signal) => api(
        `/api/daily?genre=${encodeURIComponent(genre)}&date=${encodeURIComponent(date)}`, undefined, signal));
      q.set("daily", date);
    }
    q.set("genre", board.genre);
    if (q.has("p")) {
      q.set("p", board.link);
      // A URL carries no title: keep the file's in the link, or take the link's back.
      if (board.own_title) q.set("title", board.title);
      else if (q.get("title")) { board.title = q.get("title"); board.own_title = true; }
    }
    start(board, q.toString(), push);
    if (board.note) say(board.note, "warn");
  } catch (err) {
    if (err.name === "AbortError") say("Cancelled: no new puzzle was made.", "warn");
    else say(err.message, "error");
    if (!S.game) $("title").textContent = "No puzzle";
  }
}

function start(board, query, push) {
  const same = S.game && S.game.board.key === board.key; // a reload, Back to it: the focus stays
  const saved = store.loadAttempt(board.key, board.state.length);
  S.game = {
    board, state: board.state.slice(), notes: {}, undo: [], redo: [], elapsed: 0, solved: false, shown: false,
    query, marks: new Map(board.places.map((p) => [p.var, p])),
  };
  if (saved) Object.assign(S.game, saved);
  if (push) history.pushState(null, "", `?${query}`);
  else history.replaceState(null, "", `?${query}`);
  $("link").href = `?${query}`;
  $("title").textContent = board.own_title ? board.title : board.name;
  const date = board.date && !board.title.includes(board.date) ? `daily ${board.date}` : "";
  $("subtitle").textContent = [board.size, board.difficulty, date].filter(Boolean).join(" · ");
  $("genre").value = board.genre;
  fillSizes(board.size);
  if (board.difficulty) fillDifficulties(board.difficulty);
  showRules(board.genre);
  const kinds = $("kind");
  kinds.innerHTML = "";
  for (const k of board.kinds.filter((k) => k === "ascii" || k === "pzpr")) {
    kinds.add(new Option(k === "ascii" ? "puzzlekit state" : "pzprjs file", k));
  }
  const el = $("board");
  el.dataset.key = board.key;
  el.dataset.marking = board.marking;
  S.notes = false;
  S.other = false;
  $("notes").hidden = board.marking !== "digits";
  $("notes").setAttribute("aria-pressed", "false");
  $("markmode").hidden = board.marking !== "cycle" || !board.places.some((p) => p.marks.length > 2);
  $("markmode").setAttribute("aria-pressed", "false");
  fillPad(board);
  newBoard(board.svg);
  S.focus = same && S.focus !== null && S.game.marks.has(S.focus) ? S.focus : firstPlace();
  S.hinted = [];
  S.reads = [];
  say("");
  $("violations").innerHTML = "";
  showSolved();
  decorate();
  refresh();
  showArchive();
}

function fillPad(board) {
  const pad = $("pad");
  pad.innerHTML = "";
  pad.hidden = board.marking !== "digits";
  if (pad.hidden) return;
  const first = board.places.find((p) => p.marks.length > 1);
  const digits = first ? valuesOf(first.marks[0]) : [];
  pad.style.gridTemplateColumns = `repeat(${digits.length + 1 > 10 ? Math.ceil((digits.length + 1) / 2) : digits.length + 1}, 1fr)`;
  for (const d of digits) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = String(d);
    b.dataset.digit = String(d);
    b.setAttribute("aria-label", `Digit ${d}`);
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.textContent = "⌫";
  erase.dataset.erase = "1";
  erase.setAttribute("aria-label", "Clear the cell");
  pad.appendChild(erase);
}

function firstPlace() {
  let best = null;
  let score = Infinity;
  for (const [v, [x, y]] of view.centres) {
    if (x + y < score) { score = x + y; best = v; }
  }
  return best;
}

function save() {
  if (S.game && !store.saveAttempt(S.game.board.key, S.game)) {
    say("this browser would not keep the attempt (storage is full or off)", "error");
  }
}

// -- moves -------------------------------------------------------------------------

export function isGiven(v) {
  const p = S.game && S.game.marks.get(v);
  return !p || p.marks.length < 2;
}

function cycled(v, dir) {
  const marks = S.game.marks.get(v).marks;
  const i = Math.max(0, marks.indexOf(S.game.state[v]));
  return marks[(i + dir + marks.length) % marks.length];
}

function other(v) {
  // The "other" mark (a cross, a dot, no bridge): the last of the cycle, or back to unmarked.
  const marks = S.game.marks.get(v).marks;
  return S.game.state[v] === marks[marks.length - 1] ? marks[0] : marks[marks.length - 1];
}

function apply(entry) {
  if (!entry.length) return;
  S.game.undo.push(entry);
  S.game.redo = [];
  changed();
}

function put(entry, v, mark) {
  if (S.game.state[v] === mark) return;
  entry.push([v, S.game.state[v], mark]);
  S.game.state[v] = mark;
}

function changed() {
  // Every move clears what was said about the board before it.
  S.hinted = [];
  S.reads = [];
  say("");
  save();
  refresh();
}

export function markFor(v, dir) {
  return S.other ? other(v) : cycled(v, dir);
}

export function cycle(v, dir) {
  if (!S.game || isGiven(v)) return;
  const entry = [];
  put(entry, v, markFor(v, dir));
  apply(entry);
}

export function setDigit(v, value) {
  // A digit: the mark whose domain holds that value alone (a Sudoku digit, a bridge
  // count, 0/1 for no line or a line); in Notes mode, that pencil mark on or off.
  if (!S.game || v === null || isGiven(v) || !(value >= 0 && value < 31)) return;
  const place = S.game.marks.get(v);
  if (S.notes && S.game.board.marking === "digits") {
    if (!(place.marks[0] >> value & 1) || S.game.state[v] !== place.marks[0]) return;
    const old = S.game.notes[v] || 0;
    const now = old ^ (1 << value);
    S.game.notes[v] = now;
    S.game.undo.push([[v, old, now, 1]]);
    S.game.redo = [];
    changed();
    return;
  }
  const mark = 1 << value;
  if (!place.marks.includes(mark)) return;
  const entry = [];
  put(entry, v, S.game.state[v] === mark && S.game.board.marking === "digits" ? place.marks[0] : mark);
  apply(entry);
}

export function erase(v) {
  if (!S.game || v === null || isGiven(v)) return;
  const entry = [];
  put(entry, v, S.game.marks.get(v).marks[0]);
  if (S.game.notes[v]) {
    entry.push([v, S.game.notes[v], 0, 1]);
    S.game.notes[v] = 0;
  }
  apply(entry);
}

export function setAll(target) {
  const entry = [];
  target.forEach((mark, v) => put(entry, v, mark));
  apply(entry);
}

export function dragStart(v, mark) {
  const entry = [];
  put(entry, v, mark);
  S.game.undo.push(entry);
  S.game.redo = [];
  changed();
  return entry;
}

export function dragMore(entry, v, mark) {
  if (isGiven(v) || !S.game.marks.get(v).marks.includes(mark) || S.game.state[v] === mark) return;
  put(entry, v, mark);
  changed();
}

function inRect(a, b) {
  const [ax, ay] = view.centres.get(a);
  const [bx, by] = view.centres.get(b);
  const [x0, x1, y0, y1] = [Math.min(ax, bx) - 1, Math.max(ax, bx) + 1, Math.min(ay, by) - 1, Math.max(ay, by) + 1];
  return [...view.centres].filter(([, [x, y]]) => x >= x0 && x <= x1 && y >= y0 && y <= y1).map(([v]) => v);
}

export function drawRegion(a, b) {
  // Regions (Shikaku): the rectangle from a to b goes to the one given inside it, and
  // that given's old cells outside it are freed; a rectangle with no given clears it.
  const inside = inRect(a, b);
  const givens = [...new Set(inside.filter(isGiven).map((v) => S.game.state[v]))];
  const entry = [];
  if (givens.length > 1) {
    say(`a rectangle holds one number; this one holds ${givens.length}`, "error");
    return;
  }
  if (givens.length === 0) {
    for (const v of inside) if (!isGiven(v)) put(entry, v, S.game.marks.get(v).marks[0]);
    apply(entry);
    return;
  }
  const mark = givens[0];
  const owner = inside.find((v) => isGiven(v) && S.game.state[v] === mark);
  const out = inside.find((v) => !isGiven(v) && !S.game.marks.get(v).marks.includes(mark));
  if (out !== undefined) {
    say(`${S.game.marks.get(out).name} cannot belong to the number at ${S.game.marks.get(owner).name}: `
        + "no rectangle of it reaches there", "error");
    return;
  }
  const keep = new Set(inside);
  for (const [v, place] of S.game.marks) {
    if (isGiven(v)) continue;
    if (keep.has(v)) put(entry, v, mark);
    else if (S.game.state[v] === mark) put(entry, v, place.marks[0]);
  }
  apply(entry);
}

export function clearRegion(v) {
  // A tap on a rectangle (or its number) takes the whole rectangle away.
  const mark = S.game.state[v];
  const entry = [];
  if (isGiven(v) || (S.game.marks.get(v).marks[0] !== mark)) {
    for (const [u, place] of S.game.marks) if (!isGiven(u) && S.game.state[u] === mark) put(entry, u, place.marks[0]);
  }
  if (entry.length) apply(entry);
  else say("Drag from a number to draw its rectangle.", "hint");
}

function undoEntry(entry, forward) {
  const order = forward ? entry : [...entry].reverse();
  for (const [v, old, now, kind] of order) {
    if (kind === 1) S.game.notes[v] = forward ? now : old;
    else S.game.state[v] = forward ? now : old;
  }
}

export function undo() {
  if (S.mode === "edit") { editor.undo(); return; }
  const entry = S.game && S.game.undo.pop();
  if (!entry) return;
  undoEntry(entry, false);
  S.game.redo.push(entry);
  changed();
}

export function redo() {
  if (S.mode === "edit") { editor.redo(); return; }
  const entry = S.game && S.game.redo.pop();
  if (!entry) return;
  undoEntry(entry, true);
  S.game.undo.push(entry);
  changed();
}

// -- drawing and checking ------------------------------------------------------------

export async function refresh() {
  const mine = ++S.seq;
  const game = S.game;
  $("board").dataset.version = String(mine);
  const live = $("live").checked;
  try {
    const out = await api("/api/check", {
      genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, svg: true, hint: S.hinted,
      violations: live, places: false,
    });
    if (mine !== S.seq || S.mode !== "play") return;
    show(out.svg, true);
    setStatus(out.status === "wrong" && !live ? "playing" : out.status, live ? out.violations : []);
    $("board").dataset.drawn = String(mine); // the drawing shows every move so far
  } catch (err) {
    if (mine === S.seq) say(err.message, "error");
  }
}

function setStatus(status, violations) {
  const game = S.game;
  $("board").dataset.status = status;
  $("status-text").textContent = status;
  const list = $("violations");
  list.innerHTML = "";
  for (const v of violations) {
    const li = document.createElement("li");
    li.textContent = v.message;
    list.appendChild(li);
  }
  const solved = status === "solved";
  if (solved && !game.solved) {
    game.solved = true;
    say(game.shown ? SHOWN : "", "hint"); // (the check of a shown solution comes after the words)
    if (game.board.date && !game.shown) store.markDaily(game.board.genre, game.board.date, game.elapsed, false);
    save();
    showArchive();
    showSolved();
    $("solved").scrollIntoView({block: "nearest"});
  }
  if (!solved && game.solved) { game.solved = false; game.shown = false; save(); }
  showSolved();
  decorate();
}

function showSolved() {
  const game = S.game;
  $("solved").hidden = !game.solved;
  $("share-text").hidden = true;
  $("solved-time").textContent = game.shown ? "(solution shown)" : `in ${clock(game.elapsed)}`;
  $("share").hidden = game.shown;
}

export function decorate() {
  const game = S.game;
  if (!game || S.mode !== "play") return;
  const el = $("board");
  const regions = game.board.marking === "regions";
  for (const node of el.querySelectorAll("[data-place]")) {
    const v = Number(node.dataset.place);
    node.classList.toggle("focus", v === S.focus);
    node.classList.toggle("hinted", S.hinted.includes(v));
    node.classList.toggle("read", S.reads.includes(v));
    node.classList.toggle("given", isGiven(v));
    const p = game.marks.get(v);
    if (p) node.setAttribute("aria-label", p.name);
    node.dataset.mark = String(game.state[v]);
    if (regions) {
      const mark = game.state[v];
      const owned = p && (p.marks.length === 1 || mark !== p.marks[0]) && (mark & (mark - 1)) === 0;
      node.style.fill = owned ? regionColour(mark) : "";
      node.style.fillOpacity = owned ? "0.55" : "";
    }
  }
  if (game.board.marking === "digits") drawNotes(game);
  el.dataset.focus = S.focus === null ? "" : String(S.focus);
}

async function check() {
  const game = S.game;
  const out = await api("/api/check", {
    genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, svg: true, hint: S.hinted, places: false,
  });
  show(out.svg, true);
  setStatus(out.status, out.violations);
  if (out.status === "playing") say("nothing is wrong so far", "hint");
}

function notesArray() {
  const game = S.game;
  if (game.board.marking !== "digits") return null;
  const out = game.state.map(() => 0);
  for (const [v, n] of Object.entries(game.notes)) {
    const place = game.marks.get(Number(v));
    if (place && n) out[Number(v)] = n & place.marks[0];
  }
  return out.some(Boolean) ? out : null;
}

export async function hint() {
  const game = S.game;
  if (!game || S.mode !== "play") return;
  try {
    const out = await api("/api/hint", {
      genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, places: false, notes: notesArray(),
    });
    if (game !== S.game) return;
    S.hinted = out.variable === null ? [] : [out.variable];
    S.reads = out.reads.map((r) => r.variable).filter((v) => v !== out.variable);
    if (out.variable !== null) S.focus = out.variable;
    show(out.svg, true);
    decorate();
    const head = {deduction: "Hint", mistake: "Mistake", solved: "Solved", search: "Stuck"}[out.kind];
    say(`${head}: ${out.text}`, out.kind === "mistake" ? "error" : "hint");
  } catch (err) {
    say(err.message, "error");
  }
}

const SHOWN = "the solution is shown; Undo takes it back";

async function showSolution() {
  const game = S.game;
  try {
    const out = await api("/api/solve", {genre: game.board.genre, puzzle: game.board.puzzle});
    if (!out.state) { say(`no single solution: the puzzle is ${out.status}`, "error"); return; }
    game.shown = true;
    setAll(out.state);
    say(SHOWN, "hint");
  } catch (err) {
    say(err.message, "error");
  }
}

function restart() {
  // All marks off as one move (Undo brings them back), the timer from zero.
  const game = S.game;
  const entry = [];
  game.board.state.forEach((mark, v) => put(entry, v, mark));
  for (const [v, n] of Object.entries(game.notes)) if (n) entry.push([Number(v), n, 0, 1]);
  for (const [v, , now, kind] of entry) if (kind === 1) game.notes[v] = now;
  game.elapsed = 0;
  game.solved = false;
  game.shown = false;
  $("timer").textContent = clock(0);
  if (entry.length) apply(entry);
  else changed();
  say("Restarted: the timer is back at 0:00 (Undo brings the marks back).", "hint");
}

async function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], {type: "text/plain"}));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function exportAttempt() {
  const game = S.game;
  try {
    const kind = $("kind").value || "ascii";
    const out = await api("/api/export", {genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, kind});
    await download(out.text, out.filename);
    say(`exported as ${out.filename}`, "hint");
  } catch (err) {
    say(err.message, "error");
  }
}

// -- completion: next, share, the archive ------------------------------------------------

function nextPuzzle() {
  const game = S.game;
  const g = genreInfo(game.board.genre);
  const size = g && g.sizes.some((s) => s.size === game.board.size) ? game.board.size : $("size").value;
  const difficulty = game.board.difficulty || $("difficulty").value || "medium";
  const seed = Math.random().toString(36).slice(2, 10);
  open(new URLSearchParams({genre: game.board.genre, size, difficulty, seed}).toString(), {push: true});
}

async function share() {
  const game = S.game;
  const what = game.board.date ? `the ${game.board.name} daily of ${game.board.date}` : `a ${game.board.size} ${game.board.name}`;
  const link = new URL(`?${game.query}`, location.href).toString();
  const text = `I solved ${what} on puzzlekit in ${clock(game.elapsed)}: ${link}`;
  const box = $("share-text");
  box.value = text;
  box.hidden = false;
  box.select();
  if (navigator.share) {
    try { await navigator.share({title: "puzzlekit", text, url: link}); return; } catch (err) { /* copy it instead */ }
  }
  try {
    await navigator.clipboard.writeText(text);
    say("copied to the clipboard", "hint");
  } catch (err) {
    say("copy the text below to share it", "hint");
  }
}

function showArchive() {
  const genre = $("genre").value;
  const list = $("archive-list");
  list.innerHTML = "";
  for (let i = 0; i < ARCHIVE_DAYS; i++) {
    const date = localDate(i);
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `?${new URLSearchParams({genre, daily: date})}`;
    a.textContent = i === 0 ? `${date} (today)` : date;
    a.dataset.daily = date;
    const done = store.dailyDone(genre, date);
    if (done) {
      li.classList.add("solved");
      a.title = `solved in ${clock(done.elapsed || 0)}`;
    }
    li.appendChild(a);
    list.appendChild(li);
  }
}

// -- timer -----------------------------------------------------------------------------

export function clock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() {
  const game = S.game;
  if (!game || S.mode !== "play") return;
  if (!game.solved && document.visibilityState === "visible") {
    game.elapsed += 1;
    if (game.elapsed % 5 === 0) save();
  }
  $("timer").textContent = clock(game.elapsed);
}

// -- wiring ----------------------------------------------------------------------------

function newFromForm() {
  const seed = $("seed").value.trim() || Math.random().toString(36).slice(2, 10);
  const genre = $("genre").value;
  store.setPref(`size:${genre}`, $("size").value);
  store.setPref(`difficulty:${genre}`, $("difficulty").value);
  const q = new URLSearchParams({genre, size: $("size").value, difficulty: $("difficulty").value, seed});
  $("header").classList.remove("open");
  open(q.toString(), {push: true});
}

async function openSource() {
  const source = $("source").value.trim();
  if (!source) return;
  try {
    const found = await api("/api/load", {source, fallback: $("genre").value});
    const q = new URLSearchParams({genre: found.genre, p: found.link});
    if (found.own_title) q.set("title", found.title);
    $("source").value = "";
    $("header").classList.remove("open");
    if (S.mode === "edit") editor.leave();
    start(found, q.toString(), true);
  } catch (err) {
    say(err.message, "error");
  }
}

function setToggle(id, on) {
  $(id).setAttribute("aria-pressed", on ? "true" : "false");
}

async function boot() {
  attachInput();
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => S.game && setAll(S.game.board.state));
  $("restart").addEventListener("click", (e) => S.game && confirmTwice(e.currentTarget, "Restart? Click again", restart));
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", () => S.game && check().catch((err) => say(err.message, "error")));
  $("solution").addEventListener("click", (e) => S.game && confirmTwice(e.currentTarget, "Show it? Click again", showSolution));
  $("export").addEventListener("click", exportAttempt);
  $("live").addEventListener("change", () => S.game && refresh());
  $("notes").addEventListener("click", () => { S.notes = !S.notes; setToggle("notes", S.notes); });
  $("markmode").addEventListener("click", () => { S.other = !S.other; setToggle("markmode", S.other); });
  $("pad").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.erase) erase(S.focus);
    else setDigit(S.focus, Number(b.dataset.digit));
    $("board").focus({preventScroll: true}); // the keys go on working on the board
  });
  $("genre").addEventListener("change", () => { fillSizes(); showRules($("genre").value); showArchive(); });
  $("size").addEventListener("change", () => fillDifficulties());
  $("new").addEventListener("submit", (e) => { e.preventDefault(); newFromForm(); });
  $("today").addEventListener("click", () => open(new URLSearchParams({genre: $("genre").value}).toString(), {push: true}));
  $("open").addEventListener("submit", (e) => { e.preventDefault(); openSource(); });
  $("source").addEventListener("input", () => {
    // The box grows with what is pasted in (a level's rows), up to a few lines.
    $("source").rows = Math.min(8, Math.max(1, $("source").value.split("\n").length));
  });
  $("source").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); openSource(); }
  });
  $("cancel").addEventListener("click", () => S.busy && S.busy.abort());
  $("menu").addEventListener("click", () => {
    const open = $("header").classList.toggle("open");
    $("menu").setAttribute("aria-expanded", open ? "true" : "false");
  });
  $("archive-toggle").addEventListener("click", () => {
    const box = $("archive");
    box.hidden = !box.hidden;
    $("archive-toggle").setAttribute("aria-expanded", box.hidden ? "false" : "true");
    if (!box.hidden) box.scrollIntoView({block: "nearest"});
  });
  $("archive-list").addEventListener("click", (e) => {
    const a = e.target.closest("a[data-daily]");
    if (!a) return;
    e.preventDefault();
    open(new URL(a.href).search, {push: true});
  });
  $("next").addEventListener("click", nextPuzzle);
  $("share").addEventListener("click", share);
  $("zoom-in").addEventListener("click", () => zoomTo(view.zoom * 1.4));
  $("zoom-out").addEventListener("click", () => zoomTo(view.zoom / 1.4));
  $("zoom-fit").addEventListener("click", () => zoomTo(1));
  $("edit").addEventListener("click", () => (S.mode === "edit" ? editor.backToPlay() : editor.enter()));
  window.addEventListener("popstate", () => open(location.search));
  window.addEventListener("resize", () => drawing() && layout(false));
  setInterval(tick, 1000);
  editor.wire();
  try {
    S.genres = await api("/api/genres");
  } catch (err) {
    say(err.message, "error");
    return;
  }
  const q = new URLSearchParams(location.search);
  const first = q.get("genre") ? (genreInfo(q.get("genre")) || {name: "slitherlink"}).name : store.pref("genre", "slitherlink");
  fillGenres(genreInfo(first) ? first : "slitherlink");
  showRules($("genre").value);
  $("genre").addEventListener("change", () => store.setPref("genre", $("genre").value));
  await open(location.search);
}

document.addEventListener("DOMContentLoaded", boot);
