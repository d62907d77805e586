// RSS 2.0 for a site's blog (/blog/rss.xml): escaped XML, RFC 822 dates, absolute links.
import { escapeXml } from "./xml";

export { escapeXml };

export type RssItem = {
  title: string;
  link: string;
  description: string;
  /** HTML of the whole post (content:encoded). */
  contentHtml?: string;
  author?: string | null;
  categories?: string[];
  pubDate: Date;
};

export type RssChannel = {
  title: string;
  link: string;
  description: string;
  /** The feed's own address (atom:link rel=self). */
  selfLink: string;
  language?: string;
  items: RssItem[];
};

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** RFC 822 date in GMT, as RSS 2.0 wants it: "Sat, 07 Sep 2002 09:42:31 GMT". */
export function rfc822(date: Date): string {
  return `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} GMT`;
}

/** Site-relative src/href in post HTML made absolute, so feed readers can follow them. */
export function absolutiseHtml(html: string, origin: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);
}

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function renderRss(channel: RssChannel): string {
  const items = channel.items.map((item) =>
    [
      "<item>",
      el("title", item.title),
      el("link", item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      el("pubDate", rfc822(item.pubDate)),
      item.author ? el("dc:creator", item.author) : "",
      ...(item.categories ?? []).map((c) => el("category", c)),
      el("description", item.description),
      item.contentHtml ? el("content:encoded", item.contentHtml) : "",
      "</item>",
    ]
      .filter(Boolean)
      .join(""),
  );
  const last = channel.items[0]?.pubDate;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    el("title", channel.title),
    el("link", channel.link),
    el("description", channel.description),
    `<atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml"/>`,
    channel.language ? el("language", channel.language) : "",
    last ? el("lastBuildDate", rfc822(last)) : "",
    ...items,
    "</channel>",
    "</rss>\n",
  ].join("");
}
