// Records what pzprjs writes for seeded random boards, as tests/fixtures/pzprjs/recorded.json:
// each board's URL, pzprv3 file, and the Kanpen (pencilbox) text and XML files pzprjs also writes.
//
// Usage: node tools/pzprjs_record.js PATH/TO/pzpr.js > tests/fixtures/pzprjs/recorded.json
//
// PATH is a pzprjs module (`npm install pzpr` gives one under node_modules/pzpr).  The boards
// are made here, cell by cell, with pzprjs's own board objects; pzprjs then writes each as a
// URL and as a file.  puzzlekit's tests read the boards' rows, write them with puzzlekit's
// encoders and compare byte for byte, and decode pzprjs's output back to the same rows.
"use strict";
const pzpr = require(process.argv[2]);

let seed = 20261201;
function random() {  // mulberry32: the same boards on every machine
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n) => Math.floor(random() * n);

const SIZES = [[1, 1], [3, 1], [1, 4], [2, 2], [3, 3], [4, 4], [5, 5], [7, 4], [4, 9], [10, 10], [20, 3], [25, 25], [31, 2]];
const DENSITIES = [0.05, 0.2, 0.5, 0.9];

function record(genre, pid, cols, rows, density, flag, marks) {
  const puzzle = new pzpr.Puzzle();
  puzzle.open(`${pid}/${cols}/${rows}`);
  if (pid === "slither") puzzle.setConfig("slither_full", flag === "f");  // the loop passes every dot
  const cells = puzzle.board.cell;
  const out = [];
  let islands = 0;
  for (let r = 0; r < rows; r++) {
    let row = "";
    for (let c = 0; c < cols; c++) {
      const cell = cells[r * cols + c];
      if (random() >= density) { row += "."; continue; }
      if (genre === "slitherlink") {
        cell.qnum = pick(4);
        row += String(cell.qnum);
      } else {
        cell.qnum = random() < 0.1 ? -2 : 1 + pick(8);
        row += cell.qnum === -2 ? "?" : String(cell.qnum);
        islands++;
      }
    }
    out.push(row);
  }
  if (genre === "hashiwokakero" && islands === 0) {
    cells[0].qnum = 1 + pick(8);
    out[0] = String(cells[0].qnum) + out[0].slice(1);
  }
  if (marks && genre === "hashiwokakero") bridges(puzzle, cols, rows);
  else if (marks) {
    for (let i = 0; i < puzzle.board.border.length; i++) {
      const mark = pick(3);
      if (mark === 1) puzzle.board.border[i].line = 1;
      if (mark === 2) puzzle.board.border[i].qsub = 2;
    }
  }
  const url = puzzle.getURL();
  return { genre, rows: out, flags: flag === "f" ? "full" : "", marks: !!marks, url: url.slice(url.indexOf("?") + 1), file: puzzle.getFileData(),
    kanpen: puzzle.getFileData(pzpr.parser.FILE_PBOX), xml: puzzle.getFileData(pzpr.parser.FILE_PBOX_XML) };
}

function bridges(puzzle, cols, rows) {
  // Random bridges between islands that see each other, none crossing: drawn on every
  // border along the way, as pzprjs stores them.
  const bd = puzzle.board, island = (c, r) => bd.cell[r * cols + c].qnum !== -1;
  const used = new Set();
  for (const [dc, dr] of [[1, 0], [0, 1]]) {
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      if (!island(c, r)) continue;
      let c2 = c + dc, r2 = r + dr; const path = [];
      while (c2 < cols && r2 < rows && !island(c2, r2)) { path.push(r2 * cols + c2); c2 += dc; r2 += dr; }
      if (c2 >= cols || r2 >= rows) continue;
      const n = pick(3);
      if (!n || path.some((cell) => used.has(cell))) continue;
      path.forEach((cell) => used.add(cell));
      for (let k = 0, x = c, y = r; k <= path.length; k++, x += dc, y += dr) {
        bd.getb(2 * x + 1 + dc, 2 * y + 1 + dr).line = n;
      }
    }
  }
}

const boards = [];
for (const [cols, rows] of SIZES) {
  for (const density of DENSITIES) {
    boards.push(record("slitherlink", "slither", cols, rows, density, "", false));
    boards.push(record("hashiwokakero", "hashikake", cols, rows, density, "", false));
  }
  boards.push(record("slitherlink", "slither", cols, rows, 0.3, "f", false));
  boards.push(record("slitherlink", "slither", cols, rows, 0.3, "", true));
  boards.push(record("hashiwokakero", "hashikake", cols, rows, 0.3, "", true));
}
const version = pzpr.version || "?";
process.stdout.write(JSON.stringify({ pzprjs: version, boards }, null, 1) + "\n");
