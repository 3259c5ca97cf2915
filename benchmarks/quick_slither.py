import sys, time, statistics
sys.path.insert(0, "benchmarks")
import corpus, puzzlekit
entries = corpus.janko_slither()
if len(sys.argv) > 1:
    entries = entries[int(sys.argv[1]):int(sys.argv[2])]
times = []; bad = 0; nodes = []; rungs = {}
for e in entries:
    t = time.perf_counter()
    r = puzzlekit.solve("slitherlink", e.text, timeout=30)
    dt = time.perf_counter() - t
    times.append(dt); nodes.append(r.stats.nodes)
    rungs[r.stats.rung_name] = rungs.get(r.stats.rung_name, 0) + 1
    ok = r.status.value == e.expect
    if ok and e.solution and r.status.value == "unique":
        R = len(e.rows); C = len(e.rows[0])
        ok = list(r.solutions[0].values) == corpus.lattice_lines(e.solution, R, C)
    if not ok:
        bad += 1; print("WRONG", e.key, r.status, e.expect)
    if dt > 1: print(f"slow {e.key} {dt:.2f}s nodes={r.stats.nodes} {r.stats.rung_name}")
print(f"n={len(times)} bad={bad} median={statistics.median(times)*1000:.1f}ms max={max(times):.2f}s total={sum(times):.1f}s nodes_med={statistics.median(nodes)} max_nodes={max(nodes)} rungs={rungs}")
