import { describe, expect, it } from "vitest";
import {
  isPrivateAddress,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  webhookInputSchema,
  webhookPatchSchema,
  webhookUrlProblem,
} from "./webhooks";

describe("webhook retries", () => {
  it("waits 1 min, 5 min, 30 min, 2 h and 8 h, then stops after the sixth attempt", () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([60, 300, 1800, 7200, 28800]);
    expect(retryDelaySeconds(6)).toBeNull();
    expect(retryDelaySeconds(0)).toBeNull();
  });
});

describe("webhook URLs", () => {
  const dev = { production: false };
  const prod = { production: true };

  it("takes https anywhere public, and plain http only to this machine outside production", () => {
    expect(webhookUrlProblem("https://hooks.example.com/in", prod)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/in", dev)).toBeNull();
    expect(webhookUrlProblem("http://localhost/in", dev)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/in", prod)).toBe("httpsRequired");
    expect(webhookUrlProblem("http://hooks.example.com/in", dev)).toBe("httpsRequired");
  });

  it("refuses private, link-local and local addresses in production", () => {
    for (const url of [
      "https://10.0.0.5/",
      "https://192.168.1.1/",
      "https://172.20.0.1/",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://localhost/",
      "https://db.internal/",
    ]) {
      expect(webhookUrlProblem(url, prod), url).toBe("privateAddress");
    }
    expect(webhookUrlProblem("https://10.0.0.5/", dev)).toBeNull();
  });

  it("refuses what is not a URL, other schemes and credentials", () => {
    expect(webhookUrlProblem("hooks.example.com", prod)).toBe("invalid");
    expect(webhookUrlProblem("ftp://example.com/", prod)).toBe("invalid");
    expect(webhookUrlProblem("https://u:p@example.com/", prod)).toBe("credentials");
  });

  it("tells private addresses from public ones", () => {
    expect(isPrivateAddress("100.64.0.1")).toBe(true);
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("172.32.0.1")).toBe(false);
    expect(isPrivateAddress("fd00::1")).toBe(true);
    expect(isPrivateAddress("2606:4700::1111")).toBe(false);
  });
});

describe("an endpoint's input", () => {
  it("names the field at fault: an unknown event, no event, a bad URL", () => {
    const schema = webhookInputSchema({ production: true });
    const bad = schema.safeParse({ url: "http://example.com", events: ["course_subscribed", "nope"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["url", "events.1"]);
    expect(schema.safeParse({ url: "https://example.com", events: [] }).error?.issues[0].path).toEqual(["events"]);
    expect(schema.parse({ url: " https://example.com/in ", events: ["payment_success", "payment_success"] })).toEqual({
      url: "https://example.com/in",
      events: ["payment_success"],
      description: "",
      enabled: true,
    });
  });

  it("changes only what a patch gives", () => {
    const patch = webhookPatchSchema({ production: true });
    expect(patch.parse({ enabled: false })).toEqual({ enabled: false });
    expect(patch.safeParse({ events: [] }).success).toBe(false);
  });
});
