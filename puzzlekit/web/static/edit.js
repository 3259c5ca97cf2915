// The setter's editor: clicks place and remove clues at the genre's clue spots
// (data-clue="I"); after every change the server says, within a second, whether the
// draft is unique, has several solutions (where two differ is marked) or none, the
// rung it needs and its difficulty, and what the analyzer advises. A genre with given
// regions has a wall spot (class "wall") on every edge between two cells; a drag from one
// draws (or takes away) every wall it crosses; the arrow keys walk the cell spots (the
// walls when a genre has no others) and Shift+arrow draws the wall on that side. Undo and redo;
// export as level text, a puzz.link URL, a pzprjs file, Penpa+ or janko.
import {$, api} from "./api.js";
import {S, fillSizes, genreInfo, open, say} from "./play.js";
import {digitTyped, moveFocus, resetTyped} from "./input.js";
import * as store from "./store.js";
import {measureSpots, newBoard, show, spotAt, view} from "./view.js";

const VERDICT_DELAY_MS = 120;
const KIND_NAMES = {ascii: "level text", url: "puzz.link URL", pzpr: "pzprjs file", penpa: "Penpa+ URL",
                    janko: "janko.at text", tatham: "Tatham game ID"};

function wallSpots() {
  return new Set([...$("board").querySelectorAll("[data-clue].wall")].map((node) => Number(node.dataset.clue)));
}

function sizeMenu(size) {
  // The size menu shows the open board's size, offered too when the genre's list lacks it.
  const sizes = $("edit-size");
  if (!size) return;
  if (![...sizes.options].some((o) => o.value === size)) sizes.add(new Option(size, size));
  sizes.value = size;
}

