// Where the web processes spent their CPU time, from the .cpuprofile files `node --cpu-prof`
// wrote as they exited: self time by function and by package (node_modules/<pkg>, the app
// build, the server build, Node itself), enough to say which layer a slow action is slow in.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function where(url) {
  if (!url) return "(node / native)";
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm) return nm[1];
  if (url.includes("/build/server/")) return "app (build/server)";
  if (url.includes("/dist/server/")) return "server (dist/server)";
  if (url.startsWith("node:")) return "(node)";
  return url.replace(/^file:\/\//, "");
}

/**
 * `window` ({ from, to }, ms since the epoch) keeps only the samples taken in that time, placing the
 * profile's end at the moment its file was written (when the process exited).
 */
export function summariseProfiles(dir, window = null) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  const byFunction = new Map();
  const byPackage = new Map();
  let total = 0;
  for (const f of files) {
    const prof = JSON.parse(readFileSync(join(dir, f), "utf8"));
    const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const endMs = statSync(join(dir, f)).mtimeMs;
    let at = prof.startTime;
    prof.samples.forEach((id, i) => {
      const us = prof.timeDeltas[i] ?? 0;
      at += us;
      if (window) {
        const wall = endMs - (prof.endTime - at) / 1000;
        if (wall < window.from || wall > window.to) return;
      }
      self.set(id, (self.get(id) ?? 0) + us);
    });
    for (const [id, us] of self) {
      const { callFrame } = nodes.get(id);
      total += us;
      if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") {
        byPackage.set(callFrame.functionName, (byPackage.get(callFrame.functionName) ?? 0) + us);
        continue;
      }
      const pkg = where(callFrame.url);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
      const fn = `${callFrame.functionName || "(anonymous)"} ${pkg}:${callFrame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    }
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({
        what: k,
        seconds: Math.round(us / 1e4) / 100,
        share: Math.round((us / total) * 1000) / 10,
      }));
  const packages = top(byPackage, 12);
  const functions = top(byFunction, 15);
  const line = (r) => `  ${r.share.toFixed(1).padStart(5)} %  ${r.seconds.toFixed(2).padStart(7)} s  ${r.what}`;
  const text = [
    "By package (self time):",
    ...packages.map(line),
    "By function (self time):",
    ...functions.map(line),
  ].join("\n");
  return { files: files.length, totalSeconds: Math.round(total / 1e4) / 100, packages, functions, text };
}
