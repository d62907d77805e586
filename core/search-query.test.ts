import { describe, expect, it } from "vitest";
import { containsPattern, searchWords, titleTerms } from "./search-query";

describe("titleTerms", () => {
  it("looks for words of three characters or more anywhere, shorter ones as a word's start", () => {
    expect(titleTerms("Intro  Pyth 3d")).toEqual({ anywhere: ["%intro%", "%pyth%"], prefixes: "3d:*" });
  });

  it("names each word once", () => {
    expect(titleTerms("go go python python")).toEqual({ anywhere: ["%python%"], prefixes: "go:*" });
  });

  it("drops tsquery and LIKE operators so nothing the visitor types is a syntax error", () => {
    expect(titleTerms("a & b | !c:* (d)")).toEqual({ anywhere: [], prefixes: "a:* & b:* & c:* & d:*" });
    expect(titleTerms("50%_off")).toEqual({ anywhere: ["%off%"], prefixes: "50:*" });
    expect(titleTerms("&|!():*")).toEqual({ anywhere: [], prefixes: null });
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
