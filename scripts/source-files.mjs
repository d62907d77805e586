// The project's TypeScript sources under the given folders (relative paths), for the checks run by
// `npm run lint`; generated route types and declaration files left out.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export function sourceFiles(folders, { tests = true } = {}) {
  const root = process.cwd();
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        if (!["node_modules", "+types"].includes(e)) walk(p);
      } else if (/\.(ts|tsx)$/.test(e) && !e.endsWith(".d.ts") && (tests || !/\.test\.tsx?$/.test(e))) {
        files.push(relative(root, p));
      }
    }
  };
  for (const d of folders) walk(join(root, d));
  return files;
}
