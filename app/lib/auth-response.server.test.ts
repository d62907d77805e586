import { describe, expect, it } from "vitest";
import { authErrorKey, cookieHeaders, safeRedirect } from "./auth-response.server";

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses other sites", () => {
    expect(safeRedirect("/dashboard/profile?x=1")).toBe("/dashboard/profile?x=1");
    expect(safeRedirect("https://evil.test/")).toBe("/dashboard");
    expect(safeRedirect("//evil.test/")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.test")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
  });
});

describe("authErrorKey", () => {
  const res = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  it("maps the auth library's codes to messages a person understands", async () => {
    expect(await authErrorKey(res(401, { code: "INVALID_EMAIL_OR_PASSWORD" }))).toBe("errors.invalidCredentials");
    expect(await authErrorKey(res(422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }))).toBe("errors.userExists");
    expect(await authErrorKey(res(429, {}))).toBe("errors.rateLimited");
    expect(await authErrorKey(res(401, { code: "INVALID_CODE" }))).toBe("errors.invalidCode");
    expect(await authErrorKey(res(500, { code: "SOMETHING_NEW" }))).toBe("errors.generic");
  });
});

describe("cookieHeaders", () => {
  it("passes every Set-Cookie on", () => {
    const r = new Response(null);
    r.headers.append("Set-Cookie", "a=1; Path=/");
    r.headers.append("Set-Cookie", "b=2; Path=/");
    expect(cookieHeaders(r).getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });
});
