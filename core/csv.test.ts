import { describe, expect, it } from "vitest";
import { csvCell, csvLine, detectDelimiter, parseCsv } from "./csv";

describe("csv", () => {
  it("leaves plain cells alone and writes nothing for null", () => {
    expect(csvCell("Ada")).toBe("Ada");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("prefixes cells that a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("=A1,B1")).toBe(`"'=A1,B1"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends a line with CRLF", () => {
    expect(csvLine(["a", "b,c", null])).toBe('a,"b,c",\r\n');
  });
});

describe("parseCsv", () => {
  it("detects a semicolon delimiter and drops the byte-order mark", () => {
    const out = parseCsv("\uFEFFemail;name\r\nada@example.org;Ada\r\n");
    expect(out.delimiter).toBe(";");
    expect(out.rows).toEqual([
      ["email", "name"],
      ["ada@example.org", "Ada"],
    ]);
  });

  it("keeps delimiters, doubled quotes and line breaks inside quoted cells", () => {
    const out = parseCsv('email,note\nada@example.org,"Hello, ""world""\nsecond line"\nbob@example.org,x');
    expect(out.delimiter).toBe(",");
    expect(out.rows).toEqual([
      ["email", "note"],
      ["ada@example.org", 'Hello, "world"\nsecond line'],
      ["bob@example.org", "x"],
    ]);
    expect(out.unclosedQuoteRow).toBeNull();
  });

  it("ignores delimiters inside quotes when detecting, and reads back our export's formula guard", () => {
    expect(detectDelimiter('"a,b,c";d;e\n')).toBe(";");
    expect(parseCsv(`${csvLine(["=1+1", "x"])}`).rows).toEqual([["=1+1", "x"]]);
  });

  it("tells the row where a quote is never closed", () => {
    expect(parseCsv('email\nada@example.org\n"open,\nmore').unclosedQuoteRow).toBe(3);
  });
});
