import { describe, expect, it } from "vitest";
import { messageIdFor, senderDomain } from "./message-id";

describe("Message-ID of an outbox row", () => {
  it("is the row's id at the sender's domain, whatever form the sender takes", () => {
    const id = "6f1c1f9e-5b7a-4a53-9d47-0d6c2c1f2a11";
    expect(messageIdFor(id, "School <school@Pottery.example>")).toBe(`<${id}@pottery.example>`);
    expect(messageIdFor(id, "no-reply@atrium.test")).toBe(`<${id}@atrium.test>`);
  });

  it("falls back to the product's domain for a sender without a usable one", () => {
    expect(senderDomain("School")).toBeNull();
    expect(senderDomain("bad <x@exa mple.org>")).toBeNull();
    expect(messageIdFor("a", "School")).toBe("<a@atrium.localhost>");
  });
});
