import { useMediaQuery } from "@mantine/hooks";
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SIDEBAR_STORAGE_KEY } from "../lib/theme";

/** Spec §9: under 768 px the sidebar is closed (it opens over the page when asked for). */
export const SIDEBAR_BREAKPOINT = 768;
const MOBILE_QUERY = `(max-width: ${SIDEBAR_BREAKPOINT - 0.02}px)`;

/**
 * The dashboard sidebar (spec §2): open by default unless local storage says "false"; on phones
 * it is closed, opens on demand and closes again on every route change. The desktop state lives
 * on <html data-sidebar>, set before paint by the head script, so a collapsed sidebar never flashes open.
 */
export function useSidebar() {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: true });
  const location = useLocation();

  useEffect(() => {
    setCollapsed(document.documentElement.getAttribute("data-sidebar") === "closed");
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is what closes it
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((was) => {
      const next = !was;
      if (next) document.documentElement.setAttribute("data-sidebar", "closed");
      else document.documentElement.removeAttribute("data-sidebar");
      try {
        window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(!next));
      } catch {
        // kept for this page only
      }
      return next;
    });
  }, []);

  const closeMobile = useCallback(() => setMobileOpen(false), []);
  /** Whether the sidebar is shown in full right now, on this screen size. */
  const open = isMobile ? mobileOpen : !collapsed;
  return { collapsed, mobileOpen, open, toggle, closeMobile };
}
