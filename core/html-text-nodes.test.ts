import { describe, expect, it } from "vitest";
import { mapHtmlText } from "./html-text-nodes";

describe("mapHtmlText", () => {
  it("changes the text between tags, never a tag or an attribute", () => {
    const html = '<p class="bad">bad <a href="https://x.org/bad">bad</a> good</p>';
    expect(mapHtmlText(html, (t) => t.replace(/bad/g, "***"))).toBe(
      '<p class="bad">*** <a href="https://x.org/bad">***</a> good</p>',
    );
  });
  it("leaves text without tags whole", () => {
    expect(mapHtmlText("plain bad", (t) => t.toUpperCase())).toBe("PLAIN BAD");
  });
});
