import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("defaults to the embedded database on localhost:3000", () => {
    const cfg = loadConfig({ DATA_DIR: ":memory:" }, ["node", "main.js"]);
    expect(cfg.databaseUrl).toBeUndefined();
    expect(cfg.baseDomain).toBe("localhost:3000");
    expect(cfg.port).toBe(3000);
    expect(cfg.role).toBe("all");
    expect(cfg.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: ":memory:" }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: ":memory:" }, [])).toThrow(/PORT/);
    expect(() => loadConfig({ BASE_DOMAIN: "http://x", DATA_DIR: ":memory:" }, [])).toThrow(/BASE_DOMAIN/);
    expect(() => loadConfig({ AUTH_SECRET: "short", DATA_DIR: ":memory:" }, [])).toThrow(/AUTH_SECRET/);
  });

  it("takes the process role from --role, and refuses an unknown one", () => {
    expect(loadConfig({ DATA_DIR: ":memory:" }, ["node", "main.js", "--role=worker"]).role).toBe("worker");
    expect(() => loadConfig({ DATA_DIR: ":memory:" }, ["node", "main.js", "--role=cook"])).toThrow(/--role/);
  });

  it("reads the staff list case-insensitively", () => {
    const cfg = loadConfig({ DATA_DIR: ":memory:", STAFF_EMAILS: " Ada@Example.com, bob@example.com ,," }, []);
    expect(cfg.staffEmails).toEqual(["ada@example.com", "bob@example.com"]);
  });
});
