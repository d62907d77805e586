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

  it("puts the platform on the port it listens on when BASE_DOMAIN is not given", () => {
    expect(loadConfig({ DATA_DIR: ":memory:", PORT: "4000" }, []).baseDomain).toBe("localhost:4000");
    expect(loadConfig({ DATA_DIR: ":memory:", PORT: "80" }, []).baseDomain).toBe("localhost");
    expect(loadConfig({ DATA_DIR: ":memory:", PORT: "4000", BASE_DOMAIN: "Example.com" }, []).baseDomain).toBe(
      "example.com",
    );
    expect(() => loadConfig({ DATA_DIR: ":memory:", PORT: "0" }, [])).toThrow(/BASE_DOMAIN/);
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

describe("PLATFORM_DEFAULTS_<TYPE>", () => {
  it("reads each variable as JSON under its lower-case type", () => {
    const cfg = loadConfig({ DATA_DIR: ":memory:", PLATFORM_DEFAULTS_VIDEO_HOSTING: '{"key":"k"}' }, []);
    expect(cfg.platformDefaults).toEqual({ video_hosting: { key: "k" } });
  });
  it("names a variable that is not JSON", () => {
    expect(() => loadConfig({ DATA_DIR: ":memory:", PLATFORM_DEFAULTS_X: "{nope" }, [])).toThrow(/PLATFORM_DEFAULTS_X/);
  });
});

describe("background work", () => {
  it("reads each queue's concurrency from JOB_CONCURRENCY_<QUEUE>, and the retry overrides", () => {
    const cfg = loadConfig(
      { DATA_DIR: ":memory:", JOB_CONCURRENCY_MAIL_DELIVER: "20", JOB_RETRY_LIMIT: "0", JOB_RETRY_DELAY_SECONDS: "2" },
      [],
    );
    expect(cfg.jobConcurrency).toEqual({ MAIL_DELIVER: 20 });
    expect(cfg.jobRetryLimit).toBe(0);
    expect(cfg.jobRetryDelaySeconds).toBe(2);
    expect(loadConfig({ DATA_DIR: ":memory:" }, []).jobConcurrency).toEqual({});
  });
  it("names a concurrency that is not a whole number from 1 to 200", () => {
    for (const bad of ["0", "2.5", "many", "500"]) {
      expect(() => loadConfig({ DATA_DIR: ":memory:", JOB_CONCURRENCY_EVENTS_DISPATCH: bad }, [])).toThrow(
        /JOB_CONCURRENCY_EVENTS_DISPATCH/,
      );
    }
  });
});

describe("file storage", () => {
  it("keeps files in memory with DATA_DIR=:memory: and under DATA_DIR/storage otherwise", () => {
    expect(loadConfig({ DATA_DIR: ":memory:" }, []).storage).toEqual({ driver: "memory" });
    const cfg = loadConfig({ DATA_DIR: "/srv/atrium", AUTH_SECRET: "x".repeat(32) }, []);
    expect(cfg.storage).toEqual({ driver: "fs", dir: "/srv/atrium/storage" });
  });
  it("reads the S3-compatible settings", () => {
    const cfg = loadConfig(
      {
        DATA_DIR: ":memory:",
        STORAGE_DRIVER: "s3",
        S3_ENDPOINT: "http://127.0.0.1:4568",
        S3_REGION: "eu-west-1",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_BUCKET_PREFIX: "atrium",
      },
      [],
    );
    expect(cfg.storage).toEqual({
      driver: "s3",
      s3: {
        endpoint: "http://127.0.0.1:4568",
        region: "eu-west-1",
        accessKeyId: "key",
        secretAccessKey: "secret",
        bucketPrefix: "atrium",
      },
    });
  });
  it("names what is missing or wrong for S3", () => {
    expect(() => loadConfig({ DATA_DIR: ":memory:", STORAGE_DRIVER: "s3" }, [])).toThrow(
      /S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: ":memory:", STORAGE_DRIVER: "ftp" }, [])).toThrow(/STORAGE_DRIVER/);
    expect(() =>
      loadConfig(
        { DATA_DIR: ":memory:", S3_ENDPOINT: "not a url", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" },
        [],
      ),
    ).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ DATA_DIR: ":memory:", S3_BUCKET_PREFIX: "Bad_Prefix" }, [])).toThrow(/S3_BUCKET_PREFIX/);
  });
});
