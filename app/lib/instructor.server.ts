// Shared by the instructor screens' loaders and actions: the area guard (absent screens answer 404,
// as elsewhere in the dashboard) and turning a service error into field messages for the form.
import type { z } from "zod";
import { isRefusal, refused } from "./action-result";

type AppErrorLike = { code?: string; message?: string; details?: unknown; status?: number };

export type ActionResult<T = unknown> =
  | { ok: true; value: T; message: null; fields: Record<string, string> }
  | { ok: false; value: null; message: string; fields: Record<string, string> };

export const notFound = () => new Response("Not found", { status: 404 });

/**
 * Not-found and forbidden services read as a missing page, as does a malformed id in the address;
 * anything else goes to the error boundary.
 */
export function asPageError(err: unknown): never {
  const e = err as AppErrorLike;
  if (e?.code === "not_found" || e?.code === "forbidden" || e?.code === "bad_request") throw notFound();
  throw err;
}

/**
 * Runs a service call for an action: the value, or the refusal answered with its status (404 for
 * another site's id, 400 for a malformed one, 422 for invalid input) in the one error shape, with
 * the message and per-field messages the forms show. Anything else is thrown on.
 */
export async function runAction<T>(fn: () => Promise<T>) {
  try {
    const value = await fn();
    return { ok: true as const, value, message: null, fields: {} as Record<string, string> };
  } catch (err) {
    if (!isRefusal(err)) throw err;
    const fields: Record<string, string> = {};
    for (const d of Array.isArray(err.details) ? (err.details as { field?: string; message?: string }[]) : []) {
      if (d.field && !fields[d.field]) fields[d.field] = d.message ?? "";
    }
    return refused(err, { ok: false as const, value: null, message: err.message ?? "", fields });
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
