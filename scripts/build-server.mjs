// Bundles the Node server (server/main.ts) into dist/server/main.js. Packages stay external so the
// server and the React Router build share one copy of each; migrations are copied beside it.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("built dist/server/main.js");
