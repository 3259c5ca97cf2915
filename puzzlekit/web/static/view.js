// The board on screen: the server's drawing, the place polygons laid over it, their
// geometry (for arrow keys, drags and rectangles), the size it is shown at (fit to the
// screen, zoomed and panned on big boards), and what the page draws on top: focus, hint,
// pencil marks (data-notes) and a colour per region.
import {$} from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const MIN_TARGET = {coarse: 34, fine: 16}; // CSS px a place is at least, at the first zoom
const MAX_SCALE = 1.7; // small boards are not blown up past this
const MAX_ZOOM = 4; // the first zoom, at most
const MAX_SCALE_ZOOMED = 2.5; // zooming in stops here (a 40-unit cell at 100 px)

export const view = {
  placesLayer: null, // the first drawing's data-place polygons (redraws come without them)
  centres: new Map(), // var -> [x, y], in the drawing's units
  boxes: new Map(), // var -> [x0, y0, x1, y1]
  spots: new Map(), // editor: clue spot -> [x, y]
  target: 40, // a typical place's size, in the drawing's units
  width: 0,
  height: 0,
  fit: 1, // the scale that shows the whole board
  zoom: 1, // times fit
};

export function coarse() {
  return window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
}

export function drawing() {
  return $("board").querySelector("svg");
}

export function show(svg, keepPlaces) {
  // A redraw without place polygons gets the kept ones back; the scroll position stays.
  const board = $("board");
  const left = board.scrollLeft;
  const top = board.scrollTop;
  board.innerHTML = svg;
  const drawn = drawing();
  if (drawn && keepPlaces && view.placesLayer && !drawn.querySelector("g.places")) {
    drawn.appendChild(view.placesLayer.cloneNode(true));
  }
  applySize();
  board.scrollLeft = left;
  board.scrollTop = top;
}

export function newBoard(svg) {
  // A new puzzle: its drawing, its places' geometry, and the first zoom.
  $("board").innerHTML = svg;
  const drawn = drawing();
  view.placesLayer = drawn ? drawn.querySelector("g.places") : null;
  view.centres = geometry("[data-place]", "place", view.boxes = new Map());
  view.width = Number(drawn && drawn.getAttribute("width")) || 400;
  view.height = Number(drawn && drawn.getAttribute("height")) || 400;
  const sizes = [...view.boxes.values()].map(([x0, y0, x1, y1]) => Math.max(x1 - x0, y1 - y0)).sort((a, b) => a - b);
  view.target = sizes.length ? sizes[sizes.length >> 1] : 40;
  layout(true);
}

export function measureSpots() {
  view.spots = geometry("[data-clue]", "clue", new Map());
}

