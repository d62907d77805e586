// The popups of a site's public pages: loads those meant for the page, keeps the ones the visitor's
// cap allows (localStorage, and sessionStorage for "every visit"), arms each trigger (a delay, a
// scroll depth, the mouse leaving through the top of the window) and shows the first that fires in
// an accessible dialog with its content and form. Impressions, closes and conversions are counted.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import {
  frequencyAllows,
  isExitIntent,
  type PopupFrequency,
  type PopupSeen,
  type PopupTrigger,
  scrollDepth,
  triggerFired,
} from "../../../core/popup-rules";
import type { PublicPopup } from "./popup-dialog";

// The dialog and its form (inputs, validation) are fetched when a popup is shown, not with every page.
const PopupDialog = lazy(() => import("./popup-dialog").then((m) => ({ default: m.PopupDialog })));

type PopupToShow = PublicPopup & { trigger: PopupTrigger; frequency: PopupFrequency };

const seenKey = (id: string) => `atrium.popup.${id}`;
const visitKey = (id: string) => `atrium.popup.visit.${id}`;

function readSeen(id: string): PopupSeen | null {
  try {
    const raw = localStorage.getItem(seenKey(id));
    return raw ? (JSON.parse(raw) as PopupSeen) : null;
  } catch {
    return null;
  }
}

function remember(id: string, seen: PopupSeen) {
  try {
    localStorage.setItem(seenKey(id), JSON.stringify(seen));
    sessionStorage.setItem(visitKey(id), "1");
  } catch {
    // Private modes may refuse storage: the popup may then show again, which is harmless.
  }
}

const shownThisVisit = (id: string) => {
  try {
    return sessionStorage.getItem(visitKey(id)) === "1";
  } catch {
    return false;
  }
};

function count(id: string, type: "impression" | "close" | "conversion") {
  void fetch(`/api/popups/${id}/event`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type }),
    keepalive: true,
  }).catch(() => undefined);
}

/** A popup shown inside a funnel is the funnel's popup step when the graph leads there next. */
function tellFunnel(accountId: string, popupId: string) {
  try {
    const campaign = window.location.search.includes("utm_campaign=");
    if (!accountId || (!sessionStorage.getItem("funnel_session_id") && !campaign)) return;
  } catch {
    return;
  }
  void import("../../lib/funnel-tracker").then((m) => m.trackFunnelAction(accountId, "popup", popupId));
}

export function PopupRuntime() {
  const { pathname } = useLocation();
  const root = useRouteLoaderData("root") as { accountId?: string } | undefined;
  const accountId = root?.accountId ?? "";
  const [candidates, setCandidates] = useState<PopupToShow[]>([]);
  const [showing, setShowing] = useState<PopupToShow | null>(null);
  const shownOnPage = useRef(false);

  useEffect(() => {
    let live = true;
    shownOnPage.current = false;
    setCandidates([]);
    fetch(`/api/popups?path=${encodeURIComponent(pathname)}`)
      .then((res) => (res.ok ? res.json() : { items: [] }))
      .then((b: { items: PopupToShow[] }) => {
        if (!live) return;
        const now = Date.now();
        setCandidates(b.items.filter((p) => frequencyAllows(p.frequency, readSeen(p.id), now, shownThisVisit(p.id))));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname]);

  useEffect(() => {
    if (candidates.length === 0) return;
    const started = Date.now();
    let exitIntent = false;
    const check = () => {
      if (shownOnPage.current) return;
      const el = document.documentElement;
      const signals = {
        elapsedMs: Date.now() - started,
        scrollPercent: scrollDepth(window.scrollY, window.innerHeight, el.scrollHeight),
        exitIntent,
      };
      const fired = candidates.find((p) => triggerFired(p.trigger, signals));
      if (!fired) return;
      shownOnPage.current = true;
      remember(fired.id, { shownAt: Date.now() });
      count(fired.id, "impression");
      tellFunnel(accountId, fired.id);
      setShowing(fired);
    };
    const timers = candidates
      .filter((p) => p.trigger.type === "delay")
      .map((p) => window.setTimeout(check, Math.max(0, p.trigger.delaySeconds ?? 0) * 1000));
    const onScroll = () => check();
    const onLeave = (e: MouseEvent) => {
      if (!isExitIntent(e)) return;
      exitIntent = true;
      check();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("mouseout", onLeave);
    return () => {
      for (const t of timers) window.clearTimeout(t);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("mouseout", onLeave);
    };
  }, [candidates, accountId]);

  if (!showing) return null;
  const close = () => {
    count(showing.id, "close");
    setShowing(null);
  };
  const converted = () => {
    remember(showing.id, { shownAt: Date.now(), converted: true });
    count(showing.id, "conversion");
  };
  return (
    <Suspense fallback={null}>
      <PopupDialog popup={showing} onClose={close} onConverted={converted} />
    </Suspense>
  );
}
