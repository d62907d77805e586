import { describe, expect, it } from "vitest";
import { isConnectionLoss } from "./connection-loss";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isConnectionLoss", () => {
  it("knows the server ending the session and the connection exceptions, wrapped or not", () => {
    expect(isConnectionLoss(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isConnectionLoss(wrapped(pgError("57P02")))).toBe(true);
    expect(isConnectionLoss(wrapped(pgError("57P03")))).toBe(true);
    expect(isConnectionLoss(wrapped(pgError("08006")))).toBe(true);
  });

  it("knows what pg says about a dead or unreachable socket", () => {
    expect(isConnectionLoss(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionLoss(wrapped(new Error("Client has encountered a connection error and is not queryable")))).toBe(
      true,
    );
    expect(isConnectionLoss(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("counts socket errors only when they come from the database", () => {
    const refused = pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    expect(isConnectionLoss(refused, { fromDatabase: true })).toBe(true);
    // An SMTP server or a payment provider refusing is not the database.
    expect(isConnectionLoss(wrapped(refused))).toBe(false);
  });

  it("leaves every other error alone", () => {
    expect(isConnectionLoss(pgError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isConnectionLoss(pgError("42501", "permission denied for table users"))).toBe(false);
    expect(isConnectionLoss(new Error("Something else"))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
