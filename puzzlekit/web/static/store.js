// What the browser keeps in localStorage: attempts (by the puzzle's key), the daily
// puzzles solved (for the archive), the editor's draft, and the menus' last choices.
const STORE = "puzzlekit:";

function read(name) {
  try {
    return JSON.parse(localStorage.getItem(STORE + name) || "null");
  } catch (err) {
    return null;
  }
}

function write(name, value) {
  try {
    localStorage.setItem(STORE + name, JSON.stringify(value));
    return true;
  } catch (err) {
    return false;
  }
}

export function loadAttempt(key, length) {
  const saved = read(key);
  if (!saved || !Array.isArray(saved.state) || saved.state.length !== length) return null;
  return {
    state: saved.state, undo: saved.undo || [], redo: saved.redo || [], elapsed: saved.elapsed || 0,
    solved: !!saved.solved, shown: !!saved.shown, notes: saved.notes || {},
  };
}

export function saveAttempt(key, game) {
  const {state, undo, redo, elapsed, solved, shown, notes} = game;
  return write(key, {state, undo, redo, elapsed, solved, shown, notes});
}

export function forgetAttempt(key) {
  try { localStorage.removeItem(STORE + key); } catch (err) { /* storage off: nothing kept */ }
}

export function dailyDone(genre, date) { return read(`daily:${genre}:${date}`); }
export function markDaily(genre, date, elapsed, shown) { write(`daily:${genre}:${date}`, {elapsed, shown}); }

export function pref(name, fallback) { const v = read(`pref:${name}`); return v === null ? fallback : v; }
export function setPref(name, value) { write(`pref:${name}`, value); }

export function loadDraft(genre) { return read(`draft:${genre}`); }
export function saveDraft(genre, draft) { write(`draft:${genre}`, draft); }
