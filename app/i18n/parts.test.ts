import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import en from "./locales/en/translation.json";
import { DASHBOARD_GROUPS, translationPart } from "./parts";

const APP = resolve(__dirname, "..");

/** The modules a public page can draw: every route outside the dashboard, and what they import. */
function publicModules(): string[] {
  const routes = readFileSync(join(APP, "routes.ts"), "utf8");
  const starts = [...routes.matchAll(/"(routes\/[^"]+\.tsx)"/g)]
    .map((m) => m[1])
    .filter((r) => !r.startsWith("routes/dashboard/"))
    .map((r) => join(APP, r));
  starts.push(join(APP, "root.tsx"));
  const seen = new Set<string>();
  const queue = [...starts];
  const resolveImport = (from: string, spec: string) => {
    for (const ext of ["", ".ts", ".tsx", "/index.ts"]) {
      const p = resolve(dirname(from), spec + ext);
      if (existsSync(p) && statSync(p).isFile()) return p;
    }
    return null;
  };
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)) {
      // Server-only modules never reach the browser; styles and data carry no keys.
      if (/\.server(\.tsx?)?$/.test(m[1]) || /\.(css|json)$/.test(m[1])) continue;
      const target = resolveImport(file, m[1]);
      if (target?.startsWith(APP)) queue.push(target);
    }
  }
  return [...seen];
}

describe("translation parts", () => {
  it("split English into two parts that together are the whole and share no group", () => {
    const pub = translationPart(en, "public");
    const dash = translationPart(en, "dashboard");
    expect(Object.keys(dash).sort()).toEqual([...DASHBOARD_GROUPS].sort());
    expect({ ...pub, ...dash }).toEqual(en);
    expect(Object.keys(pub).some((k) => k in dash)).toBe(false);
  });

  it("every dashboard group exists in the English file", () => {
    for (const group of DASHBOARD_GROUPS) expect(en).toHaveProperty(group);
  });

  it("public pages use no key of the dashboard part (a visitor's browser does not have it)", () => {
    const dashboard = new Set(DASHBOARD_GROUPS);
    const offenders: string[] = [];
    const modules = publicModules();
    expect(modules.length).toBeGreaterThan(40);
    for (const file of modules) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/["'`]([a-zA-Z]+)\.[a-zA-Z_${]/g)) {
        if (dashboard.has(m[1])) offenders.push(`${relative(APP, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
