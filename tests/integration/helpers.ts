// Shared by the integration tests: unique names, a site with a signed-in owner, row counts read
// through the platform role (so a test sees what really reached the database), and error checks.
import { randomBytes } from "node:crypto";
import { count, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import { withPlatform } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { type BuiltUser, buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { signIn, type TestPlatform } from "../support/platform";

/** A short random suffix, so names never collide between tests or runs on the same server. */
export const uid = () => randomBytes(4).toString("hex");

/** A valid site slug (3-40 lowercase letters, digits, hyphens). */
export const uniqueSlug = (prefix: string) => `${prefix}-${uid()}`;
export const uniqueEmail = (prefix: string) => `${prefix}-${uid()}@example.org`;

export type SiteWithOwner = { site: SiteAccount; owner: BuiltUser; ownerCookie: string };

/** A new site whose owner is signed in on the site's own host. */
export async function siteWithOwner(
  t: TestPlatform,
  prefix: string,
  opts: { features?: Partial<SiteAccount["features"]>; plan?: string | null } = {},
): Promise<SiteWithOwner> {
  const owner = await buildUser(t.platform.auth, { email: uniqueEmail(`${prefix}-owner`) });
  const site = await buildSite(t.database.db, owner, { slug: uniqueSlug(prefix), ...opts });
  const ownerCookie = await signIn(t, site.slug, owner.email, owner.password);
  return { site, owner, ownerCookie };
}

/** A new user who is a member of the site with the given role, signed in there. */
export async function memberOf(
  t: TestPlatform,
  site: SiteAccount,
  role: "student" | "instructor" | "admin",
  prefix: string = role,
): Promise<{ user: BuiltUser; memberId: string; cookie: string }> {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail(prefix) });
  const m = await buildMember(t.database.db, site, user, role);
  const cookie = await signIn(t, site.slug, user.email, user.password);
  return { user, memberId: m.id, cookie };
}

/** Rows of a table (optionally filtered), read across tenants through the platform role. */
export async function countRows(t: TestPlatform, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await withPlatform(t.database.db, (tx) => {
    const q = tx.select({ n: count() }).from(table);
    return where ? q.where(where) : q;
  });
  return Number(row.n);
}

/** Rows of a tenant table that belong to one account. */
export function countFor(t: TestPlatform, table: PgTable & { accountId: AnyPgColumn }, accountId: string) {
  return countRows(t, table, eq(table.accountId, accountId));
}

/** Reads a JSON body once, with the status alongside for readable failures. */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field; a type per response adds nothing
export async function body<T = any>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`expected JSON, got ${res.status}: ${text.slice(0, 300)}`);
  }
}

/** Asserts an error response `{ error: { code } }` with the given status. */
export async function expectError(res: Response, status: number, code: string) {
  const b = await body(res);
  expect({ status: res.status, code: b?.error?.code }).toEqual({ status, code });
  return b.error as { code: string; message: string; details?: unknown };
}

export const NOT_AUTHENTICATED = {
  code: "not_authenticated",
  message: "The user does not have an active session or is not authenticated",
};

/** Asserts the spec's 401 shape for a request without a session (§8). */
export async function expectNotAuthenticated(res: Response) {
  expect(res.status).toBe(401);
  expect(await body(res)).toMatchObject(NOT_AUTHENTICATED);
}

/** Cookies set by a later response replace (or clear) those of the same name in a cookie header. */
export function mergeCookies(before: string, res: Response): string {
  const jar = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0], c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    const name = pair.split("=")[0];
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
