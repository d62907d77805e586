import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rollup } from "vite";
import { directImports } from "./scripts/vite/direct-imports";
import { mantineStyles } from "./scripts/vite/mantine-styles";
import { translationParts } from "./scripts/vite/translation-parts";
import { zodJitless } from "./scripts/vite/zod-jitless";

const app = (p: string) => fileURLToPath(new URL(`app/${p}`, import.meta.url));

// What every public page draws: the document shell and the public layouts. Everything they import
// statically goes into one chunk, so a visitor's first page is a handful of requests, not dozens
// of tiny shared chunks; dashboards and editors keep their own, loaded only where used.
const SHELL_ENTRIES = ["entry.client.tsx", "root.tsx", "routes/public/layout.tsx"].map((p) => app(p));

/** Every route module outside the dashboard (public pages, sign-in, checkout), from the route table. */
const PUBLIC_ROUTES = [...readFileSync(app("routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx)"/g)]
  .map((m) => m[1])
  .filter((r) => !r.startsWith("routes/dashboard/"))
  .map(app);

/** The interface library and its helpers: what public pages share beyond the shell goes in one chunk. */
const UI_PACKAGES =
  /\/node_modules\/(@mantine\/|@floating-ui\/|@tabler\/icons-react\/|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|tabbable|react-number-format|clsx)/;

const ICONS = /\/node_modules\/@tabler\/icons-react\/dist\/esm\/icons\//;

/** The dashboard's frame (sidebar, top bar, menus): every signed-in screen loads what it imports. */
const DASHBOARD_ENTRIES = [app("routes/dashboard/layout.tsx")];

/** Modules reachable by static imports from `entries` (a package's re-exporting index is not followed). */
function reachable(entries: string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    // A package's index that re-exports hundreds of modules (Mantine, the icons) is not followed:
    // only what is really used of it ends up in the bundle, and Rollup places that by itself.
    if (info && !(id.includes("/node_modules/") && info.importedIds.length > 40)) queue.push(...info.importedIds);
  }
  return seen;
}

let chunksOf: ((id: string) => string | undefined) | null = null;
function chunkOf(id: string, getModuleInfo: Rollup.GetModuleInfo): string | undefined {
  if (!chunksOf) {
    const shell = reachable(SHELL_ENTRIES, getModuleInfo);
    const publicPages = reachable(PUBLIC_ROUTES, getModuleInfo);
    const dashboardFrame = reachable(DASHBOARD_ENTRIES, getModuleInfo);
    chunksOf = (m) => {
      if (shell.has(m)) return "shell";
      // The icons are small SVG components without the library: a chunk of their own, so a page
      // drawn in plain elements with a few icons does not load the interface library's chunk.
      if (publicPages.has(m) && ICONS.test(m)) return "public-icons";
      if (publicPages.has(m) && UI_PACKAGES.test(m)) return "public-ui";
      // What of the interface library the dashboard's frame uses: one chunk for every signed-in
      // screen, rather than as many small shared chunks as there are combinations of screens.
      if (dashboardFrame.has(m) && UI_PACKAGES.test(m)) return "dashboard-ui";
      return undefined;
    };
  }
  return chunksOf(id);
}

export default defineConfig({
  plugins: [
    reactRouter(),
    translationParts(),
    zodJitless(),
    mantineStyles(),
    directImports(["@mantine/core", "@mantine/hooks", "@tabler/icons-react"]),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks(id, { getModuleInfo }) {
              if (id.endsWith(".css")) return undefined;
              return chunkOf(id, getModuleInfo);
            },
          },
        },
      },
    },
  },
});
