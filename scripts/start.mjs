// `npm start`: builds when the sources are newer than the build, then runs the platform on the
// embedded database in ./data with the demo seeded (once). Every setting can still be given in
// the environment (see README).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = ["dist/server/main.js", "build/server/index.js"];
const stale =
  !built.every(existsSync) ||
  Math.max(...["app", "server", "core"].map(newest)) > Math.min(...built.map((f) => statSync(f).mtimeMs));
if (stale) {
  console.log("Building Atrium…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = { NODE_ENV: "production", SEED_DEMO: "true", ...process.env };
const child = spawn(process.execPath, ["dist/server/main.js", ...process.argv.slice(2)], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
