// Bundles the Node server (server/main.ts) into dist/server/server.js, started by dist/server/main.js
// (server/launch/main.ts), which first sets up how modules load (server/launch/production-modules.ts).
// Packages stay external so the server and the React Router build share one copy of each;
// migrations are copied beside it.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: {
    server: "server/main.ts",
    main: "server/launch/main.ts",
    "production-modules": "server/launch/production-modules.ts",
  },
  outdir: "dist/server",
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
