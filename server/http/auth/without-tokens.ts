// A session token lives in its HttpOnly cookie and nowhere else: script on a page (or anything that
// reads a response body) never gets one. The auth library puts tokens in its JSON answers
// (sign-in, sign-up, get-session, list-sessions, the second-factor check); they are taken out here.

const TOKEN_KEY = "token";

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== TOKEN_KEY)
        .map(([key, v]) => [key, strip(v)]),
    );
  }
  return value;
}

/** The response with every `token` field removed from its JSON body; other responses as they are. */
export async function withoutTokens(res: Response): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(strip(body)), { status: res.status, statusText: res.statusText, headers });
}
