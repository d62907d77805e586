// Popups (decision 0039): which popups apply to a page, whether a visitor's record lets one show
// again (frequency capping), and whether its trigger has fired. Plain values in, plain values out:
// the public layout's runtime feeds them the path, localStorage and the page's scroll and mouse.

export const POPUP_TRIGGERS = ["delay", "scroll", "exit"] as const;
export type PopupTrigger = { type: (typeof POPUP_TRIGGERS)[number]; delaySeconds?: number; scrollPercent?: number };

export const PAGE_MODES = ["all", "only", "except"] as const;
/** Paths are exact ("/pricing") or a prefix ending in * ("/blog/*"). */
export type PopupPages = { mode: (typeof PAGE_MODES)[number]; paths: string[] };

export const FREQUENCIES = ["once", "every_days", "every_visit"] as const;
export type PopupFrequency = { type: (typeof FREQUENCIES)[number]; days?: number };

/** What a visitor's browser remembers of one popup. */
export type PopupSeen = { shownAt: number; converted?: boolean };

const DAY_MS = 86_400_000;

const clean = (path: string) => {
  const p = path.split(/[?#]/)[0] || "/";
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
};

/** Whether a path pattern matches a page's path. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = clean(path);
  const pat = pattern.trim();
  if (pat.endsWith("*")) {
    const prefix = clean(pat.slice(0, -1));
    return prefix === "/" || p === prefix || p.startsWith(`${prefix}/`);
  }
  return clean(pat) === p;
}

/** Whether a popup is to be shown on a page: everywhere, only on the listed pages, or except on them. */
export function popupAppliesTo(pages: PopupPages, path: string): boolean {
  const listed = pages.paths.some((pat) => pathMatches(pat, path));
  if (pages.mode === "only") return listed;
  if (pages.mode === "except") return !listed;
  return true;
}

/**
 * Whether the cap lets the popup show: never after the visitor converted; `once` only if never
 * shown; `every_days` once the given days have passed since it was last shown; `every_visit` unless
 * it was already shown in this visit (the browser's session).
 */
export function frequencyAllows(
  frequency: PopupFrequency,
  seen: PopupSeen | null,
  now: number,
  shownThisVisit: boolean,
): boolean {
  if (seen?.converted) return false;
  switch (frequency.type) {
    case "once":
      return !seen;
    case "every_days":
      return !seen || now - seen.shownAt >= Math.max(1, frequency.days ?? 1) * DAY_MS;
    case "every_visit":
      return !shownThisVisit;
  }
}

/** What the page has seen so far: time since it loaded, how far it was scrolled, an exit intent. */
export type PageSignals = { elapsedMs: number; scrollPercent: number; exitIntent: boolean };

/** Whether the trigger has fired: the delay passed, the scroll depth reached, or the mouse left through the top. */
export function triggerFired(trigger: PopupTrigger, s: PageSignals): boolean {
  switch (trigger.type) {
    case "delay":
      return s.elapsedMs >= Math.max(0, trigger.delaySeconds ?? 0) * 1000;
    case "scroll":
      return s.scrollPercent >= Math.min(100, Math.max(0, trigger.scrollPercent ?? 50));
    case "exit":
      return s.exitIntent;
  }
}

/** How far down a page is read, in percent (a page that does not scroll counts as fully read). */
export function scrollDepth(scrollTop: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.round(((scrollTop + 0) / scrollable) * 100));
}

/** A mouse leaving the window through its top edge (towards the tabs or the address bar). */
export const isExitIntent = (e: { clientY: number; relatedTarget: unknown }) =>
  e.relatedTarget === null && e.clientY <= 0;
