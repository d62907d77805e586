import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

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
