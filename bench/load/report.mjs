// Figures of `npm run bench:load`: percentiles per action, the memory samples, the goals
// (p95 under 200 ms per action, no errors, memory flat) and the markdown table printed at the end.

export const GOALS = { p95Ms: 200, errors: 0, memoryGrowth: 0.2 };

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const round1 = (n) => (n === null ? null : Math.round(n * 10) / 10);

/** Per action: count, errors, p50/p95/p99/max latency in ms, and the statuses seen. */
export function actionRows(recorder, seconds) {
  return [...recorder.actions]
    .map(([action, s]) => {
      const sorted = Float64Array.from(s.latencies).sort();
      return {
        action,
        count: s.count,
        perSecond: Math.round((s.count / seconds) * 10) / 10,
        errors: s.errors,
        retried: s.retried,
        p50: round1(percentile(sorted, 50)),
        p95: round1(percentile(sorted, 95)),
        p99: round1(percentile(sorted, 99)),
        max: round1(sorted.length ? sorted[sorted.length - 1] : null),
        statuses: s.statuses,
      };
    })
    .sort((a, b) => b.count - a.count);
}

/**
 * Memory per process: the first sample, the one at the end of warm-up, the last, and whether
 * the last is within the allowed growth of the warm-up one.
 */
export function memorySummary(samples, processes, warmupSeconds) {
  return processes.map((p) => {
    const series = samples.map((s) => ({ t: s.t, rss: s.rss[p.name] })).filter((s) => s.rss !== null);
    const start = series[0]?.rss ?? null;
    const warm = series.find((s) => s.t >= warmupSeconds)?.rss ?? series.at(-1)?.rss ?? null;
    const end = series.at(-1)?.rss ?? null;
    const peak = series.reduce((m, s) => Math.max(m, s.rss), 0) || null;
    const growth = warm && end ? (end - warm) / warm : null;
    return {
      process: p.name,
      pid: p.pid,
      startMiB: start,
      warmMiB: warm,
      endMiB: end,
      peakMiB: peak,
      growth: growth === null ? null : Math.round(growth * 1000) / 1000,
      flat: growth !== null && growth <= GOALS.memoryGrowth,
    };
  });
}

export function goals(rows, memory) {
  const slow = rows.filter((r) => r.p95 !== null && r.p95 >= GOALS.p95Ms).map((r) => r.action);
  const errors = rows.reduce((s, r) => s + r.errors, 0);
  const growing = memory.filter((m) => !m.flat).map((m) => m.process);
  return {
    p95: { ok: slow.length === 0, slow },
    errors: { ok: errors === GOALS.errors, count: errors },
    memory: { ok: growing.length === 0, growing },
  };
}

function table(head, right, rows) {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const cell = (c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]));
  const sep = widths.map((w, i) => (right[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w)));
  return [head.map(cell), sep, ...rows.map((r) => r.map(cell))].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

const num = (n, digits = 0) =>
  n === null || n === undefined
    ? "–"
    : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function markdown({ meta, rows, memory, verdict, errorSamples, serverOutput = {} }) {
  const out = [];
  out.push(
    `Load run ${meta.date.slice(0, 16).replace("T", " ")} UTC, commit ${meta.commit ?? "?"}: ${meta.members} members of one ` +
      `site for ${meta.seconds} s (think time ${meta.thinkMs[0] / 1000}–${meta.thinkMs[1] / 1000} s, ramp-up ` +
      `${meta.rampSeconds} s), ${meta.webProcesses} web + 1 worker process on PostgreSQL, ${meta.cores} cores ` +
      `(load average ${meta.loadAverageAtStart} at start, ${meta.loadAverageAtEnd} at end; the members' client used ` +
      `${meta.clientCpuPercentOfOneCore} % of one core).`,
  );
  out.push("");
  out.push(
    table(
      ["action", "count", "req/s", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms"],
      [false, true, true, true, true, true, true, true],
      [
        ...rows.map((r) => [
          r.action,
          num(r.count),
          num(r.perSecond, 1),
          num(r.errors),
          num(r.p50, 1),
          num(r.p95, 1),
          num(r.p99, 1),
          num(r.max, 0),
        ]),
        [
          "all actions",
          num(rows.reduce((n, r) => n + r.count, 0)),
          num(
            rows.reduce((n, r) => n + r.perSecond, 0),
            1,
          ),
          num(rows.reduce((n, r) => n + r.errors, 0)),
          "",
          "",
          "",
          "",
        ],
      ],
    ),
  );
  out.push("");
  out.push(
    table(
      ["process", "RSS start MiB", `RSS after warm-up (${meta.warmupSeconds} s)`, "RSS end MiB", "peak MiB", "growth"],
      [false, true, true, true, true, true],
      memory.map((m) => [
        m.process,
        num(m.startMiB, 1),
        num(m.warmMiB, 1),
        num(m.endMiB, 1),
        num(m.peakMiB, 1),
        m.growth === null ? "–" : `${m.growth >= 0 ? "+" : ""}${num(m.growth * 100, 1)} %`,
      ]),
    ),
  );
  out.push("");
  const mark = (ok) => (ok ? "yes" : "NO");
  out.push(
    `Goals: p95 < ${GOALS.p95Ms} ms for every action: ${mark(verdict.p95.ok)}` +
      (verdict.p95.ok ? "" : ` (not: ${verdict.p95.slow.join(", ")})`) +
      `; no errors: ${mark(verdict.errors.ok)} (${verdict.errors.count})` +
      `; memory flat (end within ${GOALS.memoryGrowth * 100} % of warm-up): ${mark(verdict.memory.ok)}` +
      (verdict.memory.ok ? "" : ` (not: ${verdict.memory.growing.join(", ")})`) +
      ".",
  );
  const retried = rows.reduce((n, r) => n + r.retried, 0);
  if (retried) {
    out.push("");
    out.push(
      `${retried} request(s) were sent again once on a new connection after a kept-alive one was reset (counted once, not as errors).`,
    );
  }
  if (errorSamples.length) {
    out.push("");
    out.push("First distinct errors:");
    for (const e of errorSamples.slice(0, 8)) out.push(`- ${e.count} × ${e.action}: ${e.error}`);
  }
  const complaints = Object.entries(serverOutput).flatMap(([name, lines]) => lines.map((l) => ({ name, ...l })));
  if (complaints.length) {
    out.push("");
    out.push("The servers' own error output (distinct lines, first few):");
    for (const c of complaints.slice(0, 10)) out.push(`- ${c.name}, ${c.count} ×: ${c.line.slice(0, 200)}`);
  }
  return out.join("\n");
}
