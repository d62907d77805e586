// One statement at a time on a transaction's client: the statements of `withTenant` /
// `withPlatform` (and of any function handed their `tx`) share one connection, so they are awaited
// one after another. A `Promise.all` (or `allSettled`) whose arguments use a `tx` of the enclosing
// scope sends two statements at once on that connection: pg 8 queues them with a deprecation
// warning, pg 9 throws. Refused here; tests/support/one-statement.setup.ts catches at run time on
// PostgreSQL what this reading of the source cannot see.
import { readFileSync } from "node:fs";
import { sourceFiles } from "./source-files.mjs";

const files = sourceFiles(["app", "server"], { tests: false });

/** The text between the parenthesis at `open` and its partner. */
function argumentsAt(src, open) {
  let depth = 1;
  let i = open + 1;
  while (depth > 0 && i < src.length) {
    if (src[i] === "(") depth++;
    else if (src[i] === ")") depth--;
    i++;
  }
  return src.slice(open + 1, i - 1);
}

const problems = [];
for (const file of files) {
  const src = readFileSync(file, "utf8");
  for (const m of src.matchAll(/Promise\.(all|allSettled)\(/g)) {
    const args = argumentsAt(src, m.index + m[0].length - 1);
    // A `tx` declared inside the arguments is a transaction of its own (withTenant(db, id, (tx) => …)).
    const ownTransaction = /(async\s*)?\(\s*tx\s*\)\s*=>/.test(args);
    if (/\btx\b/.test(args) && !ownTransaction) {
      const line = src.slice(0, m.index).split("\n").length;
      problems.push(`${file}:${line}: Promise.${m[1]} over statements of one transaction (tx); await them one by one`);
    }
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
