import { IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../i18n/use-translation";

/**
 * The side menu of public pages on small screens: a panel over the page with a backdrop. It takes
 * focus when opened, keeps Tab inside, closes on Escape, the backdrop or the close button, and
 * gives focus back to what opened it. It is drawn at the end of the layout (PORTAL_ROOT, which
 * carries the site's colours and font) rather than where it is used: inside the site header, whose
 * sticky position makes a stacking layer of its own, no z-index could lift it above the cookie bar.
 */
/** The element overlays of a layout are drawn in: a site's shell, else <body>. */
export const PORTAL_ROOT = "[data-portal-root]";

export function SideDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!opened) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close.current();
      if (e.key !== "Tab" || !panel.current) return;
      const focusable = panel.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
      opener?.focus();
    };
  }, [opened]);

  if (!opened) return null;
  return createPortal(
    <div className="side-drawer">
      <button
        type="button"
        className="side-drawer-backdrop"
        aria-label={t("nav.closeMenu")}
        onClick={onClose}
        tabIndex={-1}
      />
      <div ref={panel} className="side-drawer-panel" role="dialog" aria-modal="true" aria-label={title}>
        <div className="side-drawer-head">
          <strong>{title}</strong>
          <button type="button" className="icon-button" aria-label={t("nav.closeMenu")} onClick={onClose}>
            <IconX size={20} aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.querySelector(PORTAL_ROOT) ?? document.body,
  );
}
