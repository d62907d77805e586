import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { cleanPageDocument } from "./document";

const fails = (doc: unknown) => {
  try {
    cleanPageDocument(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError & { details: { field: string }[] }).details;
  }
  throw new Error("expected the document to be refused");
};

describe("page documents", () => {
  it("keeps known blocks and their props, dropping unknown props", () => {
    const doc = cleanPageDocument({
      content: [
        { type: "Hero", props: { id: "Hero-1", heading: "Hi", buttonLink: "/signup", extra: "x" } },
        { type: "FAQ", props: { items: [{ question: "Q?", answer: "A." }] } },
      ],
      root: { props: { title: "T" } },
    });
    expect(doc.content[0]).toEqual({
      type: "Hero",
      props: { id: "Hero-1", heading: "Hi", text: "", buttonLabel: "", buttonLink: "/signup", backgroundImage: "" },
    });
    expect(doc.content[1]).toMatchObject({ props: { items: [{ question: "Q?", answer: "A." }] } });
    expect(doc.root).toEqual({ props: { title: "T" } });
  });

  it("sanitises rich text: no script, no event handlers", () => {
    const doc = cleanPageDocument({
      content: [
        {
          type: "RichText",
          props: { html: '<p>ok</p><script>alert(1)</script><img src="/x.png" onerror="alert(1)">' },
        },
      ],
    });
    const html = (doc.content[0] as { props: { html: string } }).props.html;
    expect(html).toContain("<p>ok</p>");
    expect(html).not.toMatch(/script|onerror/i);
  });

  it("refuses javascript: and protocol-relative addresses, naming the field", () => {
    expect(fails({ content: [{ type: "Hero", props: { buttonLink: "javascript:alert(1)" } }] })[0].field).toBe(
      "document.content.0.props.buttonLink",
    );
    expect(fails({ content: [{ type: "Image", props: { src: "//evil.example/x.png" } }] })[0].field).toBe(
      "document.content.0.props.src",
    );
    expect(
      fails({
        content: [{ type: "PricingTable", props: { tiers: [{ name: "A", buttonLink: "data:text/html,x" }] } }],
      })[0].field,
    ).toBe("document.content.0.props.tiers.0.buttonLink");
  });

  it("refuses unknown blocks and bad shapes", () => {
    expect(fails({ content: [{ type: "Script", props: {} }] })[0].field).toBe("document.content.0.type");
    expect(fails({ content: "nope" })[0].field).toBe("document");
    expect(fails({ content: [{ type: "Columns", props: { count: "7" } }] })[0].field).toBe(
      "document.content.0.props.count",
    );
  });

  it("checks blocks inside columns too", () => {
    const doc = cleanPageDocument({
      content: [
        {
          type: "Columns",
          props: { count: "2", column1: [{ type: "RichText", props: { html: "<b onclick=x>a</b>" } }], column2: [] },
        },
      ],
    });
    const col = (doc.content[0] as { props: { column1: { props: { html: string } }[] } }).props.column1;
    expect(col[0].props.html).toBe("<b>a</b>");
    expect(
      fails({
        content: [{ type: "Columns", props: { column1: [{ type: "Video", props: { url: "javascript:x" } }] } }],
      })[0].field,
    ).toBe("document.content.0.props.column1.0.props.url");
  });
});
