import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "./rich";

describe("sanitizeRichHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h2>Title</h2><p style="text-align:center">Hi <strong>there</strong> <a href="https://x.test">x</a></p>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers and javascript: links", () => {
    const out = sanitizeRichHtml(
      '<p onclick="steal()">a</p><script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">b</a><iframe src="https://evil.test"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(out).toContain("<p>a</p>");
  });

  it("keeps only text alignment in style", () => {
    expect(sanitizeRichHtml('<p style="position:fixed;text-align:right">a</p>')).toBe(
      '<p style="text-align:right">a</p>',
    );
  });
});
