import { describe, expect, it } from "vitest";
import { safeColor, safeHref, safeImageSrc } from "./safe-url";

describe("owner-entered URLs", () => {
  it("keeps web, mail and phone links and site paths", () => {
    expect(safeHref("https://example.org/a?b#c")).toBe("https://example.org/a?b#c");
    expect(safeHref("/courses")).toBe("/courses");
    expect(safeHref("#top")).toBe("#top");
    expect(safeHref("mailto:a@b.test")).toBe("mailto:a@b.test");
    expect(safeHref("about")).toBe("/about");
  });

  it("drops script and protocol-relative links", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("//evil.test")).toBeNull();
    expect(safeHref("")).toBeNull();
  });

  it("images only from the web or this site", () => {
    expect(safeImageSrc("https://cdn.test/logo.png")).toBe("https://cdn.test/logo.png");
    expect(safeImageSrc("/storage/logo.png")).toBe("/storage/logo.png");
    expect(safeImageSrc("javascript:x")).toBeNull();
  });

  it("colours only as colours", () => {
    expect(safeColor("#ff0")).toBe("#ff0");
    expect(safeColor("rgba(0, 0, 0, 0.5)")).toBe("rgba(0, 0, 0, 0.5)");
    expect(safeColor("teal")).toBe("teal");
    expect(safeColor("red; background: url(x)")).toBeUndefined();
  });
});
