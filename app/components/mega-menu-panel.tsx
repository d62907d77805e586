import type { MegaMenu, MenuNode } from "../lib/menu-tree";
import { isExternal } from "../lib/safe-url";

/**
 * A mega menu: the owner's columns in a grid of `columnCount` columns (each spanning colSpan
 * columns and rowSpan rows; its content is the owner's text, shown as text), then the entry's
 * submenu links.
 */
export function MegaMenuPanel({
  id,
  open,
  mega,
  links,
}: {
  id: string;
  open: boolean;
  mega: MegaMenu;
  links: MenuNode[];
}) {
  return (
    <div id={id} className="mega-panel" hidden={!open}>
      {mega.columns.length ? (
        <div className="mega-grid" style={{ gridTemplateColumns: `repeat(${mega.columnCount}, minmax(0, 1fr))` }}>
          {mega.columns.map((column, i) => (
            <div
              // Columns have no id of their own; their position is what the owner arranged.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              className="mega-column"
              style={{ gridColumn: `span ${column.colSpan}`, gridRow: `span ${column.rowSpan}` }}
            >
              {column.content}
            </div>
          ))}
        </div>
      ) : null}
      {links.length ? (
        <ul className="mega-links">
          {links.map((l) => (
            <li key={l.id}>
              {l.href ? (
                <a
                  className="mega-link"
                  href={l.href}
                  {...(isExternal(l.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {l.label}
                </a>
              ) : (
                <span>{l.label}</span>
              )}
              {l.children.length ? (
                <ul>
                  {l.children.map((c) => (
                    <li key={c.id}>
                      {c.href ? (
                        <a className="mega-link" href={c.href}>
                          {c.label}
                        </a>
                      ) : (
                        <span>{c.label}</span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