export const editor = {
  draft: null, // {genre, puzzle, spots, kinds, undo, redo}
  focus: 0,
  walls: new Set(), // the wall spots of the draft's drawing
  version: 0,
  judged: null, // the last verdict
  timer: null,

  wire() {
    $("edit-blank").addEventListener("click", () => this.blank());
    $("play-draft").addEventListener("click", () => this.playDraft());
    $("edit-export").addEventListener("click", () => this.exportDraft());
    $("apply-advice").addEventListener("click", () => this.applyAdvice());
  },

  async enter() {
    const game = S.game;
    const genre = game ? game.board.genre : $("genre").value;
    const q = new URLSearchParams({edit: "1", genre});
    if (game) q.set("p", game.board.puzzle);
    await this.openFromQuery(q, true);
  },

  async openFromQuery(q, push) {
    const genre = q.get("genre") || $("genre").value;
    const g = genreInfo(genre);
    if (!g || !g.editable) {
      say(`${g ? g.title : genre} puzzles cannot be edited here (the genre has no clue spots nor regions)`, "error");
      return;
    }
    try {
      const body = q.has("p") ? {genre: g.name, puzzle: q.get("p")} : {genre: g.name, size: q.get("size") || g.daily_size};
      const out = await api("/api/edit/open", body);
      const saved = store.loadDraft(g.name);
      const history = saved && saved.puzzle === out.puzzle ? saved : {undo: [], redo: []};
      this.draft = {genre: g.name, puzzle: out.puzzle, spots: out.spots, kinds: out.kinds,
                    undo: history.undo || [], redo: history.redo || []};
      this.switchTo(g, push);
      this.showDraft(out, true);
    } catch (err) {
      say(err.message, "error");
    }
  },

  switchTo(g, push) {
    S.mode = "edit";
    const board = $("board");
    board.dataset.mode = "edit";
    board.dataset.status = "playing";
    $("edit").setAttribute("aria-pressed", "true");
    $("editor").hidden = false;
    for (const el of document.querySelectorAll(".play-only")) el.dataset.wasHidden = el.hidden ? "1" : "";
    for (const el of document.querySelectorAll(".play-only, #solved, #violations")) el.hidden = true;
    $("title").textContent = `Setting a ${g.title}`;
    $("genre").value = g.name;
    const sizes = $("edit-size");
    sizes.innerHTML = "";
    const offered = [...new Set([...(g.sizes || []).map((s) => s.size), g.daily_size])];
    for (const s of offered.length ? offered : ["5x5", "7x7", "10x10"]) sizes.add(new Option(s, s, false, s === g.daily_size));
    const kinds = $("edit-kind");
    kinds.innerHTML = "";
    for (const k of this.draft.kinds) kinds.add(new Option(KIND_NAMES[k] || k, k));
    $("edit-output").hidden = true;
    say("");
    this.url(push);
  },

  leave() {
    if (S.mode !== "edit") return;
    S.mode = "play";
    clearTimeout(this.timer);
    const board = $("board");
    board.dataset.mode = "play";
    delete board.dataset.verdict;
    $("edit").setAttribute("aria-pressed", "false");
    $("editor").hidden = true;
    for (const el of document.querySelectorAll(".play-only")) el.hidden = el.dataset.wasHidden === "1";
    $("violations").hidden = false;
  },

  backToPlay() {
    // Edit off: back to the puzzle being played (Play this puzzle plays the draft).
    this.leave();
    if (S.game) open(S.game.query);
    else open(new URLSearchParams({genre: this.draft.genre}).toString());
  },

  url(push) {
    const q = new URLSearchParams({edit: "1", genre: this.draft.genre, p: this.draft.puzzle});
    if (push) history.pushState(null, "", `?${q}`);
    else history.replaceState(null, "", `?${q}`);
  },

  showDraft(out, fresh) {
    const d = this.draft;
    const resized = d.size !== out.size;
    d.puzzle = out.puzzle;
    d.spots = out.spots;
    d.size = out.size;
    if (fresh || resized) newBoard(out.svg);
    else show(out.svg, false);
    measureSpots();
    this.walls = wallSpots();
    $("subtitle").textContent = out.size;
    if (fresh || resized) { sizeMenu(out.size); fillSizes(out.size); } // the menus show the open board's size
    this.focus = Math.min(this.focus, d.spots.length - 1);
    if (fresh || resized) this.focus = Math.max(0, d.spots.findIndex((_, i) => !this.walls.has(i))); // the first cell spot
    this.version += 1;
    const board = $("board");
    board.dataset.version = String(this.version);
    board.dataset.verdict = "unknown";
    $("verdict").textContent = "Solving…";
    $("verdict").className = "";
    $("advice").textContent = "";
    $("apply-advice").hidden = true;
    store.saveDraft(d.genre, {puzzle: d.puzzle, undo: d.undo.slice(-100), redo: d.redo.slice(-100)});
    this.url(false);
    this.decorate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.judge(), VERDICT_DELAY_MS);
  },

  decorate(found) {
    const board = $("board");
    for (const node of board.querySelectorAll("[data-clue]")) {
      const i = Number(node.dataset.clue);
      node.classList.toggle("focus", i === this.focus);
      const spot = this.draft.spots[i];
      if (spot) node.dataset.value = spot.value === null ? "" : String(spot.value);
      if (found) {
        node.classList.toggle("suggested", found.advice.add.some((c) => c.spot === i));
        node.classList.toggle("conflict", found.advice.contradiction.some((c) => c.spot === i));
      }
    }
    if (found) {
      const differs = new Set(found.differences);
      for (const node of board.querySelectorAll("[data-place]")) {
        node.classList.toggle("differs", differs.has(Number(node.dataset.place)));
      }
    }
    board.dataset.focus = String(this.focus);
  },

  async judge() {
    const d = this.draft;
    const mine = this.version;
    try {
      const found = await api("/api/edit/verdict", {genre: d.genre, puzzle: d.puzzle});
      if (mine !== this.version || S.mode !== "edit") return;
      this.judged = found;
      show(found.svg, false);
      measureSpots();
      const board = $("board");
      board.dataset.verdict = found.verdict;
      board.dataset.judged = String(mine);
      const words = {unique: "Unique", multiple: "Several solutions", none: "No solution", unknown: "Not decided in time",
                     invalid: "Not a puzzle yet"};
      const grade = found.verdict === "unique" && found.difficulty ? ` · ${found.difficulty} (${found.rung_name})` : "";
      $("verdict").textContent = `${words[found.verdict]}${grade}`;
      $("verdict").className = found.verdict;
      $("advice").textContent = found.advice.text;
      $("apply-advice").hidden = !found.advice.add.length || found.advice.add.some((c) => c.spot === null);
      this.decorate(found);
    } catch (err) {
      if (mine === this.version) {
        $("verdict").textContent = "";
        say(err.message, "error");
      }
    }
  },

  enqueue(work) {
    // Changes go to the server one after another, each on the draft the last one made;
    // #board[data-pending] counts those not answered yet.
    const board = $("board");
    this.pending = (this.pending || 0) + 1;
    board.dataset.pending = String(this.pending);
    this.queue = (this.queue || Promise.resolve()).then(work).finally(() => {
      this.pending -= 1;
      board.dataset.pending = String(this.pending);
    });
    return this.queue;
  },

  change(changes) {
    return this.enqueue(() => this.changeNow(changes));
  },

  async changeNow(changes) {
    const d = this.draft;
    try {
      const out = await api("/api/edit/change", {genre: d.genre, puzzle: d.puzzle, changes});
      if (out.puzzle === d.puzzle || d !== this.draft) return;
      d.undo.push(d.puzzle);
      d.redo = [];
      say("");
      this.showDraft(out);
    } catch (err) {
      say(err.message, "error");
    }
  },

  async reopen(text) {
    const out = await api("/api/edit/open", {genre: this.draft.genre, puzzle: text});
    this.showDraft(out);
  },

  undo() {
    this.enqueue(() => {
      const d = this.draft;
      if (!d || !d.undo.length) return undefined;
      d.redo.push(d.puzzle);
      return this.reopen(d.undo.pop()).catch((err) => say(err.message, "error"));
    });
  },

  redo() {
    this.enqueue(() => {
      const d = this.draft;
      if (!d || !d.redo.length) return undefined;
      d.undo.push(d.puzzle);
      return this.reopen(d.redo.pop()).catch((err) => say(err.message, "error"));
    });
  },

  cycleSpot(i, dir) {
    // The next value after the one the spot will hold once the changes queued are made.
    this.enqueue(() => {
      const spot = this.draft.spots[i];
      if (!spot) return undefined;
      const at = Math.max(0, spot.values.indexOf(spot.value));
      const value = spot.values[(at + dir + spot.values.length) % spot.values.length];
      return this.changeNow([{spot: i, value}]);
    });
  },

  pointerDown(e) {
    const i = spotAt(e.clientX, e.clientY);
    if (i === null || !this.draft) return;
    e.preventDefault();
    $("board").focus({preventScroll: true});
    resetTyped();
    this.focus = i;
    const spot = this.draft.spots[i];
    if (this.walls.has(i) && spot) {
      // A drag from a wall spot gives every wall spot it crosses what the first one gets.
      this.wallDrag = {value: spot.value === null ? 1 : null, seen: new Set([i]), last: [e.clientX, e.clientY]};
    }
    this.cycleSpot(i, e.button === 2 ? -1 : 1);
  },

  pointerMove(e) {
    const drag = this.wallDrag;
    if (!drag || !(e.buttons || e.pointerType === "touch")) return;
    const [lx, ly] = drag.last;
    const step = Math.max(3, view.target * view.fit * view.zoom / 5);
    const n = Math.max(1, Math.ceil(Math.hypot(e.clientX - lx, e.clientY - ly) / step));
    for (let k = 1; k <= n; k++) {
      const i = spotAt(lx + (e.clientX - lx) * k / n, ly + (e.clientY - ly) * k / n);
      if (i === null || drag.seen.has(i) || !this.walls.has(i)) continue;
      drag.seen.add(i);
      this.focus = i;
      this.change([{spot: i, value: drag.value}]);
    }
    drag.last = [e.clientX, e.clientY];
  },

  pointerUp() {
    this.wallDrag = null;
  },

  key(e) {
    const moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    const ctrl = e.ctrlKey || e.metaKey;
    const spot = this.draft && this.draft.spots[this.focus];
    let done = true;
    if (!moves[e.key]) S.line = null;
    if (!/^[0-9]$/.test(e.key)) resetTyped();
    const beside = e.shiftKey && this.walls.size && !this.walls.has(this.focus); // on a wall: a move
    if (moves[e.key] && beside) this.wallBeside(...moves[e.key]);
    else if (moves[e.key]) { this.focus = moveFocus(this.walkable(), this.focus, ...moves[e.key]); this.decorate(); }
    else if ((e.key === "Enter" || e.key === " ") && spot) this.cycleSpot(this.focus, e.shiftKey ? -1 : 1);
    else if (!ctrl && /^[0-9]$/.test(e.key) && spot) {
      const big = Math.max(...spot.values.filter((v) => v !== null)) >= 9;
      const value = digitTyped(e.key, (n) => spot.values.includes(n) || big);
      this.change([{spot: this.focus, value}]);
    } else if ((e.key === "Backspace" || e.key === "Delete") && spot) this.change([{spot: this.focus, value: null}]);
    else if (ctrl && (e.key === "z" || e.key === "Z")) (e.shiftKey ? this.redo() : this.undo());
    else if (ctrl && (e.key === "y" || e.key === "Y")) this.redo();
    else done = false;
    if (done) e.preventDefault();
  },

  walkable() {
    // The spots the arrow keys walk: the cell spots (and the focused one, a wall a click
    // chose, to start from), or every spot when the genre has only walls (Star Battle).
    const cells = new Map([...view.spots].filter(([i]) => !this.walls.has(i) || i === this.focus));
    return cells.size > (this.walls.has(this.focus) ? 1 : 0) ? cells : view.spots;
  },

  wallBeside(dx, dy) {
    // Shift+arrow: the wall spot on that side of the focused cell spot drawn or taken away
    // (the nearest spot straight ahead, when it is a wall: none at the board's edge).
    const at = view.spots.get(this.focus);
    if (!at) return;
    let best = null;
    let near = Infinity;
    for (const [i, [x, y]] of view.spots) {
      const ahead = (x - at[0]) * dx + (y - at[1]) * dy;
      const across = Math.abs((x - at[0]) * dy - (y - at[1]) * dx);
      if (ahead > 0.5 && across < ahead / 2 && ahead < near) { best = i; near = ahead; }
    }
    if (best !== null && this.walls.has(best)) this.cycleSpot(best, 1);
  },

  async blank() {
    const d = this.draft;
    try {
      const out = await api("/api/edit/open", {genre: d.genre, size: $("edit-size").value});
      d.undo.push(d.puzzle);
      d.redo = [];
      this.showDraft(out, true);
    } catch (err) {
      say(err.message, "error");
    }
  },

  applyAdvice() {
    const found = this.judged;
    if (!found) return;
    this.change(found.advice.add.filter((c) => c.spot !== null).map((c) => ({spot: c.spot, value: c.value})));
  },

  playDraft() {
    const d = this.draft;
    this.leave();
    open(new URLSearchParams({genre: d.genre, p: d.puzzle}).toString(), {push: true});
  },

  async exportDraft() {
    const d = this.draft;
    try {
      const kind = $("edit-kind").value || "ascii";
      const out = await api("/api/export", {genre: d.genre, puzzle: d.puzzle, kind, marks: false});
      const box = $("edit-output");
      box.value = out.text;
      box.hidden = false;
      box.select();
    } catch (err) {
      say(err.message, "error");
    }
  },
};
