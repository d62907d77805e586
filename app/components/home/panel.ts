/** A home panel's data, or the fact that it could not be read (see app/lib/dashboard-home.server.ts). */
export type Panel<T> = { ok: true; data: T } | { ok: false };
