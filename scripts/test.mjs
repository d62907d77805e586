// `npm test`: every check this machine can run, in order — lint and import rules, types, schema
// vs migrations, unit tests, integration tests on PGlite and (when TEST_DATABASE_URL is set) on
// PostgreSQL (after a fresh build, which some of them serve), then the browser tests. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const only = process.argv[2]; // optional: lint | unit | int | e2e
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync(".tmp", { recursive: true });

const timings = [];
function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  timings.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0) failures.push(title);
  return r.status === 0;
}

function vitest(title, project, env = {}) {
  const out = `.tmp/vitest-${project}-${Object.keys(env).length ? "pg" : "main"}.json`;
  rmSync(out, { force: true });
  run(
    title,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

const want = (step) => !only || only === step;
if (want("lint")) {
  run("lint (biome) and import rules", "npm", ["run", "--silent", "lint"]);
  run("types", "npm", ["run", "--silent", "typecheck"]);
  run("schema vs migrations", "npm", ["run", "--silent", "db:check"]);
}
if (want("unit")) vitest("unit tests", "unit");
// The page-cache and browser tests serve the real React Router build, so build once up front.
const built = (want("int") || want("e2e")) && run("build", "npm", ["run", "--silent", "build"]);
if (want("int")) {
  vitest("integration tests on PGlite", "int", { TEST_DATABASE_URL: "" });
  if (process.env.TEST_DATABASE_URL)
    vitest("integration tests on PostgreSQL", "int", { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  else console.log("\n(TEST_DATABASE_URL not set: the integration suite ran on PGlite only)");
}
if (want("e2e") && built) vitest("browser tests (Chromium)", "e2e");

console.log(`\nTime per step:\n  ${timings.join("\n  ")}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
