import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageRender } from "./page-render";

const render = (document: unknown) => renderToStaticMarkup(createElement(PageRender, { document }));

describe("PageRender", () => {
  it("draws a stored page's blocks in order, blocks inside columns included", () => {
    const html = render({
      root: { props: {} },
      content: [
        {
          type: "Hero",
          props: { id: "h", heading: "Welcome", text: "", buttonLabel: "", buttonLink: "", backgroundImage: "" },
        },
        {
          type: "Columns",
          props: {
            id: "c",
            count: "2",
            column1: [{ type: "RichText", props: { id: "r1", html: "<p>Left side</p>" } }],
            column2: [
              {
                type: "CallToAction",
                props: { id: "a", heading: "Join", text: "", buttonLabel: "Go", buttonLink: "/signup" },
              },
            ],
            column3: [],
            column4: [],
          },
        },
      ],
    });
    expect(html).toContain("<h1>Welcome</h1>");
    expect(html.indexOf("Welcome")).toBeLessThan(html.indexOf("Left side"));
    expect(html).toMatch(/<div class="pb-column"><div class="pb-rich pb-inner"><p>Left side<\/p><\/div><\/div>/);
    expect(html).toContain('href="/signup"');
  });

  it("skips blocks it does not know and survives an empty or malformed document", () => {
    expect(
      render({ content: [{ type: "Nope", props: {} }, null, { type: "RichText", props: { html: "<p>x</p>" } }] }),
    ).toContain("<p>x</p>");
    expect(render(null)).toBe('<div class="page-blocks"><div></div></div>');
    expect(render({ content: "broken" })).toBe('<div class="page-blocks"><div></div></div>');
  });

  it("draws a hero's picture as an image at the widths a screen may need, fetched first", () => {
    const html = render({
      content: [
        {
          type: "Hero",
          props: { heading: "H", text: "", buttonLabel: "", buttonLink: "", backgroundImage: "/media/abc/campus.jpg" },
        },
      ],
    });
    expect(html).toMatch(/<img[^>]+class="pb-hero-picture"/);
    expect(html).toContain("/media/abc/campus.jpg?w=640 640w");
    expect(html).toMatch(/fetchPriority="high"|fetchpriority="high"/);
  });
});
