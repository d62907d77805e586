import type { MenuNode } from "../lib/menu-tree";
import { HeaderMenuItem } from "./header-menu-item";

/** The site's header menu, nested as the owner arranged it (spec §3 Menu item). */
export function HeaderMenu({ items, fontSize, label }: { items: MenuNode[]; fontSize: number; label: string }) {
  if (!items.length) return null;
  return (
    <nav className="header-menu desktop-only" aria-label={label}>
      <ul className="menu-row" style={{ fontSize }}>
        {items.map((item) => (
          <HeaderMenuItem key={item.id} node={item} depth={0} />
        ))}
      </ul>
    </nav>
  );
}
