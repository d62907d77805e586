import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageAt, responsiveImage } from "./images";

describe("responsive images", () => {
  it("uses the spec's widths", () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
  });

  it("rounds a wanted width up to the next spec width, capped at 3840", () => {
    expect(imageAt("/media/abc/cat.png", 700)).toBe("/media/abc/cat.png?w=750");
    expect(imageAt("/media/abc/cat.png", 5000)).toBe("/media/abc/cat.png?w=3840");
  });

  it("leaves other addresses alone", () => {
    expect(responsiveImage("https://cdn.test/cat.png")).toEqual({ src: "https://cdn.test/cat.png" });
  });

  it("lists every width up to the maximum in srcset", () => {
    const r = responsiveImage("/media/abc/cat.png", { maxWidth: 828 });
    expect(r.src).toBe("/media/abc/cat.png?w=640");
    expect(r.srcSet).toBe(
      "/media/abc/cat.png?w=640 640w, /media/abc/cat.png?w=750 750w, /media/abc/cat.png?w=828 828w",
    );
  });
});
