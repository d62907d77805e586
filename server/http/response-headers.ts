// Setting headers on an answer after its handler made it: a Response with immutable headers (from
// Response.redirect, or one passed through from a library) is copied first.
import type { Context } from "hono";

export function setHeaders(c: Context, headers: Record<string, string>) {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    c.res = copy;
  }
}
