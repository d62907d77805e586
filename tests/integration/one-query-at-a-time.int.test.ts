// One statement at a time on a client: the statements of a transaction (withTenant, withPlatform,
// any function handed a `tx`) share one connection, so they are awaited one after another, never
// gathered with Promise.all. pg 8 queues such overlapping calls and prints a DeprecationWarning
// ("Calling client.query() when the client is already executing a query"); pg 9 will throw.
// The public and student pages on the hot paths are served here and the process must not print it.
// PostgreSQL only (PGlite has no pg client). Node prints a given deprecation once per process, so
// the listener is installed before anything in this file's worker touches the database; and since
// that names only the first offence, each client's calls are also watched here, so every request
// that overlaps statements on one client is named, with the statement; work the server does between
// requests (start-up, the demo's seeding, the worker's jobs) counts too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/builders";
import { loadServerBuild, serverBuildExists } from "../support/server-build";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body } from "./helpers";
import { watchStatements } from "../support/statement-watch";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres || !serverBuildExists())("one query at a time on a transaction's client", () => {
  let t: TestPlatform;
  let student: string;
  const overlapping: string[] = [];
  const onWarning = (w: Error) => {
    if (w.name === "DeprecationWarning" && w.message.includes("already executing a query")) {
      overlapping.push(w.stack ?? w.message);
    }
  };

  // An overlap is charged to the request being served (or to the work between requests), with its
  // statement.
  const overlapped = new Set<string>();
  let current: string | null = null;
  let unwatch = () => {};

  beforeAll(async () => {
    process.on("warning", onWarning);
    unwatch = watchStatements((statement) => overlapped.add(`${current ?? "between requests"}: ${statement}`));
    t = await startTestPlatform({ SEED_DEMO: "true" }, { build: await loadServerBuild() });
    student = await signIn(t, "demo", "student@demo.test", DEMO_PASSWORD);
  });
  afterAll(async () => {
    process.off("warning", onWarning);
    unwatch();
    await t?.close();
  });

  let n = 0;
  /** A page or API answer, which must succeed. */
  async function get(path: string, cookie?: string): Promise<Response> {
    current = path;
    try {
      const res = await t.request("demo", path, cookie ? { cookie } : {});
      expect(res.status, path).toBe(200);
      return res;
    } finally {
      current = null;
    }
  }
  /** The site search's first result of a type: its address on the site. */
  async function firstHit(q: string, type: string): Promise<string> {
    const { results } = await body(await get(`/api/v1/search?q=${encodeURIComponent(q)}&type=${type}`));
    expect(results.length, `${type} "${q}"`).toBeGreaterThan(0);
    return results[0].url;
  }
  /** Nothing overlapped since the last look (the first look includes start-up and seeding). */
  function expectNoOverlap() {
    const seen = [...overlapped];
    overlapped.clear();
    expect(seen).toEqual([]);
    expect(overlapping).toEqual([]);
  }
  // Warnings are emitted on the next tick; give them a turn before looking.
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it("the public pages: course page (cold), course list, home, blog post, search, product", async () => {
    await get(`/course/glazing-workshop?cold=${n++}`);
    await get(`/course?cold=${n++}`);
    await get(`/?cold=${n++}`);
    await get(`/api/v1/search?q=${encodeURIComponent("glaz")}&type=all`);
    await get(`${await firstHit("habits", "blog")}?cold=${n++}`);
    await get(`${await firstHit("studio", "products")}?cold=${n++}`);
    await get(`/api/v1/catalog/courses?cold=${n++}`);
    await settled();
    expectNoOverlap();
  });

  it("a signed-in student: course page, dashboard, my courses, the player", async () => {
    await get(`/course/glazing-workshop?cold=${n++}`, student);
    await get("/dashboard", student);
    await get("/dashboard/courses", student);
    const course = await body(await get("/api/v1/catalog/courses/glazing-workshop", student));
    await get(`/dashboard/courses/${course.id}`, student);
    await settled();
    expectNoOverlap();
  });
});
