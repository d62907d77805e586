// The OpenAPI document has the REST counterpart of each owner screen (usage, billing, addons,
// reports, support tickets) and of each staff screen (accounts and their actions, owners, which is also Billing ›
// Customers, the sites list, which is also Billing › Subscriptions, the audit log, scheduled jobs,
// the mailbox, every site's tickets), each with its request and response schemas; and every staff
// path the document lists refuses a site's owner, on the platform's host and on their own site's.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, type SiteWithOwner, siteWithOwner } from "./helpers";

const STAFF_EMAIL = "staff@atrium.test";

let t: TestPlatform;
let S: SiteWithOwner;
let staffCookie: string;
let ownerOnPlatform: string;
// biome-ignore lint/suspicious/noExplicitAny: the document is read field by field, as a client would
let doc: any;

beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "apidoc");
  const staff = await buildUser(t.platform.auth, { email: STAFF_EMAIL });
  staffCookie = await signIn(t, null, staff.email, staff.password);
  ownerOnPlatform = await signIn(t, null, S.owner.email, S.owner.password);
  const res = await t.request(S.site.slug, "/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = await body(res);
});
afterAll(async () => {
  await t?.close();
});

type Operation = [method: "get" | "post" | "put" | "patch" | "delete", path: string];

const OWNER_SCREENS: Operation[] = [
  ["get", "/usage"],
  ["get", "/reports"],
  ["get", "/reports/csv"],
  ["post", "/reports/sum"],
  ["get", "/tickets"],
  ["post", "/tickets"],
  ["get", "/tickets/{id}"],
  ["patch", "/tickets/{id}"],
  ["post", "/tickets/{id}/replies"],
  ["get", "/billing"],
  ["post", "/billing/request"],
  ["delete", "/billing/request"],
  ["post", "/billing/cancel"],
  ["post", "/billing/checkout"],
  ["get", "/billing/invoices"],
  ["post", "/billing/invoices/{id}/confirm"],
  ["get", "/billing/invoices/{id}/receipt.pdf"],
  ["get", "/addons"],
  ["post", "/addons/{id}/activate"],
  ["post", "/addons/{id}/deactivate"],
];

const STAFF_SCREENS: Operation[] = [
  // Accounts, and Billing › Subscriptions (the same list of sites with plan and subscription).
  ["get", "/staff/accounts"],
  ["get", "/staff/accounts/{id}"],
  ["post", "/staff/accounts/{id}/plan"],
  ["post", "/staff/accounts/{id}/trial"],
  ["post", "/staff/accounts/{id}/suspend"],
  ["post", "/staff/accounts/{id}/restore"],
  // Accounts › Owners, and Billing › Customers.
  ["get", "/staff/owners"],
  ["get", "/staff/audit"],
  // Maintenance › Crons: the schedules, and running one now.
  ["get", "/staff/crons"],
  ["post", "/staff/crons/{name}/run"],
  ["get", "/staff/mail"],
  ["post", "/staff/mail/{id}/resend"],
  ["get", "/staff/tickets"],
  // Billing › Products (plans, prices and the platform's Stripe keys) and Billing › Orders.
  ["get", "/staff/billing/products"],
  ["put", "/staff/billing/stripe"],
  ["get", "/staff/billing/orders"],
  ["get", "/staff/tickets/{id}"],
  ["patch", "/staff/tickets/{id}"],
  ["post", "/staff/tickets/{id}/replies"],
];

/** The operations the document lists under paths starting with `prefix`. */
function documented(prefix: string): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => [m, path] as Operation),
    );
}

describe("the document lists each screen's endpoints", () => {
  it.each([...OWNER_SCREENS, ...STAFF_SCREENS])("%s %s, with its schemas", (method, path) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path} is not in the document`).toBeDefined();
    expect(op.summary).toBeTruthy();
    const success = Object.entries(op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)
      .filter(([status]) => status.startsWith("2"))
      .map(([, r]) => r);
    expect(success.length).toBeGreaterThan(0);
    // A success with a body describes it (the CSV export answers text/csv).
    for (const r of success) {
      if (r.content) for (const media of Object.values(r.content)) expect(media.schema).toBeDefined();
    }
    // Withdrawing a plan request (DELETE /billing/request) needs no input.
    if (method !== "get" && method !== "delete") {
      const params = (op.parameters ?? []) as { in: string }[];
      const hasBody = Boolean(op.requestBody?.content?.["application/json"]?.schema);
      expect(hasBody || params.some((p) => p.in === "path"), "a write names its input").toBe(true);
    }
    const refusals = Object.keys(op.responses);
    expect(refusals).toEqual(expect.arrayContaining(["401", "403"]));
    if (path.startsWith("/staff/")) expect(op.tags).toContain("Staff");
  });

  it("has no staff path beyond those the screens use, so none escapes the refusal check below", () => {
    const listed = documented("/staff/").map(([m, p]) => `${m} ${p}`);
    expect(listed.sort()).toEqual(STAFF_SCREENS.map(([m, p]) => `${m} ${p}`).sort());
  });
});

describe("every staff endpoint refuses a site's owner", () => {
  /** A concrete URL for a documented path: ids that exist (the owner's own site) or do not. */
  const concrete = (path: string) =>
    path
      .replace("/staff/accounts/{id}", `/staff/accounts/${S.site.accountId}`)
      .replace("{id}", randomUUID())
      .replace("{name}", "cleanup");

  it("on the platform's host and on their own site's, before reading the input", async () => {
    const ops = documented("/staff/");
    expect(ops.length).toBeGreaterThanOrEqual(STAFF_SCREENS.length);
    for (const [method, path] of ops) {
      const url = `/api/v1${concrete(path)}`;
      const init = { method: method.toUpperCase(), ...(method === "get" ? {} : { json: {} }) };
      // A mail id means nothing outside the staff's view, so resending answers as if it did not exist.
      const [status, code] = path === "/staff/mail/{id}/resend" ? [404, "not_found"] : [403, "forbidden"];
      await expectError(await t.request(null, url, { ...init, cookie: ownerOnPlatform }), status, code);
      await expectError(await t.request(S.site.slug, url, { ...init, cookie: S.ownerCookie }), status, code);
    }
  });

  it("while staff on the platform's host read each list", async () => {
    const lists = documented("/staff/").filter(([m, p]) => m === "get" && !p.includes("{"));
    expect(lists.map(([, p]) => p).sort()).toEqual([
      "/staff/accounts",
      "/staff/audit",
      "/staff/billing/orders",
      "/staff/billing/products",
      "/staff/crons",
      "/staff/mail",
      "/staff/owners",
      "/staff/tickets",
    ]);
    for (const [, path] of lists) {
      const res = await t.request(null, `/api/v1${path}`, { cookie: staffCookie });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const sites = await body(await t.request(null, "/api/v1/staff/accounts?per_page=100", { cookie: staffCookie }));
    expect(sites.items.map((a: { id: string }) => a.id)).toContain(S.site.accountId);
    const owners = await body(
      await t.request(null, `/api/v1/staff/owners?q=${encodeURIComponent(S.owner.email)}`, { cookie: staffCookie }),
    );
    expect(owners.items.map((o: { email: string }) => o.email)).toEqual([S.owner.email]);
  });
});
