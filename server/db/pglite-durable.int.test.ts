// The embedded database in a directory is durable: PostgreSQL runs with fsync on, and a commit
// really asks the operating system to put the write-ahead log on the disk before it returns.
import fs, { mkdtempSync, rmSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe("the embedded database on disk", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "atrium-durable-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs with fsync on, and a commit reaches the disk before it returns", async () => {
    const database = await openDatabase({ dataDir });
    try {
      expect((await database.sql("show fsync")).rows[0].fsync).toBe("on");
      await database.sql("create table visits (id int primary key)");
      const real = fs.fsyncSync;
      let syncs = 0;
      fs.fsyncSync = (fd) => {
        syncs++;
        real(fd);
      };
      syncBuiltinESMExports();
      try {
        await database.sql("insert into visits values (1)");
      } finally {
        fs.fsyncSync = real;
        syncBuiltinESMExports();
      }
      expect(syncs).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it("opens the same directory again with what was committed", async () => {
    const database = await openDatabase({ dataDir });
    try {
      expect((await database.sql("select id from visits")).rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
  });
});
