// A site's header and mobile menus are stored flat, each item naming its parent (spec §3 Menu
// item); the header shows them nested. Items whose parent is missing become top-level, cycles
// are broken, and nesting stops at three levels.
import type { MenuItem } from "../../core/account";
import { safeHref } from "./safe-url";

export type MegaMenu = { columnCount: number; columns: { colSpan: number; rowSpan: number; content: string }[] };

export type MenuNode = {
  id: string;
  label: string;
  href: string | null;
  megaMenu: MegaMenu | null;
  children: MenuNode[];
};

export const MAX_MENU_DEPTH = 3;

const clamp = (n: unknown, min: number, max: number, fallback: number) =>
  typeof n === "number" && Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;

function megaMenuOf(item: MenuItem): MegaMenu | null {
  const m = item.data.menuItem;
  if (m.item_type !== "megamenu" || !m.mega_menu) return null;
  const columnCount = clamp(m.mega_menu.columnCount, 1, 6, 3);
  return {
    columnCount,
    columns: (m.mega_menu.columns ?? []).map((c) => ({
      colSpan: clamp(c.colSpan, 1, columnCount, 1),
      rowSpan: clamp(c.rowSpan, 1, 6, 1),
      content: String(c.content ?? ""),
    })),
  };
}

export function buildMenuTree(items: readonly MenuItem[] | null | undefined): MenuNode[] {
  const list = (items ?? []).filter((i) => i?.id && i.data?.menuItem);
  const byId = new Map(list.map((i) => [i.id, i]));
  const children = new Map<string | null, MenuItem[]>();
  for (const item of list) {
    const parent = item.parent && item.parent !== item.id && byId.has(item.parent) ? item.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const seen = new Set<string>();
  const build = (parent: string | null, depth: number): MenuNode[] =>
    (children.get(parent) ?? [])
      .filter((item) => !seen.has(item.id))
      .map((item) => {
        seen.add(item.id);
        return {
          id: item.id,
          label: item.data.menuItem.label,
          href: safeHref(item.data.menuItem.item_url),
          megaMenu: megaMenuOf(item),
          children: depth < MAX_MENU_DEPTH ? build(item.id, depth + 1) : [],
        };
      });
  const tree = build(null, 1);
  // Items on a parent cycle (a→b→a) never hang from the root; show them at the top rather than lose them.
  for (const item of list) {
    if (!seen.has(item.id)) {
      seen.add(item.id);
      tree.push({
        id: item.id,
        label: item.data.menuItem.label,
        href: safeHref(item.data.menuItem.item_url),
        megaMenu: megaMenuOf(item),
        children: [],
      });
    }
  }
  return tree;
}
