// /fonts/{font}.css and /fonts/{font}/{file}: the theme fonts, from the packaged @fontsource files.
// The stylesheet is the package's own @font-face rules for the font's weights with their URLs
// rewritten to this route, so browsers fetch every file from the site itself.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { findFont } from "../../../core/fonts";

const require = createRequire(import.meta.url);
const FILE = /^[a-z0-9-]+\.(woff2|woff)$/;
const cssCache = new Map<string, string>();

function packageDir(font: string): string {
  return dirname(require.resolve(`@fontsource/${font}/package.json`));
}

async function stylesheet(font: string, weights: readonly number[]): Promise<string> {
  const cached = cssCache.get(font);
  if (cached) return cached;
  const dir = packageDir(font);
  const parts = await Promise.all(weights.map((w) => readFile(join(dir, `${w}.css`), "utf8")));
  const css = parts.join("\n").replaceAll("url(./files/", `url(/fonts/${font}/`);
  cssCache.set(font, css);
  return css;
}

export function createFontRoutes() {
  const fonts = new Hono();
  fonts.get("/:name{[a-z0-9-]+\\.css}", async (c) => {
    const font = findFont(c.req.param("name").replace(/\.css$/, ""));
    if (!font) return c.json({ error: { code: "not_found", message: "No such font" } }, 404);
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(await stylesheet(font.value, font.weights), 200, { "Content-Type": "text/css; charset=utf-8" });
  });
  fonts.get("/:font/:file", async (c) => {
    const font = findFont(c.req.param("font"));
    const file = c.req.param("file");
    if (!font || !FILE.test(file) || !file.startsWith(`${font.value}-`)) {
      return c.json({ error: { code: "not_found", message: "No such font file" } }, 404);
    }
    try {
      const bytes = await readFile(join(packageDir(font.value), "files", file));
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      return c.body(bytes, 200, { "Content-Type": file.endsWith(".woff2") ? "font/woff2" : "font/woff" });
    } catch {
      return c.json({ error: { code: "not_found", message: "No such font file" } }, 404);
    }
  });
  return fonts;
}
