import { describe, expect, it } from "vitest";
import {
  familyOf,
  formatBytes,
  isAllowedUploadType,
  looksLikeHtml,
  mediaKindOf,
  resolveUploadType,
  sniffTextType,
  svgIsUnsafe,
  variantWidth,
} from "./upload-types";

const enc = (s: string) => new TextEncoder().encode(s);

describe("the §5 list", () => {
  it("accepts every listed type and nothing else", () => {
    for (const mime of [
      "video/ogg",
      "video/mpeg",
      "video/mp4",
      "video/webm",
      "audio/ogg",
      "audio/mpeg",
      "audio/aac",
      "audio/webm",
      "application/pdf",
      "application/json",
      "application/gzip",
      "application/msword",
      "text/csv",
      "text/plain",
      "application/vnd.ms-powerpoint",
      "application/vnd.ms-excel",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/xml",
      "application/zip",
      "image/jpeg",
      "image/png",
      "image/gif",
      "image/bmp",
      "image/avif",
      "image/svg+xml",
    ]) {
      expect(isAllowedUploadType(mime), mime).toBe(true);
    }
    for (const mime of [
      "application/x-msdownload",
      "text/html",
      "application/javascript",
      "image/tiff",
      "application/x-sh",
    ]) {
      expect(isAllowedUploadType(mime), mime).toBe(false);
    }
  });

  it("sorts types into kinds", () => {
    expect(mediaKindOf("image/avif")).toBe("image");
    expect(mediaKindOf("video/webm")).toBe("video");
    expect(mediaKindOf("audio/aac")).toBe("audio");
    expect(mediaKindOf("application/pdf")).toBe("document");
  });
});

describe("resolveUploadType", () => {
  it("trusts the content's signature over the name", () => {
    const exe = resolveUploadType(
      { mime: "application/x-msdownload", ext: "exe" },
      new Uint8Array([0x4d, 0x5a]),
      "cat.png",
    );
    expect(exe).toEqual({ ok: false, detected: "application/x-msdownload", reason: "type" });
    const png = resolveUploadType({ mime: "image/png", ext: "png" }, new Uint8Array(8), "report.pdf");
    expect(png).toEqual({ ok: true, mime: "image/png", ext: "png", kind: "image" });
  });

  it("tells old Office files apart by their extension, and refuses an unnamed container", () => {
    const cfb = { mime: "application/x-cfb", ext: "cfb" };
    expect(resolveUploadType(cfb, new Uint8Array(8), "budget.xls")).toMatchObject({
      ok: true,
      mime: "application/vnd.ms-excel",
    });
    expect(resolveUploadType(cfb, new Uint8Array(8), "talk.ppt")).toMatchObject({
      ok: true,
      mime: "application/vnd.ms-powerpoint",
    });
    expect(resolveUploadType(cfb, new Uint8Array(8), "letter.doc")).toMatchObject({
      ok: true,
      mime: "application/msword",
    });
    expect(resolveUploadType(cfb, new Uint8Array(8), "thing.msi")).toMatchObject({
      ok: false,
      detected: "application/x-cfb",
    });
  });

  it("reads text types without a signature from the bytes", () => {
    expect(resolveUploadType(undefined, enc("hello\nworld"), "a.bin")).toMatchObject({ ok: true, mime: "text/plain" });
    expect(resolveUploadType(undefined, enc('{"x":1}'), "a.txt")).toMatchObject({ ok: true, mime: "application/json" });
    expect(resolveUploadType(undefined, enc("a,b\n1,2\n"), "t.csv")).toMatchObject({ ok: true, mime: "text/csv" });
    expect(
      resolveUploadType({ mime: "application/xml", ext: "xml" }, enc('<?xml version="1.0"?><a/>'), "f.xml"),
    ).toMatchObject({
      ok: true,
      mime: "application/xml",
    });
    expect(resolveUploadType(undefined, new Uint8Array([0, 1, 2, 255, 254]), "a.txt")).toEqual({
      ok: false,
      detected: "application/octet-stream",
      reason: "type",
    });
  });

  it("accepts a plain SVG and refuses one that could run code", () => {
    const ok = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
    expect(resolveUploadType(undefined, enc(ok), "a.svg")).toMatchObject({
      ok: true,
      mime: "image/svg+xml",
      kind: "image",
    });
    const viaXml = resolveUploadType(
      { mime: "application/xml", ext: "xml" },
      enc(`<?xml version="1.0"?>${ok}`),
      "a.svg",
    );
    expect(viaXml).toMatchObject({ ok: true, mime: "image/svg+xml" });
    const bad = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(resolveUploadType(undefined, enc(bad), "a.svg")).toEqual({
      ok: false,
      detected: "image/svg+xml",
      reason: "unsafe_svg",
    });
  });
});

