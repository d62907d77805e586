// The edge: every error leaves as { error: { code, message, details } } (or the spec's own shapes),
// an unknown one as a 500 with a log id and no stack trace.
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { isConnectionLoss } from "../db/client";
import { AppError, databaseUnavailable, validationError } from "../errors";

// The schema-failure helpers live beside the error type so services can use them too.
export { validationError, zodDetails } from "../errors";

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

export function handleError(caught: Error, c: Context) {
  // A lost connection outside withTenant/withPlatform (a driver error as is) answers like inside.
  const err = !(caught instanceof AppError) && isConnectionLoss(caught) ? databaseUnavailable(caught) : caught;
  if (err instanceof AppError) {
    // Clients and proxies may retry: a new connection is opened for the next request.
    if (err.status === 503) c.header("Retry-After", "2");
    // A rate limit says when to come back.
    const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
    if (err.status === 429 && typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
    if (err.code === "not_authenticated") {
      // Spec §8 fixes this shape for a missing session.
      return c.json(
        { code: "not_authenticated", message: err.message, ...(err.details ? { details: err.details } : {}) },
        401,
      );
    }
    return c.json(errorBody(err.code, err.message, err.details), err.status as 400);
  }
  if (err instanceof ZodError) {
    const e = validationError(err);
    return c.json(errorBody(e.code, e.message, e.details), 422);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 413
        ? "payload_too_large"
        : status === 415
          ? "unsupported_media_type"
          : /malformed json/i.test(err.message)
            ? "invalid_json"
            : status === 404
              ? "not_found"
              : "bad_request";
    const message =
      code === "invalid_json"
        ? "The request body is not valid JSON"
        : code === "unsupported_media_type"
          ? "Send the body as application/json"
          : code === "payload_too_large"
            ? "The request body is too large"
            : err.message || "Bad request";
    return c.json(errorBody(code, message), status);
  }
  const logId = randomUUID();
  console.error(`[error ${logId}]`, err);
  return c.json(errorBody("internal", `Something went wrong on our side (log id ${logId})`, { logId }), 500);
}
