// How a dashboard action answers a refusal: like the REST API, with the status of the error's code
// and the one error shape { error: { code, message, details? } }, so the screen shows a message
// instead of an error page. Services throw AppError; app/ cannot import it, so it is recognised by
// its shape (a code and a 4xx status). Anything else (a bug, a lost database) is thrown on.
import { data } from "react-router";

export type ActionError = { code: string; message: string; details?: unknown };
export type ActionErrorBody = { error: ActionError };

type Refusal = { code: string; message: string; status: number; details?: unknown };

/** A service's AppError (or the same shape): a code with a 4xx status. */
export function isRefusal(err: unknown): err is Refusal {
  const e = err as Partial<Refusal> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    !(e instanceof Response) &&
    typeof e.code === "string" &&
    typeof e.status === "number" &&
    e.status >= 400 &&
    e.status < 500
  );
}

/** The error part of the one shape (details only when there are some). */
export function actionError(code: string, message: string, details?: unknown): ActionError {
  return { code, message: message || code, ...(details === undefined ? {} : { details }) };
}

/** An action's refusal, answered with its status: `{ error: { code, message, details? } }` and `extra`. */
export function refused<E extends object = object>(
  err: { code: string; message: string; status: number; details?: unknown },
  extra?: E,
) {
  return data({ ...(extra as E), error: actionError(err.code, err.message, err.details) }, { status: err.status });
}

/** The answer to a form without an intent this action knows: 400 bad_request. */
export const unknownIntent = () => refused({ code: "bad_request", message: "Unknown or missing intent", status: 400 });

/** A thrown refusal as the action's answer; anything else is thrown on (the error page, a 500). */
export function asRefusal<E extends object = object>(err: unknown, extra?: E) {
  if (isRefusal(err)) return refused(err, extra);
  throw err;
}

/**
 * Runs an action's body: what it returns (or throws: a redirect, a Response), or a service's
 * refusal answered with its status and the one error shape.
 */
export async function actionResult<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    return asRefusal(err);
  }
}

/** The message key a person reads for each refusal code an action or the API answers; null for others. */
const MESSAGE_KEYS: Record<string, string> = {
  not_found: "errors.action.notFound",
  bad_request: "errors.action.badRequest",
  validation_failed: "errors.action.invalid",
  forbidden: "errors.action.forbidden",
  conflict: "errors.action.conflict",
  addon_inactive: "errors.action.addonInactive",
};

export const refusalMessageKey = (code: string): string | null => MESSAGE_KEYS[code] ?? null;

/** The error an action answered (from useActionData or a fetcher's data), or null. */
export function errorOf(result: unknown): ActionError | null {
  const error = (result as { error?: unknown } | null | undefined)?.error;
  if (!error || typeof error !== "object") return null;
  const e = error as Partial<ActionError>;
  return typeof e.code === "string" ? actionError(e.code, e.message ?? "", e.details) : null;
}

/** A bulk action's refusal: the first refusal's code and status, with what was done and refused. */
class BulkRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: { deleted: number; refused: { id: string; code: string; message: string }[] },
  ) {
    super(message);
  }
}

/**
 * A bulk delete (`intent=bulk-delete`): each id goes through the one-row delete, so its rules apply
 * to each. A row that is no longer there counts as deleted (another tab deleted it; another site's
 * row answers the same not_found, and is left alone); any other refusal (a malformed id, a row
 * that may not go) does not stop the others. When any was refused, the first refusal is thrown
 * with `details: { deleted, refused: [{ id, code, message }] }`; otherwise answers how many went.
 */
export async function removeEach(ids: readonly string[], remove: (id: string) => Promise<unknown>): Promise<number> {
  let deleted = 0;
  const refusals: { id: string; code: string; message: string; status: number }[] = [];
  for (const id of ids) {
    try {
      await remove(id);
      deleted++;
    } catch (err) {
      if (!isRefusal(err)) throw err;
      if (err.code === "not_found") continue;
      refusals.push({ id, code: err.code, message: err.message, status: err.status });
    }
  }
  const [first] = refusals;
  if (!first) return deleted;
  const refused = refusals.map(({ id, code, message }) => ({ id, code, message }));
  throw new BulkRefusal(first.code, first.message, first.status, { deleted, refused });
}
