import { describe, expect, it } from "vitest";
import { invitationPath, invitationTokenOf } from "./invitation-path";

describe("invitation paths", () => {
  it("finds the token of an invitation page's path, and of nothing else", () => {
    const token = "Ab3_-x9QzLmN0pR";
    expect(invitationTokenOf(invitationPath(token))).toBe(token);
    for (const other of [
      "/dashboard",
      "/invitation/",
      "/invitation/a/b",
      "//evil.test/invitation/x",
      null,
      undefined,
    ]) {
      expect(invitationTokenOf(other), String(other)).toBeNull();
    }
    expect(invitationTokenOf("/invitation/abc?x=1")).toBeNull();
  });
});
