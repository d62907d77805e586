import { describe, expect, it } from "vitest";
import { filterFor } from "./index";

describe("the site's profanity filter", () => {
  it("masks words of the package's lists in several languages", () => {
    const filter = filterFor({ enabled: true, words: [] });
    expect(filter.mask("what the fuck")).toBe("what the ****");
    expect(filter.mask("du Arschloch")).toBe("du *********");
    expect(filter.mask("quelle connasse")).toBe("quelle ********");
    expect(filter.mask("a classic assessment in Scunthorpe")).toBe("a classic assessment in Scunthorpe");
  });

  it("adds the owner's own words and can be switched off", () => {
    expect(filterFor({ enabled: true, words: ["glaze-bomb", "Mudpie"] }).mask("a mudpie and a glaze-bomb")).toBe(
      "a ****** and a **********",
    );
    expect(filterFor({ enabled: true, words: [] }).mask("a mudpie")).toBe("a mudpie");
    expect(filterFor({ enabled: false, words: ["mudpie"] }).mask("fuck, a mudpie")).toBe("fuck, a mudpie");
  });
});
