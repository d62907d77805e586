// Shared by the instructor screens' loaders and actions: the area guard (absent screens answer 404,
// as elsewhere in the dashboard) and turning a service error into field messages for the form.
import { data } from "react-router";
import type { z } from "zod";

type AppErrorLike = { code?: string; message?: string; details?: unknown; status?: number };

export type ActionResult<T = unknown> =
  | { ok: true; value: T; message: null; fields: Record<string, string> }
  | { ok: false; value: null; message: string; fields: Record<string, string> };

export const notFound = () => new Response("Not found", { status: 404 });

/** Not-found and forbidden services read as a missing page; anything else goes to the error boundary. */
export function asPageError(err: unknown): never {
  const e = err as AppErrorLike;
  if (e?.code === "not_found" || e?.code === "forbidden") throw notFound();
  throw err;
}

/** Runs a service call for an action: the value, or the message and per-field messages of its error. */
export async function runAction<T>(fn: () => Promise<T>) {
  try {
    const value = await fn();
    return { ok: true as const, value, message: null, fields: {} as Record<string, string> };
  } catch (err) {
    const e = err as AppErrorLike;
    if (!e?.code || e.code === "internal") throw err;
    const fields: Record<string, string> = {};
    for (const d of Array.isArray(e.details) ? (e.details as { field?: string; message?: string }[]) : []) {
      if (d.field && !fields[d.field]) fields[d.field] = d.message ?? "";
    }
    return data({ ok: false as const, value: null, message: e.message ?? "", fields }, { status: e.status ?? 422 });
  }
}

/** The JSON body an editor posts with useFetcher (encType application/json). */
export async function readIntent(request: Request): Promise<{ intent: string; payload: Record<string, unknown> }> {
  const body = (await request.json().catch(() => ({}))) as { intent?: unknown; payload?: unknown };
  return {
    intent: typeof body.intent === "string" ? body.intent : "",
    payload: body.payload && typeof body.payload === "object" ? (body.payload as Record<string, unknown>) : {},
  };
}

/** The same schema the REST API applies; a failure reads like the server's 422 (fields named). */
export function checked<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message }));
  throw { code: "validation_failed", status: 422, message: details[0]?.message ?? "Invalid input", details };
}
