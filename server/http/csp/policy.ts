// The Content-Security-Policy of every HTML answer. Scripts run only from this site or with this
// answer's nonce — or, for a page served from the page cache, the hashes of exactly the scripts it
// was rendered with. The owner's own scripts add their inline code (by hash) and the origins they
// listed; their frame origins join the built-in video embeds. Styles may be inline: see
// docs/decisions/0015-security-headers-and-compression.md for why.

/** How this answer's own inline scripts are allowed. */
export type ScriptGrant = { nonce: string } | { hashes: readonly string[] };

/** What the owner's scripts need, on the pages where they run. */
export type OwnerSources = {
  /** `'sha256-…'` of each inline script of misc.scripts. */
  hashes: readonly string[];
  scriptOrigins: readonly string[];
  frameOrigins: readonly string[];
};

/** The video hosts the page blocks and the course player embed (core/video-embed.ts). */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

export function contentSecurityPolicy(opts: {
  grant: ScriptGrant;
  owner: OwnerSources | null;
  /** The page's own origin (`https://school.example.com`): its WebSocket is allowed by name. */
  origin: string | null;
}): string {
  const own = "nonce" in opts.grant ? [`'nonce-${opts.grant.nonce}'`] : opts.grant.hashes;
  const owner = opts.owner ?? { hashes: [], scriptOrigins: [], frameOrigins: [] };
  const socket = opts.origin ? [opts.origin.replace(/^http/, "ws")] : [];
  const https = opts.origin?.startsWith("https:") ?? false;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...own, ...owner.hashes, ...owner.scriptOrigins],
    ["style-src", "'self'", "'unsafe-inline'", ...owner.scriptOrigins],
    // Pictures and videos of the site's content may live on any host its authors link to.
    ["img-src", "*", "data:", "blob:"],
    ["media-src", "*", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...socket, ...owner.scriptOrigins],
    ["frame-src", "'self'", ...VIDEO_FRAME_ORIGINS, ...owner.frameOrigins],
    ["frame-ancestors", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}
