// The built server's entry (dist/server/main.js). It settles how modules load before any of the
// server is imported: NODE_ENV defaults to production (as server/config.ts does), so React and
// React Router load their production builds, then it starts the server bundle.
import { register } from "node:module";

process.env.NODE_ENV ??= "production";
if (process.env.NODE_ENV === "production") register("./production-modules.js", import.meta.url);
// Beside this file once built; the server bundle is only read after the hook is in place.
await import(new URL("./server.js", import.meta.url).href);
