import { describe, expect, it } from "vitest";
import { containing, escapeLike, startingWith } from "./like";

describe("LIKE patterns from typed text", () => {
  it("escapes the wildcards and the escape character, so they match themselves", () => {
    expect(escapeLike("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(containing("a_b")).toBe("%a\\_b%");
    expect(startingWith("pot%")).toBe("pot\\%%");
    expect(containing("")).toBe("%%");
  });
});
