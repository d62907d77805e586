import { IconRefresh, IconTools } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useToast } from "../hooks/use-toast";
import { ApiError, api } from "../lib/api";
import { routeExists } from "../lib/implemented-routes";

/** The editing screens the toolbar links to (spec §2), each offered once it exists. */
const EDIT_LINKS = [
  { key: "theme", href: "/dashboard/manage/site/theme" },
  { key: "header", href: "/dashboard/manage/site/header" },
  { key: "menus", href: "/dashboard/manage/site/menus" },
  { key: "footer", href: "/dashboard/manage/site/footer" },
] as const;

/**
 * The floating toolbar a site's managers see on its public pages: clear the page cache (every
 * public path and every configuration key, spec §7) and say how it went; links to the editing screens.
 */
export function AdminToolbar({ accountId, slug }: { accountId: string; slug: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const links = EDIT_LINKS.filter((l) => routeExists(l.href, false));

  const clearCache = async () => {
    setBusy(true);
    try {
      const pages = await api<{ paths?: string[] }>(
        "GET",
        `/api/site/revalidateCache?${new URLSearchParams({ site: slug, path: "all" })}`,
      );
      await api("GET", `/api/site/invalidateCache?${new URLSearchParams({ account_id: accountId, key: "all" })}`);
      toast.show({ message: t("admin.cacheCleared", { count: pages?.paths?.length ?? 0 }), tone: "success" });
    } catch (err) {
      const missing = err instanceof ApiError && err.missing;
      toast.show({ message: t(missing ? "admin.cacheUnavailable" : "errors.generic"), tone: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`admin-toolbar${open ? " open" : ""}`}>
      <button
        type="button"
        className="icon-button admin-toolbar-toggle"
        aria-expanded={open}
        aria-controls="admin-toolbar-actions"
        aria-label={t("admin.toolbar")}
        onClick={() => setOpen((o) => !o)}
      >
        <IconTools size={20} aria-hidden />
      </button>
      {open ? (
        <div id="admin-toolbar-actions" className="admin-toolbar-actions">
          <button type="button" className="button small secondary" onClick={clearCache} disabled={busy}>
            <IconRefresh size={16} aria-hidden /> {busy ? t("admin.clearing") : t("admin.clearCache")}
          </button>
          {links.map((l) => (
            <a key={l.key} className="button small secondary" href={l.href}>
              {t(`admin.edit.${l.key}`)}
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
