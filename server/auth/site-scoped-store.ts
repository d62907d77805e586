// The auth library finds sessions by token or by person, and pending sign-ins, trusted devices and
// reset links by identifier, never by site. Cookies are per host, so each of those belongs to the
// site it was made on: here, under every endpoint of the library and its plugins (present and
// future), each such read and write is narrowed to the site of the request. A session or code made
// on another site is simply not found, exactly like one that never existed.
import type { DBAdapter, DBTransactionAdapter, Where } from "better-auth";
import { currentScope } from "../request-scope";

type Store = DBTransactionAdapter;
type Row = Record<string, unknown> | null;

/** Sessions carry the site's account id (docs/decisions/0001). */
const SESSION = "session";
/** Verification values are platform-wide rows; their identifier is prefixed with the site's id. */
const VERIFICATION = "verification";

const siteId = () => currentScope().site.accountId;

function narrowed(model: string, where: Where[] = []): Where[] {
  if (model === SESSION) return [...where, { field: "accountId", value: siteId(), operator: "eq", connector: "AND" }];
  if (model === VERIFICATION)
    return where.map((w) => (w.field === "identifier" ? { ...w, value: prefixed(w.value) } : w));
  return where;
}

function prefixed(value: Where["value"]): Where["value"] {
  const id = siteId();
  if (typeof value === "string") return `${id}:${value}`;
  if (Array.isArray(value)) return (value as (string | number)[]).map((v) => `${id}:${v}`) as string[];
  return value;
}

/** What the library reads back is what it wrote: the identifier without the site's prefix. */
function unprefixed<T>(model: string, row: T): T {
  if (model !== VERIFICATION || !row || typeof row !== "object") return row;
  const r = row as Row & { identifier?: unknown };
  if (typeof r?.identifier !== "string") return row;
  const prefix = `${siteId()}:`;
  return { ...r, identifier: r.identifier.startsWith(prefix) ? r.identifier.slice(prefix.length) : r.identifier } as T;
}

function written(model: string, data: Record<string, unknown>): Record<string, unknown> {
  if (model === SESSION) return { ...data, accountId: siteId() };
  if (model === VERIFICATION && typeof data.identifier === "string")
    return { ...data, identifier: prefixed(data.identifier) };
  return data;
}

function scoped(store: Store): Store {
  return {
    ...store,
    create: async (q) => unprefixed(q.model, await store.create({ ...q, data: written(q.model, q.data) })),
    findOne: async (q) => unprefixed(q.model, await store.findOne({ ...q, where: narrowed(q.model, q.where) })),
    findMany: async <T>(q: Parameters<Store["findMany"]>[0]) =>
      (await store.findMany<T>({ ...q, where: narrowed(q.model, q.where) })).map((r) => unprefixed(q.model, r)),
    count: (q) => store.count({ ...q, where: narrowed(q.model, q.where) }),
    update: async (q) => unprefixed(q.model, await store.update({ ...q, where: narrowed(q.model, q.where) })),
    updateMany: (q) => store.updateMany({ ...q, where: narrowed(q.model, q.where) }),
    delete: (q) => store.delete({ ...q, where: narrowed(q.model, q.where) }),
    deleteMany: (q) => store.deleteMany({ ...q, where: narrowed(q.model, q.where) }),
    consumeOne: async (q) => unprefixed(q.model, await store.consumeOne({ ...q, where: narrowed(q.model, q.where) })),
    incrementOne: async (q) =>
      unprefixed(q.model, await store.incrementOne({ ...q, where: narrowed(q.model, q.where) })),
  };
}

/** Wraps the auth library's database adapter so that sessions and codes stay on their site. */
export function siteScoped(adapter: DBAdapter): DBAdapter {
  return { ...scoped(adapter), transaction: (run) => adapter.transaction((trx) => run(scoped(trx))) };
}
