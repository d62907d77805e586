import { describe, expect, it } from "vitest";
import { addressOf, automationMessage, personValues, redirectTarget, webhookPayload } from "./automation-actions";

const person = { userId: "u1", email: "ada@example.org" };

describe("the automation actions' arguments", () => {
  it("reads {{email}} as the person's address and keeps a given one", () => {
    expect(addressOf("{{email}}", person)).toBe("ada@example.org");
    expect(addressOf(" Boss@Example.org ", person)).toBe("boss@example.org");
    expect(addressOf("{{email}}", { userId: "u1", email: null })).toBeNull();
  });

  it("fills the campaign tokens and {{email}}, and says New mail without a subject", () => {
    const values = personValues(
      person,
      { email: "ada@example.org", name: "Ada Lovelace", fields: { plan: "gold" } },
      {
        name: "School",
      },
    );
    const m = automationMessage(
      { email_template: "<p>Hi {{contact.first_name}} ({{email}}), {{contact.fields.plan}} at {{site.name}}</p>" },
      values,
    );
    expect(m.subject).toBe("New mail");
    expect(m.html).toBe("<p>Hi Ada (ada@example.org), gold at School</p>");
    expect(m.text).toContain("Hi Ada (ada@example.org), gold at School");
    expect(automationMessage({ email_template: "x", subject: "Welcome {{contact.first_name}}" }, values).subject).toBe(
      "Welcome Ada",
    );
  });

  it("escapes what a person typed in the HTML", () => {
    const values = personValues(person, { email: "ada@example.org", name: "<b>Ada</b>", fields: {} }, { name: "S" });
    expect(automationMessage({ email_template: "{{contact.name}}" }, values).html).toBe("&lt;b&gt;Ada&lt;/b&gt;");
  });

  it("sends a member to a page of the site or an http(s) address, nothing else", () => {
    expect(redirectTarget("/thank-you")).toBe("/thank-you");
    expect(redirectTarget("https://example.org/next")).toBe("https://example.org/next");
    expect(redirectTarget("//evil.example/")).toBeNull();
    expect(redirectTarget("/\\evil.example")).toBeNull();
    expect(redirectTarget("javascript:alert(1)")).toBeNull();
  });

  it("gives the webhook receiver the run, the automation, the trigger, the event and the person", () => {
    const at = new Date("2026-01-02T03:04:05Z");
    expect(
      webhookPayload({
        runId: "r1",
        automation: { id: "a1", name: "Welcome" },
        trigger: "tag_added",
        payload: { tag: "vip" },
        person,
        sentAt: at,
      }),
    ).toEqual({
      id: "r1",
      automation: { id: "a1", name: "Welcome" },
      trigger: "tag_added",
      event: { tag: "vip" },
      person: { userId: "u1", email: "ada@example.org" },
      sent_at: "2026-01-02T03:04:05.000Z",
    });
  });
});
