// `npm test`: every check this machine can run. Lint and import rules, types and schema vs
// migrations run beside the unit tests and the build; then integration tests on PGlite (not on CI
// with PostgreSQL, decision 0075) and (when TEST_DATABASE_URL is set) on PostgreSQL, some of which
// serve the build, then the browser tests.
// Ends with one summary line.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const only = process.argv[2]; // optional: lint | unit | int | e2e
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync(".tmp", { recursive: true });

const timings = [];
let axeLine = "";
async function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const code = await new Promise((done) =>
    spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).on("close", done),
  );
  timings.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (code !== 0) failures.push(title);
  return code === 0;
}

/**
 * Runs a step beside others: its output is kept and printed whole when it ends, so the log
 * reads step by step. Resolves to whether it passed.
 */
function runBeside(title, cmd, args, env = {}) {
  const started = Date.now();
  const log = [];
  return new Promise((done) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env } });
    child.stdout.on("data", (b) => log.push(b));
    child.stderr.on("data", (b) => log.push(b));
    child.on("close", (code) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(log));
      timings.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s (beside the next steps)`);
      if (code !== 0) failures.push(title);
      done(code === 0);
    });
  });
}

/** One vitest project; `beside` runs it with its output held until it ends (see runBeside). */
async function vitest(title, project, env = {}, beside = false) {
  const out = `.tmp/vitest-${project}-${env.TEST_DATABASE_URL ? "pg" : "main"}.json`;
  rmSync(out, { force: true });
  const args = [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ];
  await (beside ? runBeside(title, "npx", args, env) : run(title, "npx", args, env));
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
// Lint and the type check use one core while the unit tests and the build use the other.
const checks =
  want("lint") &&
  (async () => {
    await runBeside("lint (biome) and import rules", "npm", ["run", "--silent", "lint"]);
    await runBeside("types", "npm", ["run", "--silent", "typecheck"]);
    await runBeside("schema vs migrations", "npm", ["run", "--silent", "db:check"]);
  })();
if (want("unit")) await vitest("unit tests", "unit");
// The page-cache and browser tests serve the real React Router build, so build once up front.
const built = (want("int") || want("e2e")) && (await run("build", "npm", ["run", "--silent", "build"]));
await checks;
// On CI with PostgreSQL the integration suite runs there only (the browser tests run every screen
// on PGlite, the embedded default), which keeps CI within its time on a slow 2-core machine
// (decision 0075); INT_ON_PGLITE=1 runs it on PGlite as well, as a plain `npm test` always does.
const intOnPglite = !(process.env.CI && process.env.TEST_DATABASE_URL) || process.env.INT_ON_PGLITE === "1";
if (want("int") && intOnPglite) await vitest("integration tests on PGlite", "int", { TEST_DATABASE_URL: "" });
// The browser tests spend much of their time waiting on Chromium (about 1.2 of 2 cores busy), so the
// integration suite on PostgreSQL runs beside them and its report follows when it ends.
let onPostgres = null;
if (want("int") && process.env.TEST_DATABASE_URL) {
  const env = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL };
  onPostgres = vitest("integration tests on PostgreSQL", "int", env, want("e2e") && built);
} else if (want("int")) {
  console.log("\n(TEST_DATABASE_URL not set: the integration suite ran on PGlite only)");
}
if (want("e2e") && built) {
  // The browser tests serve the platform on PGlite, the embedded default (decision 0075): without
  // this the step inherited TEST_DATABASE_URL, and nothing on CI ran on PGlite.
  await vitest("browser tests (Chromium)", "e2e", { TEST_DATABASE_URL: "" });
  // axe checked every screen the browser tests showed (tests/e2e/axe-sweep.ts); a violation also
  // fails the test that showed it, but a retried test must not hide one.
  const axe = "test-results/axe/summary.json";
  if (existsSync(axe)) {
    const s = JSON.parse(readFileSync(axe, "utf8"));
    axeLine = `axe: ${s.screenViews} screen views of ${s.screens} screens checked, ${s.violations} serious or critical violations`;
    if (s.violations) failures.push("accessibility (axe)");
  }
}

await onPostgres;

console.log(`\nTime per step:\n  ${timings.join("\n  ")}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
if (axeLine) console.log(`\n${axeLine}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