function geometry(selector, key, boxes) {
  const centres = new Map();
  for (const node of $("board").querySelectorAll(selector)) {
    const pts = (node.getAttribute("points") || "").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    if (!pts.length || pts.some((p) => p.length !== 2)) continue;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const id = Number(node.dataset[key]);
    centres.set(id, [xs.reduce((a, b) => a + b, 0) / xs.length, ys.reduce((a, b) => a + b, 0) / ys.length]);
    boxes.set(id, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
  }
  return centres;
}

function room() {
  // The width and height the board may take: the page's width, and on a phone the
  // screen's height less what must stay in view below it (the tools, the digit pad).
  const board = $("board");
  const width = Math.max(160, board.parentElement.clientWidth - 4);
  const top = board.getBoundingClientRect().top;
  let below = 12;
  for (const id of ["zoom", "tools", "pad"]) {
    const el = $(id);
    if (el && !el.hidden) below += el.getBoundingClientRect().height + 6;
  }
  const height = Math.max(180, window.innerHeight - Math.max(top, 0) - below);
  return [width, height];
}

export function layout(reset) {
  const [width, height] = room();
  view.fit = Math.min(width / view.width, height / view.height, MAX_SCALE);
  if (reset) {
    const least = (coarse() ? MIN_TARGET.coarse : MIN_TARGET.fine) / view.target;
    view.zoom = view.fit < least ? Math.min(least / view.fit, MAX_ZOOM) : 1;
  }
  applySize(width, height);
}

function applySize(width, height) {
  const svg = drawing();
  const board = $("board");
  if (!svg) return;
  if (width === undefined) [width, height] = room();
  const scale = view.fit * view.zoom;
  svg.style.width = `${Math.round(view.width * scale)}px`;
  svg.style.height = `${Math.round(view.height * scale)}px`;
  board.style.width = `${Math.round(Math.min(view.width * scale, width)) + 4}px`;
  board.style.height = `${Math.round(Math.min(view.height * scale, height)) + 4}px`;
  $("zoom").hidden = view.zoom === 1 && view.fit * view.target >= (coarse() ? MIN_TARGET.coarse : 24);
}

export function zoomTo(zoom, clientX, clientY) {
  // Zoom about a point of the screen (a pinch's middle, the board's centre), keeping it still.
  const board = $("board");
  const box = board.getBoundingClientRect();
  const cx = clientX === undefined ? box.width / 2 : clientX - box.left;
  const cy = clientY === undefined ? box.height / 2 : clientY - box.top;
  const old = view.fit * view.zoom;
  view.zoom = Math.max(1, Math.min(zoom, Math.max(1, MAX_SCALE_ZOOMED / view.fit)));
  const scale = view.fit * view.zoom;
  const px = (board.scrollLeft + cx) / old;
  const py = (board.scrollTop + cy) / old;
  applySize();
  board.scrollLeft = px * scale - cx;
  board.scrollTop = py * scale - cy;
}

export function toDrawing(clientX, clientY) {
  const svg = drawing();
  if (!svg) return [0, 0];
  const box = svg.getBoundingClientRect();
  return [(clientX - box.left) * view.width / box.width, (clientY - box.top) * view.height / box.height];
}

export function placeAt(x, y) {
  const node = document.elementFromPoint(x, y);
  const place = node && node.closest && node.closest("[data-place]");
  return place ? Number(place.dataset.place) : null;
}

export function spotAt(x, y) {
  const node = document.elementFromPoint(x, y);
  const spot = node && node.closest && node.closest("[data-clue]");
  return spot ? Number(spot.dataset.clue) : null;
}

export function nearCentre(v, clientX, clientY) {
  // Is the pointer in the middle part of place v (not at a tip where several meet)?
  const box = view.boxes.get(v);
  if (!box) return false;
  const [x, y] = toDrawing(clientX, clientY);
  const [cx, cy] = view.centres.get(v);
  const size = Math.max(box[2] - box[0], box[3] - box[1]);
  return Math.hypot(x - cx, y - cy) < size * 0.36;
}

export function regionColour(mark) {
  const i = Math.round(Math.log2(mark));
  return `hsl(${(i * 137.508) % 360}, 70%, 70%)`;
}

export function drawNotes(game) {
  // Pencil marks, small, in a k x k grid inside each open place; also as data-notes.
  const svg = drawing();
  if (!svg) return;
  const old = svg.querySelector("g.notes");
  if (old) old.remove();
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "notes");
  for (const node of svg.querySelectorAll("[data-place]")) {
    const v = Number(node.dataset.place);
    const notes = (game.notes && game.notes[v]) || 0;
    const place = game.marks.get(v);
    const open = place && game.state[v] === place.marks[0];
    const values = place ? valuesOf(place.marks[0]) : [];
    const shown = open ? values.filter((d) => notes >> d & 1) : [];
    if (shown.length) node.dataset.notes = shown.join(" ");
    else delete node.dataset.notes;
    const box = view.boxes.get(v);
    if (!shown.length || !box) continue;
    const k = Math.ceil(Math.sqrt(values.length));
    const w = (box[2] - box[0]) / k;
    const h = (box[3] - box[1]) / k;
    for (const d of shown) {
      const i = values.indexOf(d);
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("x", String(box[0] + (i % k + 0.5) * w));
      text.setAttribute("y", String(box[1] + (Math.floor(i / k) + 0.5) * h + h * 0.25));
      text.setAttribute("text-anchor", "middle");
      text.setAttribute("font-size", String(Math.round(h * 0.7)));
      text.textContent = String(d);
      layer.appendChild(text);
    }
  }
  const places = svg.querySelector("g.places");
  svg.insertBefore(layer, places);
}

export function valuesOf(mask) {
  const out = [];
  for (let v = 0; mask >> v; v++) if (mask >> v & 1) out.push(v);
  return out;
}
