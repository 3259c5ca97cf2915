// Pointer and keyboard input on the board, for each way a genre is marked:
// cycle (click, right-click or long-press back, drag a run; × mode), digits (tap a cell,
// then a digit; Notes), regions (drag a rectangle from a number, tap one to take it
// away), and the editor's clue spots. Two fingers pinch-zoom and pan a big board.
import {$} from "./api.js";
import {editor} from "./edit.js";
import {S, clearRegion, cycle, decorate, dragMore, dragStart, drawRegion, erase, hint, isGiven, markFor, redo,
        setDigit, undo} from "./play.js";
import {drawing, nearCentre, placeAt, toDrawing, view, zoomTo} from "./view.js";

const LONG_PRESS_MS = 500;
const DIGIT_RUN_MS = 900; // two digits typed this close make one number (16x16 Sudoku, big clues)
const SVG = "http://www.w3.org/2000/svg";

let drag = null; // cycle: {mark, entry, seen, last}
let pending = null; // a touch that may become a long press
let region = null; // regions: {from, to}
let touches = new Map(); // pointerId -> [x, y] of the fingers on the board
let gesture = null; // two fingers: {dist, zoom, mid, left, top}
let typed = {text: "", at: 0};

function playing() {
  return S.game && S.mode === "play";
}

function onPointerDown(e) {
  const board = $("board");
  if (e.pointerType === "touch") {
    touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (touches.size === 2) { startGesture(); return; }
    if (touches.size > 2) return;
  }
  if (S.mode === "edit") { editor.pointerDown(e); return; }
  const v = placeAt(e.clientX, e.clientY);
  if (v === null || !playing()) return;
  e.preventDefault();
  board.focus({preventScroll: true});
  S.focus = v;
  S.line = null;
  typed = {text: "", at: 0};
  const marking = S.game.board.marking;
  if (marking === "regions") {
    region = {from: v, to: v, button: e.button};
    decorate();
    return;
  }
  if (marking === "digits") { decorate(); return; }
  if (isGiven(v)) { decorate(); return; }
  if (e.pointerType === "touch") {
    pending = {v, timer: setTimeout(() => { pending = null; cycle(v, -1); }, LONG_PRESS_MS)};
    return;
  }
  beginDrag(v, e.button === 2 ? -1 : 1, e.clientX, e.clientY);
}

function beginDrag(v, dir, x, y) {
  const mark = markFor(v, dir);
  drag = {mark, entry: dragStart(v, mark), seen: new Set([v]), last: [x, y]};
}

function along(x, y) {
  // The places the pointer crossed since the last event, each counted once it is
  // near a place's middle (not at a tip where several places meet).
  const [lx, ly] = drag.last;
  const step = Math.max(4, view.target * view.fit * view.zoom / 4);
  const n = Math.max(1, Math.ceil(Math.hypot(x - lx, y - ly) / step));
  for (let i = 1; i <= n; i++) {
    const px = lx + (x - lx) * i / n;
    const py = ly + (y - ly) * i / n;
    const v = placeAt(px, py);
    if (v === null || drag.seen.has(v) || !nearCentre(v, px, py)) continue;
    drag.seen.add(v);
    dragMore(drag.entry, v, drag.mark);
  }
  drag.last = [x, y];
}

function onPointerMove(e) {
  if (e.pointerType === "touch" && touches.has(e.pointerId)) {
    touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (gesture) { moveGesture(); return; }
  }
  if (S.mode === "edit") { editor.pointerMove(e); return; }
  if (!playing()) return;
  if (region) {
    const v = placeAt(e.clientX, e.clientY);
    if (v !== null && v !== region.to) { region.to = v; showRect(); }
    return;
  }
  if (pending) {
    const v = placeAt(e.clientX, e.clientY);
    if (v !== null && v !== pending.v && nearCentre(v, e.clientX, e.clientY)) {
      clearTimeout(pending.timer);
      const first = pending.v;
      pending = null;
      const box = view.centres.get(first);
      const svg = drawing().getBoundingClientRect();
      const scale = svg.width / view.width;
      beginDrag(first, 1, svg.left + box[0] * scale, svg.top + box[1] * scale);
      along(e.clientX, e.clientY);
    }
    return;
  }
  if (drag && (e.buttons || e.pointerType === "touch")) along(e.clientX, e.clientY);
}

function onPointerUp(e) {
  if (e.pointerType === "touch") {
    touches.delete(e.pointerId);
    if (gesture) { if (touches.size === 0) gesture = null; return; }
  }
  editor.pointerUp();
  if (region) {
    const {from, to, button} = region;
    region = null;
    hideRect();
    if (from === to || button === 2) clearRegion(from);
    else drawRegion(from, to);
  }
  if (pending) {
    clearTimeout(pending.timer);
    const v = pending.v;
    pending = null;
    cycle(v, 1);
  }
  drag = null;
}

function startGesture() {
  // A second finger: whatever the first began is dropped, and the two pan and zoom.
  if (pending) { clearTimeout(pending.timer); pending = null; }
  drag = null;
  region = null;
  hideRect();
  const [a, b] = [...touches.values()];
  const board = $("board");
  gesture = {dist: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, zoom: view.zoom,
             mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], left: board.scrollLeft, top: board.scrollTop};
}

