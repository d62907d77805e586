import type { CSSProperties } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { SiteChrome } from "../lib/site-chrome";
import { isExternal } from "../lib/safe-url";
import { noticeColors } from "../lib/site-theme-style";

const external = (href: string) => (isExternal(href) ? { target: "_blank", rel: "noopener noreferrer" } : {});

/**
 * A site's footer (spec §2): the owner's columns of links or text on a 12-column grid (each
 * column's width), the bottom links and text, and the optional footer notice.
 */
export function SiteFooter({ site }: { site: SiteChrome }) {
  const { t } = useTranslation();
  const f = site.footer;
  return (
    <footer className={`site-footer style-${f.style}`}>
      {f.columns.length ? (
        <div className="footer-columns">
          {f.columns.map((column, i) => (
            <section
              // Footer columns are stored as a list without ids; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              className="footer-column"
              style={{ "--span": column.width } as CSSProperties}
            >
              {column.title ? <h2>{column.title}</h2> : null}
              {column.text !== null ? (
                <p className="footer-text">{column.text}</p>
              ) : (
                <ul className="footer-list">
                  {column.links.map((link) => (
                    <li key={`${link.href}:${link.label}`}>
                      <a href={link.href} {...external(link.href)}>
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      ) : null}
      <div className="footer-bar">
        <p>{f.bottom || t("footer.copyright", { year: new Date().getFullYear(), site: site.sitetitle })}</p>
        {f.bottomLinks.length ? (
          <nav aria-label={t("nav.footer")} className="footer-links">
            {f.bottomLinks.map((link) => (
              <a key={`${link.href}:${link.label}`} href={link.href} {...external(link.href)}>
                {link.label}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
      {site.footerNotice ? (
        <aside className="footer-notice" style={noticeColors(site.footerNotice.background)}>
          <p>{site.footerNotice.text}</p>
        </aside>
      ) : null}
    </footer>
  );
}
