import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stars } from "./stars";

const markup = (props: Parameters<typeof Stars>[0]) => renderToStaticMarkup(createElement(Stars, props));

describe("read-only stars", () => {
  it("fill the rating's share of the row", () => {
    expect(markup({ value: 4.5 })).toContain('style="width:90%"');
    expect(markup({ value: 1 })).toContain('style="width:20%"');
    expect(markup({ value: 7 })).toContain('style="width:100%"');
    expect(markup({ value: -1 })).toContain('style="width:0%"');
  });

  it("are named for screen readers when given a label, and hidden from them otherwise", () => {
    const named = markup({ value: 4, label: "4 of 5 stars" });
    expect(named).toMatch(/^<span class="stars" data-size="sm" role="img" aria-label="4 of 5 stars">/);
    expect(markup({ value: 4 })).toMatch(/^<span class="stars" data-size="sm" aria-hidden="true">/);
  });

  it("draw five stars in each row", () => {
    const d = markup({ value: 3 }).match(/ d="([^"]+)"/)?.[1] ?? "";
    expect(d.match(/M/g)).toHaveLength(5);
    expect(d).toContain("M108 2.5");
  });
});
