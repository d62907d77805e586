import { describe, expect, it } from "vitest";
import { webProcessCount } from "./processes";

const pg = "postgres://db.example/atrium";
const fs = { driver: "fs", dir: "/srv/atrium/storage" } as const;

describe("webProcessCount", () => {
  it("runs one process per core on PostgreSQL when set to auto", () => {
    expect(webProcessCount({ databaseUrl: pg, role: "all", webProcesses: "auto", storage: fs }, 4)).toBe(4);
    expect(webProcessCount({ databaseUrl: pg, role: "web", webProcesses: "auto", storage: fs }, 1)).toBe(1);
  });

  it("runs the number asked for on PostgreSQL", () => {
    expect(webProcessCount({ databaseUrl: pg, role: "all", webProcesses: 3, storage: fs }, 8)).toBe(3);
  });

  it("runs one process on the embedded database, which only one process can open", () => {
    expect(webProcessCount({ databaseUrl: undefined, role: "all", webProcesses: 4, storage: fs }, 8)).toBe(1);
  });

  it("runs one process for a job worker, which serves no HTTP", () => {
    expect(webProcessCount({ databaseUrl: pg, role: "worker", webProcesses: "auto", storage: fs }, 8)).toBe(1);
  });

  it("runs one process when uploads are kept in memory, where only that process finds them", () => {
    expect(webProcessCount({ databaseUrl: pg, role: "all", webProcesses: 4, storage: { driver: "memory" } }, 8)).toBe(
      1,
    );
  });
});