describe("families of §5 types", () => {
  it("takes MPEG-1 and MPEG-2 system streams as MPEG video", () => {
    for (const detected of ["video/MP1S", "video/MP2P", "video/mpeg", "video/mp2t"]) {
      expect(resolveUploadType({ mime: detected, ext: "mpg" }, new Uint8Array(8), "talk.mpg"), detected).toMatchObject({
        ok: true,
        mime: "video/mpeg",
        kind: "video",
      });
    }
  });

  it("takes Opus, FLAC and Speex inside Ogg as Ogg audio, keeping the .opus name", () => {
    expect(resolveUploadType({ mime: "audio/ogg; codecs=opus", ext: "opus" }, new Uint8Array(8), "n.opus")).toEqual({
      ok: true,
      mime: "audio/ogg",
      ext: "opus",
      kind: "audio",
    });
    expect(resolveUploadType({ mime: "audio/ogg", ext: "spx" }, new Uint8Array(8), "n.spx")).toMatchObject({
      ok: true,
      mime: "audio/ogg",
    });
  });

  it("tells audio-only WebM by its .weba name, as the container is the same", () => {
    const webm = { mime: "video/webm", ext: "webm" };
    expect(resolveUploadType(webm, new Uint8Array(8), "voice.weba")).toMatchObject({ mime: "audio/webm" });
    expect(resolveUploadType(webm, new Uint8Array(8), "clip.webm")).toMatchObject({ mime: "video/webm" });
  });

  it("does not widen a family to its neighbours", () => {
    for (const detected of [
      "video/quicktime",
      "audio/x-m4a",
      "image/heic",
      "application/vnd.ms-word.document.macroenabled.12",
    ]) {
      expect(familyOf(detected), detected).toBeNull();
    }
    expect(familyOf("image/apng")).toEqual({ mime: "image/png", ext: "png" });
  });
});

describe("disguised files", () => {
  it("refuses a web page whatever it is called", () => {
    for (const [name, page] of [
      ["cat.png", "<!DOCTYPE html><html><body>hi</body></html>"],
      ["notes.txt", "<!-- note --><script>alert(1)</script>"],
      ["feed.xml", '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'],
    ]) {
      expect(resolveUploadType(undefined, enc(page), name), name).toEqual({
        ok: false,
        detected: "text/html",
        reason: "type",
      });
    }
  });

  it("refuses text named as a binary format, and keeps text named as text", () => {
    expect(resolveUploadType(undefined, enc("alert(document.cookie)"), "cat.png")).toEqual({
      ok: false,
      detected: "text/plain",
      reason: "disguised",
    });
    expect(resolveUploadType(undefined, enc('{"a":1}'), "clip.mp4")).toMatchObject({ reason: "disguised" });
    expect(resolveUploadType(undefined, enc("alert(1)"), "snippet.js")).toMatchObject({ ok: true, mime: "text/plain" });
  });

  it("does not take prose that mentions a tag for a page", () => {
    expect(looksLikeHtml("Use the <script> element to add code.")).toBe(false);
    expect(looksLikeHtml('<?xml version="1.0"?><feed/>')).toBe(false);
  });
});

describe("svgIsUnsafe", () => {
  it.each([
    ["script", "<svg><script>x()</script></svg>"],
    ["event handler", '<svg><rect onclick="x()"/></svg>'],
    ["foreignObject", "<svg><foreignObject><div>hi</div></foreignObject></svg>"],
    ["javascript: link", '<svg><a href="javascript:x()"><text>t</text></a></svg>'],
    ["xlink javascript", '<svg><a xlink:href=" javascript:x()"/></svg>'],
    ["external entity", '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'],
  ])("refuses a %s", (_what, svg) => {
    expect(svgIsUnsafe(svg)).toBe(true);
  });
  it("lets drawings, styles and gradients through", () => {
    expect(
      svgIsUnsafe('<svg><style>.a{fill:red}</style><linearGradient id="g"/><path class="a" d="M0 0h1"/></svg>'),
    ).toBe(false);
  });
});

describe("sniffTextType", () => {
  it("needs the .csv name and a table shape for CSV", () => {
    expect(sniffTextType("a,b\n1,2", "x.csv")).toBe("text/csv");
    expect(sniffTextType("a,b\n1,2", "x.txt")).toBe("text/plain");
    expect(sniffTextType("one line of prose", "x.csv")).toBe("text/plain");
  });
  it("does not take broken JSON for JSON", () => {
    expect(sniffTextType("{not json", "x.json")).toBe("text/plain");
  });
});

describe("variantWidth and formatBytes", () => {
  it("rounds a width up to the next §9 width", () => {
    expect(variantWidth(1)).toBe(640);
    expect(variantWidth(640)).toBe(640);
    expect(variantWidth(641)).toBe(750);
    expect(variantWidth(1300)).toBe(1920);
    expect(variantWidth(10000)).toBe(3840);
  });
  it("writes sizes the way the meter shows them", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(5.5 * 1024 * 1024)).toBe("5.5 MB");
    expect(formatBytes(1024 ** 3)).toBe("1 GB");
  });
});
