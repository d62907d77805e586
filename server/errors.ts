// One error type with a closed list of codes. The internal message stays in logs; `message` is what
// a caller reads. Converted to JSON once, at the HTTP edge.
import type { ZodError } from "zod";
import { isUuid } from "../core/uuid";
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 422,
  not_authenticated: 401,
  forbidden: 403,
  plan_required: 403,
  /** The plan includes the addon but the site's owner switched it off on the addons screen (decision 0033). */
  addon_inactive: 403,
  feature_disabled: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  /** The site's plan does not allow one more of this (details: limit, value, used, plan, raisedBy). */
  plan_limit: 403,
  unsupported_media_type: 415,
  rate_limited: 429,
  origin_mismatch: 403,
  /** Staff have suspended the site: its API refuses every request (decision 0031). */
  site_suspended: 403,
  /** The course has no seat left (the enrol endpoint answers the spec's Seats Error body). */
  seats: 409,
  /** The invitation's link is past its expiry; the site's owner can send a new one. */
  invitation_expired: 410,
  /** The enrolment's expiry has passed; its items no longer open. */
  enrolment_expired: 403,
  /** Unit lock or drip keeps this curriculum item closed for now. */
  item_locked: 403,
  /** A timed quiz attempt is over; the server takes no more answers. */
  time_limit: 409,
  /** The coupon cannot be used now; details name the §8 message key (cart.couponLimit, …). */
  coupon_rejected: 422,
  /** The payment provider refused or failed the payment. */
  payment_failed: 402,
  /** A provider message whose signature does not verify. */
  invalid_signature: 400,
  /** This installation has no AI provider set up (AI_PROVIDER is off); staff can switch one on. */
  ai_unavailable: 503,
  internal: 500,
  /** The database connection was lost (a failover, a restart); the same request shortly after succeeds. */
  database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const databaseUnavailable = (cause: unknown) =>
  Object.assign(new AppError("database_unavailable", "The database is unavailable for a moment; try again shortly"), {
    cause,
  });

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);

/**
 * The id as given, when it is a UUID. A malformed id is the caller's mistake (400), refused before
 * any query sees it: PostgreSQL would fail on it with a syntax error, not answer "no such row".
 */
export function requireUuid(id: unknown, what = "Resource", field = "id"): string {
  if (typeof id === "string" && isUuid(id)) return id;
  const message = `${what} id is not a valid id`;
  throw new AppError("bad_request", message, [{ field, message }]);
}

/** The exact §8 message for a request without a session. */
export const NOT_AUTHENTICATED_MESSAGE = "The user does not have an active session or is not authenticated";
export const notAuthenticated = () => new AppError("not_authenticated", NOT_AUTHENTICATED_MESSAGE);

/** An error about one input field, with details in the same shape as schema validation errors. */
export const fieldError = (
  code: "validation_failed" | "conflict" | "payload_too_large" | "plan_required",
  field: string,
  message: string,
) => new AppError(code, message, [{ field, message }]);

/** Each zod issue as { field, message }; an unknown key is named itself ("settings.plan"). */
export function zodDetails(err: ZodError) {
  return err.issues.map((i) => {
    const path = i.code === "unrecognized_keys" ? [...i.path, i.keys[0]] : i.path;
    return { field: path.join(".") || "(body)", message: i.message };
  });
}

/** A schema failure as the one error type: 422 validation_failed, the first field named in the message. */
export function validationError(err: ZodError) {
  const details = zodDetails(err);
  const first = details[0];
  const field = first && first.field !== "(body)" ? first.field : "body";
  return new AppError("validation_failed", `Invalid ${field}: ${err.issues[0]?.message ?? "bad value"}`, details);
}
