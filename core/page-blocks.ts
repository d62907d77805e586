// The blocks a page is built from and what each of their props holds. The editor's configuration
// (app/components/page-blocks) and the server's document check (server/modules/pages) both read
// this list, so a block cannot be offered that the server would refuse, nor stored unchecked.

/** text: plain text (escaped when rendered); rich: HTML (sanitised); url: http(s) or site-relative. */
export type ScalarKind = "text" | "rich" | "url";
export type PropKind =
  | ScalarKind
  | { slot: true }
  | { choice: readonly string[] }
  | { list: Record<string, ScalarKind>; max: number };

export const PAGE_BLOCKS = {
  Hero: { heading: "text", text: "text", buttonLabel: "text", buttonLink: "url", backgroundImage: "url" },
  RichText: { html: "rich" },
  Image: { src: "url", alt: "text", caption: "text" },
  Video: { url: "url", title: "text" },
  Columns: {
    count: { choice: ["2", "3", "4"] },
    column1: { slot: true },
    column2: { slot: true },
    column3: { slot: true },
    column4: { slot: true },
  },
  CallToAction: { heading: "text", text: "text", buttonLabel: "text", buttonLink: "url" },
  FAQ: { heading: "text", items: { list: { question: "text", answer: "text" }, max: 50 } },
  Testimonials: { heading: "text", items: { list: { quote: "text", name: "text", role: "text" }, max: 30 } },
  /** One of the site's forms, by id (drawn from the form as it is when the page is shown). */
  Form: { formId: "text" },
  PricingTable: {
    heading: "text",
    tiers: { list: { name: "text", price: "text", features: "text", buttonLabel: "text", buttonLink: "url" }, max: 6 },
  },
} as const satisfies Record<string, Record<string, PropKind>>;

export type PageBlockType = keyof typeof PAGE_BLOCKS;
export const PAGE_BLOCK_TYPES = Object.keys(PAGE_BLOCKS) as PageBlockType[];

/** Longest plain-text prop and rich-text prop, in characters. */
export const MAX_TEXT_LENGTH = 5_000;
export const MAX_RICH_LENGTH = 200_000;
/** At most this many blocks in a document, nested ones included, and this deep (columns in columns). */
export const MAX_BLOCKS = 300;
export const MAX_DEPTH = 4;

/** An address a block may link to or load: http(s) anywhere, or a path on this site. */
export function isSafeBlockUrl(value: string): boolean {
  if (value === "") return true;
  if (/[\s<>"'`\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (value.startsWith("#")) return true;
  return /^https?:\/\/[^/]+/i.test(value);
}

/** A YouTube or Vimeo address as the privacy-friendly embed address, or null for any other URL. */
export function videoEmbedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\.|^m\./, "");
  const id = /^[\w-]{6,20}$/;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const v = u.pathname === "/watch" ? u.searchParams.get("v") : u.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1];
    return v && id.test(v) ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === "youtu.be") {
    const v = u.pathname.slice(1);
    return id.test(v) ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const v = u.pathname.match(/(\d{5,12})/)?.[1];
    return v ? `https://player.vimeo.com/video/${v}?dnt=1` : null;
  }
  return null;
}
