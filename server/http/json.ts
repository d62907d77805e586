// Reading JSON bodies for the spec's own endpoints: malformed JSON and wrong shapes become 4xx
// errors that name the problem, before anything is written.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";
import { validationError } from "./errors";

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new AppError("unsupported_media_type", "Send the body as application/json");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The query string checked against a schema; a missing or bad parameter is a 422 naming it. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
