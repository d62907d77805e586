import { IconChevronDown } from "@tabler/icons-react";
import { type FocusEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { MenuNode } from "../lib/menu-tree";
import { isExternal } from "../lib/safe-url";
import { MegaMenuPanel } from "./mega-menu-panel";

/**
 * One header menu entry. An entry with children (or a mega menu) is a disclosure: its own link
 * plus a button that opens the submenu, which also opens on hover; Escape closes it.
 */
export function HeaderMenuItem({ node, depth }: { node: MenuNode; depth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A pointer that hovers opens the submenu; the click that follows right after must not close it.
  const hoveredAt = useRef(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const hasPanel = node.children.length > 0 || node.megaMenu !== null;
  const link = node.href ? (
    <a
      className="menu-link"
      href={node.href}
      {...(isExternal(node.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {node.label}
    </a>
  ) : hasPanel ? null : (
    <span className="menu-link">{node.label}</span>
  );

  if (!hasPanel) return <li className="menu-item">{link}</li>;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <li
      className={`menu-item has-sub${open ? " open" : ""}${node.megaMenu ? " has-mega" : ""}`}
      onMouseEnter={() => {
        hoveredAt.current = Date.now();
        setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <span className="menu-entry">
        {link}
        <button
          ref={toggle}
          type="button"
          className="submenu-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={node.href ? t("nav.openSubmenu", { label: node.label }) : undefined}
          onClick={() => {
            if (Date.now() - hoveredAt.current < 600) setOpen(true);
            else setOpen((o) => !o);
            hoveredAt.current = 0;
          }}
        >
          {node.href ? null : node.label}
          <IconChevronDown size={14} aria-hidden />
        </button>
      </span>
      {node.megaMenu ? (
        <MegaMenuPanel id={panelId} open={open} mega={node.megaMenu} links={node.children} />
      ) : (
        <ul id={panelId} className={`submenu depth-${depth + 1}`} hidden={!open}>
          {node.children.map((child) => (
            <HeaderMenuItem key={child.id} node={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
