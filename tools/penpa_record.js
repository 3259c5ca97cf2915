// Asks Penpa+ itself (a local copy, run in headless Chromium) about boards, for
// tests/fixtures/penpa/recorded.json; tools/penpa_fixtures.py drives it.
//
// Usage: node tools/penpa_record.js PZPR_JS PENPA_INDEX_HTML < jobs.json > answers.json
//
// jobs.json is a list of {"genre", "rows"} (Penpa imports the board from the puzz.link URL
// pzprjs writes for it, and its own edit URL is recorded) or {"read": URL} (Penpa opens a
// URL puzzlekit wrote, and what it then holds is recorded: size, numbers, symbols, tags).
// Needs puppeteer-core (npm) and Chromium; every request but file:// is refused.
"use strict";
const pzpr = require(process.argv[2]);
const puppeteer = require("puppeteer-core");
const INDEX = "file://" + require("path").resolve(process.argv[3]);
const PIDS = { slitherlink: "slither", hashiwokakero: "hashikake", masyu: "mashu" };

function puzzlink(job) {
  const rows = job.rows.length, cols = job.rows[0].length;
  const puzzle = new pzpr.Puzzle();
  puzzle.open(`${PIDS[job.genre]}/${cols}/${rows}`);
  job.rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const cell = puzzle.board.cell[r * cols + c];
    if (ch === ".") return;
    if (job.genre === "masyu") cell.qnum = ch === "W" ? 1 : 2;
    else cell.qnum = ch === "?" ? -2 : Number(ch);
  }));
  const url = puzzle.getURL();
  return "https://puzz.link/p?" + url.slice(url.indexOf("?") + 1);
}

(async () => {
  const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--allow-file-access-from-files", "--disable-gpu"],
  });
  const answers = [];
  for (const job of jobs) {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on("request", (r) => (r.url().startsWith("file:") || r.url().startsWith("data:") ? r.continue() : r.abort()));
    let answer = null;
    try {
      const source = job.read === undefined ? puzzlink(job) : null;
      const hash = source ? `#m=edit&p=${source}` : job.read.slice(job.read.indexOf("#"));
      await page.goto(INDEX + hash, { waitUntil: "load" });
      await page.waitForFunction(() => typeof pu !== "undefined" && pu && pu.nx > 0, { timeout: 30000 });
      await new Promise((r) => setTimeout(r, 300));
      answer = await page.evaluate((make) => {
        if (make) { const url = pu.maketext(); return { penpa: url.slice(url.indexOf("#")) }; }
        return {
          nx: pu.nx, ny: pu.ny, space: pu.space, number: pu.pu_q.number, symbol: pu.pu_q.symbol, tags: pu.user_tags,
          title: document.getElementById("saveinfotitle").value, author: document.getElementById("saveinfoauthor").value,
        };
      }, !!source);
      if (source) answer.puzzlink = source;
    } catch (e) {
      process.stderr.write(`${JSON.stringify(job).slice(0, 80)}: ${e.message}\n`);
    }
    answers.push(answer);
    await page.close();
  }
  await browser.close();
  process.stdout.write(JSON.stringify(answers) + "\n");
})().catch((e) => { console.error(e); process.exit(1); });
