// The visitor's side of funnel tracking (spec §4, §7), loaded lazily by the site's public pages: a
// campaign link (utm_source, utm_medium and utm_campaign all in the address) starts a session when
// none is kept in sessionStorage; then each page view and each add-to-cart is posted as an event.
// A `false` status ends the session here.
export const SESSION_KEY = "funnel_session_id";

type DeviceInfo = {
  browser: string;
  platform: string;
  screenWidth: number;
  screenHeight: number;
  deviceType: "desktop" | "tablet" | "mobile";
};

function deviceInfo(): DeviceInfo {
  const ua = navigator.userAgent;
  const width = window.screen?.width ?? window.innerWidth;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Other";
  const deviceType =
    /iPad|Tablet/i.test(ua) || (width >= 600 && width < 1024 && /Mobi|Android/i.test(ua))
      ? "tablet"
      : /Mobi|Android|iPhone/i.test(ua) || width < 600
        ? "mobile"
        : "desktop";
  return {
    browser,
    platform:
      (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || "",
    screenWidth: width,
    screenHeight: window.screen?.height ?? window.innerHeight,
    deviceType,
  };
}

function stored(): string | null {
  try {
    return sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

async function post(path: string, body: unknown): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Resolved once the first page view was tracked (a campaign link's session is then started). */
let viewTracked: () => void = () => undefined;
const firstViewTracked = new Promise<void>((resolve) => {
  viewTracked = resolve;
});

async function send(accountId: string, path: string, query: string) {
  const session = stored();
  if (!session) return;
  const answer = await post("/api/funnel/event", {
    account_id: accountId,
    session_id: session,
    metadata: { account: accountId, path, query, deviceInfo: deviceInfo() },
  });
  if (answer && answer.status === false) {
    sessionStorage.removeItem(SESSION_KEY);
    console.log("Funnel finished or invalid");
  } else if (typeof answer?.next === "string" && answer.next.startsWith("/") && !answer.next.startsWith("//")) {
    // The funnel's next step is an offer after this paid order.
    window.location.assign(answer.next);
  }
}

/**
 * The server applies a session's events in the order they reach it, and one that does not fit the
 * next step ends the session: so this page sends them one at a time, each after the answer to the
 * one before (an add-to-cart still in flight when the visitor is already on the checkout would
 * otherwise arrive second and end the session).
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/** A page view: starts a session from a campaign link, or moves the current one. */
export function trackFunnelView(accountId: string, location: { pathname: string; search: string }) {
  if (!accountId) return Promise.resolve();
  return inTurn(() => viewNow(accountId, location));
}

async function viewNow(accountId: string, location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  const utm = ["utm_source", "utm_medium", "utm_campaign"].map((k) => params.get(k) ?? "");
  if (!stored() && utm.every(Boolean)) {
    const answer = await post("/api/funnel/start", {
      utm_source: utm[0],
      utm_medium: utm[1],
      utm_campaign: utm[2],
      initial_page: location.pathname,
      account_id: accountId,
      deviceInfo: deviceInfo(),
    });
    if (typeof answer?.session_id === "string") sessionStorage.setItem(SESSION_KEY, answer.session_id);
    viewTracked();
    return;
  }
  await send(accountId, location.pathname, location.search.replace(/^\?/, ""));
  viewTracked();
}

/** A tracked action on the page: path `1` with `type={type}&value={id}` (spec §7's cart form). */
export async function trackFunnelAction(accountId: string, type: "cart" | "popup", value: string) {
  if (!accountId) return;
  // On a campaign's landing page the action may come before the session exists: wait for it.
  if (!stored() && (globalThis.location?.search ?? "").includes("utm_campaign=")) {
    await Promise.race([firstViewTracked, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await inTurn(() => send(accountId, "1", `type=${type}&value=${encodeURIComponent(value)}`));
}

/** A product put in the cart: path `1` with `type=cart&value={productId}`. */
export function trackFunnelCart(accountId: string, productId: string) {
  return trackFunnelAction(accountId, "cart", productId);
}
