// Which embedded video addresses the course player shows in an iframe: YouTube (through the
// privacy-enhanced youtube-nocookie host) and Vimeo's player. Anything else is not embedded.

/** The iframe address for a YouTube or Vimeo link, or null when it is neither. */
export function videoEmbedUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^www\.|^m\./, "");
  const id = (v: string | null | undefined) => (v && /^[\w-]{6,20}$/.test(v) ? v : null);
  let yt: string | null = null;
  if (host === "youtu.be") yt = id(url.pathname.slice(1));
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") yt = id(url.searchParams.get("v"));
    else yt = id(url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]);
  }
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt}`;
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const v = url.pathname.match(/(?:^\/|\/video\/)(\d{4,12})(?:\/|$)/)?.[1];
    if (v) return `https://player.vimeo.com/video/${v}`;
  }
  return null;
}
