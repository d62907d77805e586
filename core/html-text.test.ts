import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText } from "./html-text";

describe("htmlToText on one line (excerpts, descriptions, search, notifications)", () => {
  it("keeps paragraphs, headings and list items apart", () => {
    expect(htmlToText("<h2>Welcome</h2><p>First paragraph.</p><p>Second paragraph.</p>")).toBe(
      "Welcome First paragraph. Second paragraph.",
    );
    expect(htmlToText("<ul><li>One</li><li>Two</li></ul><blockquote>Quote</blockquote><div>End</div>")).toBe(
      "One Two Quote End",
    );
    expect(htmlToText("<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>")).toBe("A B 1 2");
  });
  it("turns <br> into a break and leaves inline elements joined", () => {
    expect(htmlToText("Line one<br>Line two<br/>three")).toBe("Line one Line two three");
    expect(htmlToText("<p>in<strong>line</strong> <em>words</em></p>")).toBe("inline words");
  });
  it("says nothing for scripts, styles and comments, and decodes entities", () => {
    expect(htmlToText("<p>Fish &amp; chips</p>\n<p>&lt;tasty&gt;</p>")).toBe("Fish & chips <tasty>");
    expect(
      htmlToText("<style>p{x:1}</style><script>alert(1)</script><!-- note --><p>Shown&nbsp;&#233;&#x2014;</p>"),
    ).toBe("Shown é—");
    expect(htmlToText('<a title="a>b" href="/x">link</a> & 3 < 4')).toBe("link & 3 < 4");
  });
});

describe("htmlToText with lines (e-mail text)", () => {
  it("puts paragraphs apart and breaks and list items on their own lines", () => {
    expect(
      htmlToText("<h1>Title</h1><p>Para one<br>still one</p><ul><li>A</li><li>B</li></ul><p>Para two</p>", {
        lines: true,
      }),
    ).toBe("Title\n\nPara one\nstill one\n\nA\nB\n\nPara two");
  });
  it("keeps the lines of preformatted text", () => {
    expect(htmlToText("<pre>a\n  b</pre>", { lines: true })).toBe("a\nb");
  });
});

describe("decodeEntities", () => {
  it("leaves unknown names and impossible numbers as written", () => {
    expect(decodeEntities("&bogus; &#0; &#x110000; &quot;x&quot;")).toBe('&bogus; &#0; &#x110000; "x"');
  });
});
