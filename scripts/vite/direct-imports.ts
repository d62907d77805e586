// Rewrites `import { Button, IconX } from "@mantine/core" | "@tabler/icons-react" | "@mantine/hooks"`
// in the app's own modules into imports of the files that define those names. Each of these
// packages has one index that re-exports hundreds of modules; importing through it ties every page
// to everything any page uses once the public shell is put in a chunk of its own, and slows the
// build. Direct imports keep each page's bundle to what it really draws.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

type Target = { file: string; name: string };

/** Reads `import { a, b as c } from "./x.mjs"` and `export { a, c as d }` / `export { default as X } from "./y.mjs"`. */
function indexMap(indexFile: string): Map<string, Target> {
  const src = readFileSync(indexFile, "utf8");
  const dir = dirname(indexFile);
  const local = new Map<string, Target>();
  for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const part of m[1].split(",")) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      if (orig) local.set((alias ?? orig).trim(), { file: resolve(dir, m[2]), name: orig.trim() });
    }
  }
  const out = new Map<string, Target>();
  for (const m of src.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const part of m[1].split(",")) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      if (orig) out.set((alias ?? orig).trim(), { file: resolve(dir, m[2]), name: orig.trim() });
    }
  }
  for (const m of src.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const part of m[1].split(",")) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      const target = orig ? local.get(orig.trim()) : undefined;
      if (target) out.set((alias ?? orig).trim(), target);
    }
  }
  return out;
}

export function directImports(packages: string[]): Plugin {
  let root = process.cwd();
  const maps = new Map<string, Map<string, Target>>();
  const mapOf = (pkg: string) => {
    let m = maps.get(pkg);
    if (!m) {
      const dir = resolve(root, "node_modules", pkg);
      const meta = JSON.parse(readFileSync(resolve(dir, "package.json"), "utf8")) as {
        module?: string;
        exports?: { ".": { import: string | { default: string } } };
      };
      const imp = meta.exports?.["."].import;
      const entry = resolve(dir, (typeof imp === "string" ? imp : imp?.default) ?? meta.module ?? "esm/index.mjs");
      m = indexMap(entry);
      maps.set(pkg, m);
    }
    return m;
  };
  const names = packages.map((p) => p.replace(/[/\\^$*+?.()|[\]{}-]/g, "\\$&")).join("|");
  const IMPORT = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${names})["'];?`, "g");
  return {
    name: "atrium-direct-imports",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      // Only the browser bundle: the server keeps these packages external, one copy each, shared
      // with the packages that build on them (@mantine/modals, @mantine/tiptap, …).
      if (this.environment?.name !== "client") return null;
      // The app's modules, and Mantine's own (its components import the hooks' index).
      const file = id.split("?")[0];
      if (id.includes("/node_modules/") && !id.includes("/node_modules/@mantine/")) return null;
      if (!/\.(tsx?|jsx?|mjs)$/.test(file)) return null;
      if (!packages.some((p) => code.includes(p))) return null;
      let changed = false;
      const next = code.replace(IMPORT, (whole, list: string, pkg: string) => {
        const map = mapOf(pkg);
        const parts = list
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean);
        const lines: string[] = [];
        for (const part of parts) {
          const [name, alias] = part.split(/\s+as\s+/).map((s) => s.trim());
          const target = map.get(name);
          // Anything the index does not map plainly stays an import of the package itself.
          if (!target) return whole;
          lines.push(`import { ${target.name} as ${alias ?? name} } from ${JSON.stringify(target.file)};`);
        }
        changed = true;
        return lines.join("\n");
      });
      return changed ? { code: next, map: null } : null;
    },
  };
}
