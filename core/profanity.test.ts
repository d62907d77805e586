import { describe, expect, it } from "vitest";
import { createProfanityFilter, normaliseWords } from "./profanity";

describe("profanity filter", () => {
  const filter = createProfanityFilter([
    "darn",
    "heck",
    "ass",
    "asshole",
    "two girls",
    "下贱",
    "กระดอ",
    "дурак",
    "كلب",
  ]);

  it("masks whole words only, each letter one for one", () => {
    expect(filter.mask("well darn it")).toBe("well **** it");
    expect(filter.mask("darned good, darnit")).toBe("darned good, darnit");
    expect(filter.mask("a classic assessment")).toBe("a classic assessment");
    expect(filter.mask("darn.")).toBe("****.");
    expect(filter.mask("(heck)")).toBe("(****)");
  });

  it("ignores case and keeps the text's own length", () => {
    const text = "DARN, Heck and hEcK";
    const masked = filter.mask(text);
    expect(masked).toBe("****, **** and ****");
    expect(masked.length).toBe(text.length);
  });

  it("prefers the longest listed word", () => {
    expect(filter.mask("you asshole")).toBe("you *******");
    expect(filter.mask("ass")).toBe("***");
  });

  it("matches phrases across any run of spaces and keeps the spaces", () => {
    expect(filter.mask("two  girls here")).toBe("***  ***** here");
  });

  it("matches scripts written without spaces inside longer text", () => {
    expect(filter.mask("你真下贱啊")).toBe("你真**啊");
    expect(filter.mask("คำว่ากระดอนะ")).toBe("คำว่า*****นะ");
  });

  it("matches whole words in Cyrillic and Arabic", () => {
    expect(filter.mask("Ты ДУРАК!")).toBe("Ты *****!");
    expect(filter.mask("дураки")).toBe("дураки");
    expect(filter.mask("يا كلب")).toBe("يا ***");
  });

  it("tests without changing anything", () => {
    expect(filter.test("oh heck")).toBe(true);
    expect(filter.test("checked")).toBe(false);
  });

  it("treats an empty list as no filter and normalises the owner's words", () => {
    expect(createProfanityFilter([]).mask("darn")).toBe("darn");
    expect(normaliseWords(["  Foo ", "foo", "", "Bar  Baz"])).toEqual(["foo", "bar baz"]);
    expect(createProfanityFilter(["c++"]).mask("I like c++ a lot")).toBe("I like *** a lot");
  });
});