function moveGesture() {
  if (touches.size < 2) return;
  const [a, b] = [...touches.values()];
  const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const dist = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
  zoomTo(gesture.zoom * dist / gesture.dist, mid[0], mid[1]);
  const board = $("board");
  board.scrollLeft += gesture.mid[0] - mid[0];
  board.scrollTop += gesture.mid[1] - mid[1];
  gesture.mid = mid;
  gesture.zoom = view.zoom;
  gesture.dist = dist;
}

function showRect() {
  const svg = drawing();
  if (!svg || !region) return;
  let rect = svg.querySelector("rect.drag-rect");
  if (!rect) {
    rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("class", "drag-rect");
    svg.appendChild(rect);
  }
  const a = view.boxes.get(region.from);
  const b = view.boxes.get(region.to);
  const [x0, y0] = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
  const [x1, y1] = [Math.max(a[2], b[2]), Math.max(a[3], b[3])];
  rect.setAttribute("x", String(x0));
  rect.setAttribute("y", String(y0));
  rect.setAttribute("width", String(x1 - x0));
  rect.setAttribute("height", String(y1 - y0));
}

function hideRect() {
  const rect = drawing() && drawing().querySelector("rect.drag-rect");
  if (rect) rect.remove();
}

// -- keyboard --------------------------------------------------------------------------

export function step(centres, from, dx, dy, line) {
  // The next place in the arrow's direction: within 45 degrees of it, nearest ahead,
  // keeping close to the line the moves along this axis started on (so a zigzag
  // through edges of two kinds does not drift off its row); ties go to the earlier place.
  const [fx, fy] = centres.get(from) || [0, 0];
  let best = null;
  let score = Infinity;
  for (const wide of [false, true]) {
    for (const [v, [x, y]] of centres) {
      const ahead = (x - fx) * dx + (y - fy) * dy;
      const across = Math.abs((x - fx) * dy - (y - fy) * dx);
      if (ahead <= 0.5 || (!wide && across > ahead)) continue;
      const off = Math.abs(dx ? y - line : x - line);
      const s = wide ? ahead + 2 * across : ahead + 0.5 * off;
      if (s < score - 1e-9) { score = s; best = v; }
    }
    if (best !== null) break;
  }
  return best;
}

export function moveFocus(centres, focus, dx, dy) {
  if (focus === null) return null;
  const axis = dx ? "h" : "v";
  const [fx, fy] = centres.get(focus) || [0, 0];
  if (!S.line || S.line.axis !== axis) S.line = {axis, at: dx ? fy : fx};
  const next = step(centres, focus, dx, dy, S.line.at);
  return next === null ? focus : next;
}

export function resetTyped() {
  typed = {text: "", at: 0};
}

export function digitTyped(key, accepts) {
  // A digit key, joined to the one before it (on the same place, nothing else pressed
  // between) when the two make a value the place takes.
  const now = Date.now();
  const joined = typed.text && now - typed.at < DIGIT_RUN_MS ? typed.text + key : "";
  typed = {text: key, at: now};
  if (joined && accepts(Number(joined))) {
    typed = {text: "", at: 0};
    return Number(joined);
  }
  return Number(key);
}

const MOVES = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

function onKey(e) {
  if (S.mode === "edit") { editor.key(e); return; }
  if (!playing()) return;
  const ctrl = e.ctrlKey || e.metaKey;
  let done = true;
  if (!MOVES[e.key]) S.line = null; // a run of arrow moves ends with any other key
  if (!/^[0-9]$/.test(e.key)) typed = {text: "", at: 0};
  if (MOVES[e.key]) {
    S.focus = S.focus === null ? [...view.centres.keys()][0] : moveFocus(view.centres, S.focus, ...MOVES[e.key]);
    decorate();
  } else if ((e.key === "Enter" || e.key === " ") && S.focus !== null) cycle(S.focus, e.shiftKey ? -1 : 1);
  else if (!ctrl && /^[0-9]$/.test(e.key) && S.focus !== null) {
    const place = S.game.marks.get(S.focus);
    setDigit(S.focus, digitTyped(e.key, (n) => !!place && n < 31 && (place.marks[0] >> n & 1) === 1));
  } else if ((e.key === "Backspace" || e.key === "Delete") && S.focus !== null) erase(S.focus);
  else if (ctrl && (e.key === "z" || e.key === "Z")) (e.shiftKey ? redo : undo)();
  else if (ctrl && (e.key === "y" || e.key === "Y")) redo();
  else if (!ctrl && (e.key === "h" || e.key === "H")) hint();
  else if (!ctrl && (e.key === "n" || e.key === "N") && !$("notes").hidden) $("notes").click();
  else if (!ctrl && (e.key === "+" || e.key === "=")) zoomTo(view.zoom * 1.4);
  else if (!ctrl && e.key === "-") zoomTo(view.zoom / 1.4);
  else done = false;
  if (done) e.preventDefault();
}

export function attachInput() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerUp);
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  board.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (e) => {
    // Undo and redo work wherever the focus is, but in a text field of the page's own.
    const field = e.target.closest && e.target.closest("input, textarea, select, #board");
    if (field || !(e.ctrlKey || e.metaKey)) return;
    if (e.key === "z" || e.key === "Z") { e.preventDefault(); (e.shiftKey ? redo : undo)(); }
    else if (e.key === "y" || e.key === "Y") { e.preventDefault(); redo(); }
  });
  return toDrawing;
}
