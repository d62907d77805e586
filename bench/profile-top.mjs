// The top entries of a V8 CPU profile (`node --cpu-prof`), by self time and grouped by package:
//   node bench/profile-top.mjs <file.cpuprofile> [how many=15] [from second=0]
// Prints two tables: the functions that spent the most time themselves, and the same time summed
// per package (or per file of our own), which is what says where a request's time goes.
import { readFileSync } from "node:fs";

const [file, howMany = "15", fromSecond = "0"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-top.mjs <file.cpuprofile> [how many]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Samples from `fromSecond` on: a server's start-up (loading modules, migrations) is left out.
const selfMicros = new Map();
let elapsed = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed < Number(fromSecond) * 1e6) continue;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
// Shares are of the time the process was busy: idle time (waiting for the network, the database or
// the CPU it shares) says how loaded the machine was, not where the work went.
const isIdle = (id) => byId.get(id)?.callFrame.functionName === "(idle)";
const idle = [...selfMicros].filter(([id]) => isIdle(id)).reduce((a, [, m]) => a + m, 0);
for (const id of [...selfMicros.keys()]) if (isIdle(id)) selfMicros.delete(id);
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** "react-router (dist/production)", "server/http/app.ts", "(garbage collector)"… */
function placeOf(url) {
  if (!url) return null;
  const path = url.replace(/^file:\/\//, "");
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (pkg) {
    const build = /dist\/(development|production)\//.exec(pkg[2]);
    return build ? `${pkg[1]} (dist/${build[1]})` : pkg[1];
  }
  if (path.startsWith("node:")) return path;
  const own = /\/(dist\/server|build\/server|server|app|core)\/.*$/.exec(path);
  return own ? own[0].slice(1) : path;
}

const functions = new Map();
const places = new Map();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url) ?? functionName ?? "(anonymous)";
  const fn = `${functionName || "(anonymous)"} ${url ? `${placeOf(url)}:${lineNumber + 1}` : ""}`.trim();
  functions.set(fn, (functions.get(fn) ?? 0) + micros);
  const group = url ? place.replace(/^(dist\/server|build\/server)\/.*/, "$1 (our bundle)") : functionName;
  places.set(group, (places.get(group) ?? 0) + micros);
}

const top = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(howMany))
    .map(([name, micros]) => `| ${((100 * micros) / total).toFixed(1).padStart(5)} % | ${name} |`);

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle; shares of the busy time\n`,
);
console.log("| self | function |\n| ---: | --- |");
console.log(top(functions).join("\n"));
console.log("\n| self | package or file |\n| ---: | --- |");
console.log(top(places).join("\n"));
