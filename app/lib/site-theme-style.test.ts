import { describe, expect, it } from "vitest";
import { contrastRatio, MIN_TEXT_CONTRAST } from "../../core/color-contrast";
import { DARK_SURFACES, LIGHT_SURFACES } from "./mantine-theme";
import { brandAttribute, noticeColors, primaryColorVariables, siteThemeStyle } from "./site-theme-style";

const theme = (primaryColor: string | null) => ({ fontFamily: null, fontStylesheet: null, primaryColor });

describe("a site's primary colour", () => {
  it("keeps the owner's colour as the fill, with black or white text that reads on it", () => {
    for (const colour of ["#ffd43b", "#0b7285", "#e64980", "#4c6ef5", "rgb(20, 120, 60)", "hsl(40, 90%, 60%)"]) {
      const v = primaryColorVariables(colour);
      expect(contrastRatio(v["--site-primary-contrast"], v["--site-primary"]), colour).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio(v["--site-primary-contrast"], v["--site-primary-hover"]), colour).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    expect(primaryColorVariables("#ffd43b")["--site-primary"]).toBe("#ffd43b");
    expect(primaryColorVariables("#ffd43b")["--site-primary-contrast"]).toBe("#000000");
    expect(primaryColorVariables("#1b4332")["--site-primary-contrast"]).toBe("#ffffff");
  });

  it("is used as link and badge text only in a shade that reaches 4.5:1 on the light and dark surfaces", () => {
    for (const colour of ["#ffd43b", "#74c0fc", "#1b1b1b", "#4c6ef5"]) {
      const v = primaryColorVariables(colour);
      for (const bg of [...LIGHT_SURFACES, v["--site-soft-light"]]) {
        expect(contrastRatio(v["--site-link-light"], bg), `${colour} on ${bg}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
      for (const bg of [...DARK_SURFACES, v["--site-soft-dark"], "#14110d"]) {
        expect(contrastRatio(v["--site-link-dark"], bg), `${colour} on ${bg}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
    }
  });

  it("changes nothing when the site keeps the defaults or the value is not a colour", () => {
    expect(siteThemeStyle(theme(null))).toBeUndefined();
    expect(primaryColorVariables("not-a-colour")).toEqual({});
    expect(brandAttribute(theme("not-a-colour"))).toEqual({});
    expect(brandAttribute(theme("#123456"))).toEqual({ "data-brand": "" });
    expect(siteThemeStyle(theme("#123456"))).toMatchObject({ "--site-primary": "#123456" });
  });
});

describe("a notice's own background", () => {
  it("gets black or white text that reads on it", () => {
    expect(noticeColors("#fff3bf")).toEqual({ background: "#fff3bf", color: "#000000" });
    expect(noticeColors("#212529")).toEqual({ background: "#212529", color: "#ffffff" });
    expect(noticeColors(null)).toBeUndefined();
  });
});
