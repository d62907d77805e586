// In the browser build, the bare import "zod" resolves to app/lib/zod-browser.ts, which switches
// zod to its no-eval mode first (the Content-Security-Policy forbids evaluating strings).
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const WRAPPER = fileURLToPath(new URL("../../app/lib/zod-browser.ts", import.meta.url));

export function zodJitless(): Plugin {
  return {
    name: "atrium-zod-jitless",
    enforce: "pre",
    resolveId(id, importer) {
      if (id !== "zod" || this.environment?.name !== "client" || importer === WRAPPER) return null;
      return WRAPPER;
    },
  };
}
