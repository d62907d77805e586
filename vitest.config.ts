import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts"],
          exclude: ["**/*.int.test.ts"],
        },
      },
      {
        test: {
          name: "int",
          include: ["server/**/*.int.test.ts", "tests/**/*.int.test.ts"],
          globalSetup: ["tests/support/pglite-template.global.ts"],
          setupFiles: ["tests/support/pglite-template.setup.ts", "tests/support/one-statement.setup.ts"],
          // Limits that stop hung tests, not slow ones: beside the browser tests a platform seeded
          // with the demo has taken over two minutes to start.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // PGlite is WebAssembly: a few files at a time keeps memory and CPU (2 cores) sane.
          maxWorkers: 2,
          // The files of a worker share its modules: the server is imported once per worker, not
          // once per file (which was most of the suite's time). Module state is per database
          // (Map/WeakMap keyed by Db, `forget` on close); a file that mocks a module re-imports the
          // server itself (compression.int.test.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/support/pglite-template.global.ts", "tests/support/axe-report.global.ts"],
          setupFiles: ["tests/support/pglite-template.setup.ts"],
          // Generous: a time-out only stops a hung test; on a slow 2-core machine the longest
          // journeys take close to two minutes.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Each file runs its own platform and browser; two files at a time use the time one
          // spends waiting on the other's browser (E2E_WORKERS=1 runs them one by one).
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // As the integration tests: one import of the server and its build per worker; the axe
          // sweep's per-file settings end with the file (setupE2E's afterAll).
          isolate: false,
          // On CI a browser test that fails is run once more (reported as retried), as a loaded
          // 2-core machine sometimes misses a timing a person would never notice.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
