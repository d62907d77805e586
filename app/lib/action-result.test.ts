import { describe, expect, it } from "vitest";
import { actionResult, asRefusal, errorOf, isRefusal, refused, unknownIntent } from "./action-result";

/** What a service throws: AppError's shape (app/ cannot import it). */
class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Answered = { type: string; data: unknown; init: { status?: number } | null };
const answered = (value: unknown) => value as Answered;

describe("actionResult", () => {
  it("answers what the action returns", async () => {
    expect(await actionResult(async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it("answers another site's id with 404 and the one error shape", async () => {
    const out = answered(
      await actionResult(async () => {
        throw new Refusal("not_found", 404, "Post not found");
      }),
    );
    expect(out.init?.status).toBe(404);
    expect(out.data).toEqual({ error: { code: "not_found", message: "Post not found" } });
  });

  it("keeps the details of a refusal (the fields of a 422)", async () => {
    const details = [{ field: "name", message: "Required" }];
    const out = answered(
      await actionResult(async () => {
        throw new Refusal("validation_failed", 422, "Invalid name", details);
      }),
    );
    expect(out.init?.status).toBe(422);
    expect(out.data).toEqual({ error: { code: "validation_failed", message: "Invalid name", details } });
  });

  it("lets a redirect or a Response through", async () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/dashboard" } });
    await expect(
      actionResult(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
  });

  it("throws on what is not a refusal: a bug, a database error, a 5xx", async () => {
    const bug = new TypeError("x is undefined");
    await expect(
      actionResult(async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    // A driver error has a code too, but no status: it must not be shown as the person's mistake.
    const driver = Object.assign(new Error("invalid input syntax for type uuid"), { code: "22P02" });
    await expect(
      actionResult(async () => {
        throw driver;
      }),
    ).rejects.toBe(driver);
    const unavailable = new Refusal("database_unavailable", 503, "The database is unavailable");
    await expect(
      actionResult(async () => {
        throw unavailable;
      }),
    ).rejects.toBe(unavailable);
  });
});

describe("refusals", () => {
  it("recognises a 4xx code and status only", () => {
    expect(isRefusal(new Refusal("bad_request", 400, "Bad"))).toBe(true);
    expect(isRefusal({ code: "conflict", status: 409, message: "Taken" })).toBe(true);
    expect(isRefusal(new Response(null, { status: 404 }))).toBe(false);
    expect(isRefusal(null)).toBe(false);
    expect(isRefusal({ code: "internal", status: 500, message: "" })).toBe(false);
  });

  it("adds what the screen reads beside the error", () => {
    const out = answered(asRefusal(new Refusal("not_found", 404, "Gone"), { ok: false, intent: "remove" }));
    expect(out.init?.status).toBe(404);
    expect(out.data).toEqual({ ok: false, intent: "remove", error: { code: "not_found", message: "Gone" } });
  });

  it("answers a form without a known intent with 400 bad_request", () => {
    const out = answered(unknownIntent());
    expect(out.init?.status).toBe(400);
    expect(out.data).toMatchObject({ error: { code: "bad_request" } });
  });

  it("reads the error back from an action's data", () => {
    expect(errorOf(answered(refused({ code: "not_found", status: 404, message: "Gone" })).data)).toEqual({
      code: "not_found",
      message: "Gone",
    });
    expect(errorOf({ ok: true })).toBeNull();
    expect(errorOf(undefined)).toBeNull();
    // The member screens' old shape (a translation key as a string) is not an action error.
    expect(errorOf({ ok: false, error: "users.errors.notFound" })).toBeNull();
  });
});
