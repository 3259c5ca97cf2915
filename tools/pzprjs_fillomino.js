// Fillomino through pzprjs's own code, both ways.
//
//   node tools/pzprjs_fillomino.js PATH/TO/pzpr.js record > tests/fixtures/pzprjs/fillomino.json
//     seeded random boards (givens, and a player's numbers) made with pzprjs's board objects,
//     and the URL and pzprv3 file pzprjs writes for each;
//   node tools/pzprjs_fillomino.js PATH/TO/pzpr.js check < files.json
//     pzprjs's answer checker on each pzprv3 file of a JSON list: its verdict code per file
//     ("complete" when it accepts the answer).
"use strict";
const pzpr = require(process.argv[2]);

let seed = 20261202;
function random() {  // mulberry32: the same boards on every machine
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n) => Math.floor(random() * n);
const SIZES = [[1, 1], [3, 1], [2, 2], [4, 3], [5, 5], [7, 4], [10, 10], [12, 6]];

function record() {
  const out = [];
  for (const [cols, rows] of SIZES) {
    for (const density of [0.1, 0.4, 0.8]) {
      const puzzle = new pzpr.Puzzle();
      puzzle.open(`fillomino/${cols}/${rows}`);
      const givens = [], numbers = [];
      const cells = puzzle.board.cell;
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        const big = random() < 0.1;
        const g = random() < density ? 1 + pick(Math.min(big ? 20 : 9, cols * rows)) : -1;
        cell.qnum = g;
        givens.push(g > 0 ? g : 0);
        const n = g < 0 && random() < 0.5 ? 1 + pick(9) : -1;
        cell.anum = n;
        numbers.push(n > 0 ? n : 0);
      }
      out.push({ cols, rows, givens, numbers, url: puzzle.getURL(), file: puzzle.getFileData() });
    }
  }
  process.stdout.write("[\n" + out.map((b) => JSON.stringify(b)).join(",\n") + "\n]" + "\n");
}

function check() {
  const files = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const verdicts = files.map((text) => {
    const puzzle = new pzpr.Puzzle();
    puzzle.open(text);
    const result = puzzle.check(true);
    return result.complete ? "complete" : String(result[0] || result.text);
  });
  process.stdout.write(JSON.stringify(verdicts) + "\n");
}

(process.argv[3] === "check" ? check : record)();
