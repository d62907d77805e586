import { describe, expect, it } from "vitest";
import { containsPattern, prefixTsQuery, searchWords } from "./search-query";

describe("prefixTsQuery", () => {
  it("matches every word as a prefix", () => {
    expect(prefixTsQuery("Intro  Pyth")).toBe("intro:* & pyth:*");
  });

  it("drops tsquery operators so nothing the visitor types is a syntax error", () => {
    expect(prefixTsQuery("a & b | !c:* (d)")).toBe("a:* & b:* & c:* & d:*");
    expect(prefixTsQuery("&|!():*")).toBeNull();
  });

  it("keeps letters of other scripts", () => {
    expect(searchWords("Café مرحبا 東京")).toEqual(["café", "مرحبا", "東京"]);
  });
});

describe("containsPattern", () => {
  it("escapes LIKE wildcards", () => {
    expect(containsPattern(" 50%_off ")).toBe("%50\\%\\_off%");
  });
});
