import { describe, expect, it } from "vitest";
import { contactValues, linksOf, mergeTokens, renderMessage, rewriteLinks } from "./campaign-merge";

const values = contactValues(
  { email: "ana@example.com", name: "Ana <b>Lopez</b>", fields: { city: "Porto", plan: 3 } },
  { name: "Yoga & Co" },
  "https://yoga.test/e/u/tok",
);

describe("mergeTokens", () => {
  it("fills contact and site tokens, escaping HTML", () => {
    expect(mergeTokens("Hi {{contact.name}} from {{ site.name }}", values)).toBe(
      "Hi Ana &lt;b&gt;Lopez&lt;/b&gt; from Yoga &amp; Co",
    );
    expect(mergeTokens("{{contact.first_name}} {{contact.email}}", values)).toBe("Ana ana@example.com");
    expect(mergeTokens("{{contact.fields.city}}/{{contact.fields.plan}}", values)).toBe("Porto/3");
  });
  it("uses the default when the value is empty or unknown", () => {
    const noName = contactValues({ email: "x@example.com", name: "" }, { name: "S" }, "u");
    expect(mergeTokens("Hello {{contact.name|there}}", noName)).toBe("Hello there");
    expect(mergeTokens("[{{contact.fields.missing}}]", noName)).toBe("[]");
    expect(mergeTokens("{{nothing.here|friend}}", noName)).toBe("friend");
  });
  it("puts text values unescaped in text mode (subjects)", () => {
    expect(mergeTokens("For {{site.name}}", values, "text")).toBe("For Yoga & Co");
  });
  it("fills the event tokens; link tokens keep their HTML, others are escaped", () => {
    const ev = {
      user: "Bo",
      "course.titlelink": '<a href="https://s.test/c/1">Yoga 1</a>',
      "student.marks": "8/10",
      "review.title": "<script>x</script>",
      "review.rating": 5,
    };
    expect(mergeTokens("{{user}}: {{course.titlelink}} {{student.marks}} {{review.rating}}", ev)).toBe(
      'Bo: <a href="https://s.test/c/1">Yoga 1</a> 8/10 5',
    );
    expect(mergeTokens("{{review.title}}", ev)).toBe("&lt;script&gt;x&lt;/script&gt;");
  });
});

describe("links", () => {
  const body =
    '<p><a href="https://a.test/x?y=1&amp;z=2">A</a> <a href="mailto:q@x">m</a> <a class="b" href=\'http://b.test\'>B</a></p>';
  it("records http(s) links by position and rewrites them to the click address", () => {
    expect(linksOf(body)).toEqual(["https://a.test/x?y=1&z=2", "http://b.test"]);
    const out = rewriteLinks(body, (n) => `https://s.test/e/c/t/${n}`);
    expect(out).toContain('href="https://s.test/e/c/t/0"');
    expect(out).toContain("href='https://s.test/e/c/t/1'");
    expect(out).toContain('href="mailto:q@x"');
  });
  it("renders pixel, footer and a text version", () => {
    const m = renderMessage({
      subject: "News for {{contact.first_name}}",
      preheader: "",
      bodyHtml: body,
      values,
      siteName: "Yoga & Co",
      footer: { unsubscribeLabel: "Unsubscribe", reason: "You get this from Yoga & Co." },
      tracking: { openUrl: "https://s.test/e/o/t", clickUrl: (n) => `https://s.test/e/c/t/${n}` },
      unsubscribeUrl: "https://s.test/e/u/t",
    });
    expect(m.subject).toBe("News for Ana");
    expect(m.html).toContain('<img src="https://s.test/e/o/t"');
    expect(m.html).toContain('href="https://s.test/e/u/t"');
    expect(m.html).not.toContain("https://a.test");
    expect(m.text).toContain("https://a.test/x?y=1&z=2");
    expect(m.text).toContain("Unsubscribe: https://s.test/e/u/t");
  });
});
