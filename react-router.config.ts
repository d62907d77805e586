import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // ATRIUM_BUILD_DIR lets two checkouts of work build side by side; the default is build/.
  buildDirectory: process.env.ATRIUM_BUILD_DIR || "build",
  ssr: true,
  future: {
    // The load context is a plain object built by the Hono server (server/http/load-context.ts);
    // route middleware would replace it with a RouterContextProvider, a move for later.
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
