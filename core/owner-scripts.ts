// The site owner's own scripts (settings misc.scripts): which pages run them, what they contain as
// the browser will see it, and which of the origins they load from the site does not allow yet.
// The server hashes the inline code into the page's Content-Security-Policy; the footer screen
// tells the owner which origins to add.
import { originCovers } from "./source-origin";

/** Pages where the owner's scripts never run: sign-in pages (a script there could read what people type) and every screen outside the public site. */
const SCRIPT_FREE = /^\/(login|signup|logout|dashboard|checkout|api)(\/|$)/;

export const ownerScriptsRunOn = (pathname: string) => !SCRIPT_FREE.test(pathname);

export type OwnerScripts = {
  /** The code of each inline script, exactly as the browser hashes it. */
  inline: string[];
  /** The `src` of each external script. */
  scriptSources: string[];
  /** The `src` of each frame. */
  frameSources: string[];
};

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// A comment, or any start tag with its attributes (so markup inside an attribute value is skipped).
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<([a-z][^\s/>]*)((?:\s*[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;
// Elements whose content is text up to their end tag, never markup.
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]);
// Inline code the browser never runs (JSON-LD, templates) needs no hash.
const EXECUTABLE = /^(|module|(text|application)\/(java|ecma)script|text\/(j|live)script)$/i;

const ENTITY: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };
const decodeEntities = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITY[name.toLowerCase()] ?? whole;
  });

function attributesOf(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attrs;
}

/**
 * Reads the scripts and frames of the owner's HTML the way a browser's parser does: line breaks
 * normalised to \n, a script's code running to the first `</script`, attribute values decoded.
 */
export function readOwnerScripts(html: string): OwnerScripts {
  const text = html.replace(/\r\n?/g, "\n");
  const out: OwnerScripts = { inline: [], scriptSources: [], frameSources: [] };
  const token = new RegExp(TOKEN.source, TOKEN.flags);
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const tag = m[1]?.toLowerCase();
    if (!tag || !RAW_TEXT.has(tag)) continue;
    const bodyStart = token.lastIndex;
    const end = new RegExp(`</${tag}[\\s/>]`, "i").exec(text.slice(bodyStart));
    const body = end ? text.slice(bodyStart, bodyStart + end.index) : text.slice(bodyStart);
    token.lastIndex = end ? bodyStart + end.index : text.length;
    if (tag !== "script" && tag !== "iframe") continue;
    const attrs = attributesOf(m[2]);
    const src = attrs.get("src")?.trim();
    if (tag === "iframe") {
      if (src) out.frameSources.push(src);
    } else if (src) out.scriptSources.push(src);
    else if (body && EXECUTABLE.test((attrs.get("type") ?? "").trim())) out.inline.push(body);
  }
  return out;
}

/**
 * The origins the scripts and frames load from that the allow-lists do not cover. Site-relative
 * addresses are the site's own; a scheme-relative one (`//cdn…`) is taken as https. An address
 * that is not http(s) (data:, blob:) can never be allowed and is returned as its scheme.
 */
export function uncoveredOrigins(
  scripts: OwnerScripts,
  allowed: { script_origins: readonly string[]; frame_origins: readonly string[] },
): { scripts: string[]; frames: string[] } {
  const check = (sources: string[], list: readonly string[]) => {
    const missing = new Set<string>();
    for (const src of sources) {
      const schemeRelative = src.startsWith("//");
      if (!schemeRelative && !/^[a-z][a-z0-9+.-]*:/i.test(src)) continue;
      let url: URL;
      try {
        url = new URL(schemeRelative ? `https:${src}` : src);
      } catch {
        continue;
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") missing.add(url.protocol);
      else if (!list.some((origin) => originCovers(origin, url))) missing.add(url.origin);
    }
    return [...missing];
  };
  return {
    scripts: check(scripts.scriptSources, allowed.script_origins),
    frames: check(scripts.frameSources, allowed.frame_origins),
  };
}
