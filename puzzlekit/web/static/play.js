// puzzlekit play: the page knows no genre. The server draws the board with every
// markable place tagged data-place="VAR" and says which marks each place cycles
// through; this script only keeps the marks, the history and the timer, and asks
// the server to check and redraw after every move. DOM contract: see docs/play.md.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const STORE = "puzzlekit:";
  const LONG_PRESS_MS = 500;

  let genres = [];
  let game = null; // {board, state, undo, redo, elapsed, solved, shown, query}
  let focus = null; // the focused place's variable
  let hinted = []; // variables the last hint highlighted, until the next move
  let reads = []; // the places that hint's rule looked at
  let seq = 0; // the newest check request; older answers are dropped
  let drag = null; // {mark, entry, seen}
  let pending = null; // a touch that may become a long press
  let placesLayer = null; // the board's data-place polygons, kept from the first drawing

  function show(svg) {
    // Redraws come without the place polygons (they never change): put the kept ones back.
    const board = $("board");
    board.innerHTML = svg;
    const drawn = board.querySelector("svg");
    if (drawn && placesLayer && !drawn.querySelector("g.places")) drawn.appendChild(placesLayer.cloneNode(true));
  }

  async function api(path, body) {
    const init = body === undefined ? {} : {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
    };
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({error: `the server answered ${response.status}`}));
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    return data;
  }

  function say(text, kind) {
    const m = $("message");
    m.textContent = text || "";
    m.className = kind || "";
  }

  function localDate() {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }

  // -- choosing a puzzle -------------------------------------------------------------

  function fillGenres(selected) {
    const select = $("genre");
    select.innerHTML = "";
    for (const g of genres.filter((g) => g.playable)) {
      const option = new Option(g.name, g.name, false, g.name === selected);
      select.add(option);
    }
    fillDifficulties();
  }

  function fillDifficulties() {
    const g = genres.find((g) => g.name === $("genre").value);
    const select = $("difficulty");
    select.innerHTML = "";
    for (const d of (g && g.difficulties) || []) select.add(new Option(d, d, false, d === "medium"));
    const makes = select.options.length > 0;
    select.disabled = !makes;
    $("size").disabled = !makes;
    $("seed").disabled = !makes;
    $("generate").disabled = !makes;
  }

  function showSize(size) {
    // The new-puzzle menu starts at the open board's size (a 9x9 Sudoku, not 7x7).
    const select = $("size");
    if (![...select.options].some((o) => o.value === size)) select.add(new Option(size, size));
    select.value = size;
  }

  function genreName(name) {
    const g = genres.find((g) => g.name === name || g.aliases.includes(name));
    return g ? g.name : name;
  }

  async function open(query) {
    const q = new URLSearchParams(query);
    const genre = q.get("genre") ? genreName(q.get("genre")) : $("genre").value;
    say("");
    try {
      let board;
      if (q.has("p")) {
        board = await api("/api/load", {source: q.get("p"), genre: genre || null});
      } else if (q.has("seed")) {
        board = await api("/api/generate", {
          genre, size: q.get("size") || "7x7", difficulty: q.get("difficulty") || "medium", seed: q.get("seed"),
        });
      } else {
        const date = q.get("daily") || localDate();
        board = await api(`/api/daily?genre=${encodeURIComponent(genre)}&date=${encodeURIComponent(date)}`);
        q.set("daily", date);
      }
      q.set("genre", board.genre);
      if (q.has("p")) {
        q.set("p", board.link);
        // A URL carries no title: keep the file's in the link, or take the link's back.
        if (board.title !== `${board.genre} ${board.size}`) q.set("title", board.title);
        else if (q.get("title")) board.title = q.get("title");
      }
      start(board, q.toString());
    } catch (err) {
      say(err.message, "error");
      if (!game) $("title").textContent = "No puzzle";
    }
  }

  // -- the game ------------------------------------------------------------------------

  function start(board, query) {
    const saved = load(board);
    game = {
      board,
      state: board.state.slice(),
      undo: [],
      redo: [],
      elapsed: 0,
      solved: false,
      shown: false,
      query,
      marks: new Map(board.places.map((p) => [p.var, p])),
      centres: new Map(),
    };
    if (saved) Object.assign(game, saved);
    history.replaceState(null, "", `?${query}`);
    $("link").href = `?${query}`;
    const named = board.title && board.title !== `${board.genre} ${board.size}` ? `${board.title} · ` : "";
    const dated = board.date && !named.includes(board.date) ? ` · ${board.date}` : "";
    $("title").textContent = `${named}${board.genre} ${board.size}${dated}`;
    $("genre").value = board.genre;
    fillDifficulties();
    showSize(board.size);
    const kinds = $("kind");
    kinds.innerHTML = "";
    for (const k of board.kinds.filter((k) => k === "ascii" || k === "pzpr")) {
      kinds.add(new Option(k === "ascii" ? "puzzlekit state" : "pzprjs file", k));
    }
    const el = $("board");
    el.dataset.key = board.key;
    el.innerHTML = board.svg;
    placesLayer = el.querySelector("g.places");
    measure();
    focus = focus !== null && game.marks.has(focus) ? focus : firstPlace();
    hinted = [];
    showSolved();
    decorate();
    refresh();
  }

  function measure() {
    // The centre of each place's polygon, in the drawing's own units, for arrow keys.
    for (const node of $("board").querySelectorAll("[data-place]")) {
      const pts = (node.getAttribute("points") || "").trim().split(/\s+/).map((p) => p.split(",").map(Number));
      if (!pts.length || pts.some((p) => p.length !== 2)) continue;
      const x = pts.reduce((s, p) => s + p[0], 0) / pts.length;
      const y = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      game.centres.set(Number(node.dataset.place), [x, y]);
    }
  }

  function firstPlace() {
    let best = null;
    let score = Infinity;
    for (const [v, [x, y]] of game.centres) {
      if (x + y < score) { score = x + y; best = v; }
    }
    return best;
  }

  function key() { return STORE + game.board.key; }

  function load(board) {
    try {
      const saved = JSON.parse(localStorage.getItem(STORE + board.key) || "null");
      if (!saved || !Array.isArray(saved.state) || saved.state.length !== board.state.length) return null;
      return {
        state: saved.state, undo: saved.undo || [], redo: saved.redo || [], elapsed: saved.elapsed || 0,
        solved: !!saved.solved, shown: !!saved.shown,
      };
    } catch (err) {
      return null;
    }
  }

  function save() {
    if (!game) return;
    const {state, undo, redo, elapsed, solved, shown} = game;
    try {
      localStorage.setItem(key(), JSON.stringify({state, undo, redo, elapsed, solved, shown}));
    } catch (err) {
      say("this browser would not keep the attempt (storage is full or off)", "error");
    }
  }

  // -- moves -------------------------------------------------------------------------

  function cycled(v, dir) {
    const marks = game.marks.get(v).marks;
    const i = Math.max(0, marks.indexOf(game.state[v]));
    return marks[(i + dir + marks.length) % marks.length];
  }

  function apply(entry) {
    if (!entry.length) return;
    game.undo.push(entry);
    game.redo = [];
    changed();
  }

  function changed() {
    hinted = [];
    reads = [];
    save();
    refresh();
  }

  function cycle(v, dir) {
    if (!game || !game.marks.has(v)) return;
    const mark = cycled(v, dir);
    const entry = [[v, game.state[v], mark]];
    game.state[v] = mark;
    apply(entry);
  }

  function setValue(v, value) {
    // A digit key gives the focused place that value (a Sudoku digit, a bridge count),
    // when its marks have it: the mark whose domain holds that value alone.
    const mark = 1 << value;
    if (!game.marks.has(v) || !game.marks.get(v).marks.includes(mark) || game.state[v] === mark) return;
    const entry = [[v, game.state[v], mark]];
    game.state[v] = mark;
    apply(entry);
  }

  function setAll(target) {
    const entry = [];
    target.forEach((mark, v) => {
      if (game.state[v] !== mark) { entry.push([v, game.state[v], mark]); game.state[v] = mark; }
    });
    apply(entry);
  }

  function undo() {
    const entry = game && game.undo.pop();
    if (!entry) return;
    for (let i = entry.length - 1; i >= 0; i--) game.state[entry[i][0]] = entry[i][1];
    game.redo.push(entry);
    changed();
  }

  function redo() {
    const entry = game && game.redo.pop();
    if (!entry) return;
    for (const [v, , mark] of entry) game.state[v] = mark;
    game.undo.push(entry);
    changed();
  }

  // -- drawing and checking ------------------------------------------------------------

  async function refresh() {
    const mine = ++seq;
    $("board").dataset.version = String(mine);
    const live = $("live").checked;
    try {
      const out = await api("/api/check", {
        genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, svg: true, hint: hinted,
        violations: live, places: false,
      });
      if (mine !== seq) return;
      show(out.svg);
      const status = out.status === "wrong" && !live ? "playing" : out.status;
      setStatus(status, live ? out.violations : []);
      $("board").dataset.drawn = String(mine); // the drawing shows every move so far
    } catch (err) {
      if (mine === seq) say(err.message, "error");
    }
  }

  function setStatus(status, violations) {
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
    if (solved && !game.solved) { game.solved = true; save(); }
    if (!solved && game.solved) { game.solved = false; game.shown = false; save(); }
    showSolved();
    decorate();
  }

  function showSolved() {
    $("solved").hidden = !game.solved;
    $("solved-time").textContent = game.shown ? "(solution shown)" : `in ${clock(game.elapsed)}`;
  }

  function decorate() {
    const el = $("board");
    const svg = el.querySelector("svg");
    if (svg) {
      const width = Number(svg.getAttribute("width")) || 400;
      svg.style.width = `${Math.round(Math.min(720, Math.max(width * 1.6, 320)))}px`;
    }
    for (const node of el.querySelectorAll("[data-place]")) {
      const v = Number(node.dataset.place);
      node.classList.toggle("focus", v === focus);
      node.classList.toggle("hinted", hinted.includes(v));
      node.classList.toggle("read", reads.includes(v));
      const p = game.marks.get(v);
      if (p) node.setAttribute("aria-label", p.name);
      node.dataset.mark = String(game.state[v]);
    }
    el.dataset.focus = focus === null ? "" : String(focus);
  }

  async function check() {
    const out = await api("/api/check", {
      genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, svg: true, hint: hinted, places: false,
    });
    show(out.svg);
    setStatus(out.status, out.violations);
    if (out.status === "playing") say("nothing is wrong so far", "hint");
  }

  async function hint() {
    try {
      const out = await api("/api/hint", {
        genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, places: false,
      });
      hinted = out.variable === null ? [] : [out.variable];
      reads = out.reads.map((r) => r.variable).filter((v) => v !== out.variable);
      if (out.variable !== null) focus = out.variable;
      show(out.svg);
      decorate();
      const head = {deduction: "Hint", mistake: "Mistake", solved: "Solved", search: "Stuck"}[out.kind];
      say(`${head}: ${out.text}`, out.kind === "mistake" ? "error" : "hint");
    } catch (err) {
      say(err.message, "error");
    }
  }

  async function showSolution() {
    try {
      const out = await api("/api/solve", {genre: game.board.genre, puzzle: game.board.puzzle});
      if (!out.state) { say(`no single solution: the puzzle is ${out.status}`, "error"); return; }
      game.shown = true;
      setAll(out.state);
      say("the solution is shown; Undo takes it back", "hint");
    } catch (err) {
      say(err.message, "error");
    }
  }

  async function exportAttempt() {
    try {
      const kind = $("kind").value || "ascii";
      const out = await api("/api/export", {genre: game.board.genre, puzzle: game.board.puzzle, state: game.state, kind});
      const url = URL.createObjectURL(new Blob([out.text], {type: "text/plain"}));
      const a = document.createElement("a");
      a.href = url;
      a.download = out.filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      say(`exported as ${out.filename}`, "hint");
    } catch (err) {
      say(err.message, "error");
    }
  }

  // -- pointer and keyboard ------------------------------------------------------------

  function placeAt(x, y) {
    const node = document.elementFromPoint(x, y);
    const place = node && node.closest && node.closest("[data-place]");
    return place ? Number(place.dataset.place) : null;
  }

  function beginDrag(v, dir) {
    const mark = cycled(v, dir);
    const entry = [[v, game.state[v], mark]];
    game.state[v] = mark;
    drag = {mark, entry, seen: new Set([v])};
    game.undo.push(entry);
    game.redo = [];
    changed();
  }

  function extendDrag(v) {
    if (v === null || drag.seen.has(v) || !game.marks.has(v)) return;
    drag.seen.add(v);
    if (!game.marks.get(v).marks.includes(drag.mark) || game.state[v] === drag.mark) return;
    drag.entry.push([v, game.state[v], drag.mark]);
    game.state[v] = drag.mark;
    changed();
  }

  function onPointerDown(e) {
    const v = placeAt(e.clientX, e.clientY);
    if (v === null || !game) return;
    e.preventDefault();
    $("board").focus({preventScroll: true});
    focus = v;
    line = null;
    if (e.pointerType === "touch") {
      pending = {v, timer: setTimeout(() => { pending = null; cycle(v, -1); }, LONG_PRESS_MS)};
      return;
    }
    beginDrag(v, e.button === 2 ? -1 : 1);
  }

  function onPointerMove(e) {
    if (pending) {
      const v = placeAt(e.clientX, e.clientY);
      if (v !== null && v !== pending.v) {
        clearTimeout(pending.timer);
        const first = pending.v;
        pending = null;
        beginDrag(first, 1);
        extendDrag(v);
      }
      return;
    }
    if (drag && e.buttons) extendDrag(placeAt(e.clientX, e.clientY));
  }

  function onPointerUp() {
    if (pending) {
      clearTimeout(pending.timer);
      const v = pending.v;
      pending = null;
      cycle(v, 1);
    }
    drag = null;
  }

  function step(from, dx, dy, line) {
    // The next place in the arrow's direction: within 45 degrees of it, nearest ahead,
    // keeping close to the line the moves along this axis started on (so a zigzag
    // through edges of two kinds does not drift off its row); ties go to the earlier place.
    const [fx, fy] = game.centres.get(from) || [0, 0];
    let best = null;
    let score = Infinity;
    for (const wide of [false, true]) {
      for (const [v, [x, y]] of game.centres) {
        const along = (x - fx) * dx + (y - fy) * dy;
        const across = Math.abs((x - fx) * dy - (y - fy) * dx);
        if (along <= 0.5 || (!wide && across > along)) continue;
        const off = Math.abs(dx ? y - line : x - line);
        const s = wide ? along + 2 * across : along + 0.5 * off;
        if (s < score - 1e-9) { score = s; best = v; }
      }
      if (best !== null) break;
    }
    return best;
  }

  let line = null; // {axis, at}: the row or column the current run of arrow moves keeps to

  function moveFocus(dx, dy) {
    if (focus === null) { focus = firstPlace(); decorate(); return; }
    const axis = dx ? "h" : "v";
    const [fx, fy] = game.centres.get(focus) || [0, 0];
    if (!line || line.axis !== axis) line = {axis, at: dx ? fy : fx};
    const next = step(focus, dx, dy, line.at);
    if (next !== null) { focus = next; decorate(); }
  }

  function onKey(e) {
    if (!game) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    let done = true;
    if (!moves[e.key]) line = null; // a run of arrow moves ends with any other key
    if (moves[e.key]) moveFocus(...moves[e.key]);
    else if ((e.key === "Enter" || e.key === " ") && focus !== null) cycle(focus, e.shiftKey ? -1 : 1);
    else if (!ctrl && /^[0-9]$/.test(e.key) && focus !== null) setValue(focus, Number(e.key));
    else if ((e.key === "Backspace" || e.key === "Delete") && focus !== null) {
      const blank = game.marks.get(focus).marks[0];
      if (game.state[focus] !== blank) {
        const entry = [[focus, game.state[focus], blank]];
        game.state[focus] = blank;
        apply(entry);
      }
    } else if (ctrl && (e.key === "z" || e.key === "Z")) (e.shiftKey ? redo : undo)();
    else if (ctrl && (e.key === "y" || e.key === "Y")) redo();
    else if (!ctrl && (e.key === "h" || e.key === "H")) hint();
    else done = false;
    if (done) e.preventDefault();
  }

  // -- timer -----------------------------------------------------------------------------

  function clock(seconds) {
    const m = Math.floor(seconds / 60);
    const s = String(seconds % 60).padStart(2, "0");
    return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function tick() {
    if (!game) return;
    if (!game.solved && document.visibilityState === "visible") {
      game.elapsed += 1;
      if (game.elapsed % 5 === 0) save();
    }
    $("timer").textContent = clock(game.elapsed);
  }

  // -- wiring ----------------------------------------------------------------------------

  async function boot() {
    const board = $("board");
    board.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerUp);
    board.addEventListener("contextmenu", (e) => e.preventDefault());
    board.addEventListener("keydown", onKey);
    $("undo").onclick = undo;
    $("redo").onclick = redo;
    $("clear").onclick = () => game && setAll(game.board.state);
    $("restart").onclick = () => {
      if (!game) return;
      localStorage.removeItem(key());
      start(game.board, game.query);
    };
    $("hint").onclick = hint;
    $("check").onclick = () => game && check().catch((err) => say(err.message, "error"));
    $("solution").onclick = showSolution;
    $("export").onclick = exportAttempt;
    $("live").onchange = () => game && refresh();
    $("genre").onchange = fillDifficulties;
    $("new").onsubmit = (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim() || Math.random().toString(36).slice(2, 10);
      const q = new URLSearchParams({genre: $("genre").value, size: $("size").value, difficulty: $("difficulty").value, seed});
      open(q.toString());
    };
    $("today").onclick = () => open(new URLSearchParams({genre: $("genre").value}).toString());
    $("open").onsubmit = async (e) => {
      e.preventDefault();
      const source = $("source").value.trim();
      if (!source) return;
      try {
        const found = await api("/api/load", {source});
        start(found, new URLSearchParams({genre: found.genre, p: found.link}).toString());
      } catch (err) {
        open(new URLSearchParams({genre: $("genre").value, p: source}).toString());
      }
    };
    setInterval(tick, 1000);
    try {
      genres = await api("/api/genres");
    } catch (err) {
      say(err.message, "error");
      return;
    }
    const q = new URLSearchParams(location.search);
    fillGenres(q.get("genre") ? genreName(q.get("genre")) : "slitherlink");
    await open(location.search);
  }

  document.addEventListener("DOMContentLoaded", boot);
})();
