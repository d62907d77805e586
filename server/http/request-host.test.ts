import { describe, expect, it } from "vitest";
import { requestHost } from "./request-host";

const decide = (url: string, headers: Record<string, string>, trustProxy = false) =>
  requestHost(url, new Headers(headers), trustProxy);

describe("requestHost", () => {
  it("is the Host header when the target agrees with it, in any case and with the default port", () => {
    expect(decide("http://a.example.org/x", { host: "a.example.org" })).toEqual({ ok: true, host: "a.example.org" });
    expect(decide("http://a.example.org/x", { host: "A.Example.ORG:80" })).toEqual({ ok: true, host: "a.example.org" });
    expect(decide("http://a.example.org:3000/", { host: "a.example.org:3000" })).toEqual({
      ok: true,
      host: "a.example.org:3000",
    });
  });

  it("refuses an absolute-form target that names another host than the Host header", () => {
    expect(decide("http://b.example.org/x", { host: "a.example.org" })).toMatchObject({ ok: false });
    expect(decide("http://a.example.org:3001/", { host: "a.example.org:3000" })).toMatchObject({ ok: false });
  });

  it("refuses a Host header that is not a host name", () => {
    for (const host of ["a.example.org@b.example.org", "a.example.org/b", "", "a b"]) {
      expect(decide("http://a.example.org/", { host }), host).toMatchObject({ ok: false });
    }
  });

  it("without a Host header (an in-process request), is the URL's host", () => {
    expect(decide("http://demo.atrium.test:3000/api", {})).toEqual({ ok: true, host: "demo.atrium.test:3000" });
  });

  it("takes X-Forwarded-Host only from a trusted proxy, and then its last entry", () => {
    const headers = { host: "127.0.0.1:3000", "x-forwarded-host": "evil.example, school.example.org" };
    expect(decide("http://127.0.0.1:3000/", headers, false)).toEqual({ ok: true, host: "127.0.0.1:3000" });
    expect(decide("http://127.0.0.1:3000/", headers, true)).toEqual({ ok: true, host: "school.example.org" });
    expect(decide("http://127.0.0.1:3000/", { ...headers, "x-forwarded-host": "x@y" }, true)).toMatchObject({
      ok: false,
    });
  });
});
