import "../../../styles/home.css";
import { Anchor } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AccountConfigPatch } from "../../../../core/account";
import { SiteAdminForm, SitePreview, useSiteAdminSave } from "../../../components/site-admin";
import { NoticesFields } from "../../../components/marketing/notices-fields";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { marketingLinks } from "../../../lib/manage-areas";
import { badSubmission, readSubmitted, requireSiteManager, saveSiteConfig } from "../../../lib/site-admin.server";
import { buildSiteChrome } from "../../../lib/site-chrome";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The marketing area (spec §2): its screens with their figures, and the site's notices. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  return {
    title: pageTitle(translatorFor(context, request), "manage.areas.marketing.title", context.site.settings.sitetitle),
    links: marketingLinks(),
    summary: await context.services.marketing.summary(),
    config: context.siteConfig,
    slug: context.site.slug,
    accountId: context.site.accountId,
  };
}

/** Saves the notices (the rest of the settings is the theme screen's). */
export async function action({ context, request }: Route.ActionArgs) {
  const sent = await readSubmitted(request);
  const settings = sent?.settings as { notices?: unknown } | undefined;
  if (!settings || typeof settings !== "object" || !("notices" in settings)) return badSubmission();
  return saveSiteConfig(context, { settings: { notices: settings.notices } } as AccountConfigPatch);
}

export default function MarketingHome({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [notices, setNotices] = useState(d.config.settings.notices);
  const save = useSiteAdminSave();
  // The quick-create menu's "notice" opens this page with ?new=1: go to the notices, ready to type.
  const [params] = useSearchParams();
  const openNotices = params.get("new") === "1";
  useEffect(() => {
    if (!openNotices) return;
    const section = document.getElementById("notices");
    section?.scrollIntoView({ block: "start" });
    section?.querySelector<HTMLElement>("textarea")?.focus();
  }, [openNotices]);
  const chrome = useMemo(
    () =>
      buildSiteChrome(
        { ...d.config, settings: { ...d.config.settings, notices } },
        { slug: d.slug, accountId: d.accountId, pathname: "/", adminToolbar: false },
      ),
    [d.config, notices, d.slug, d.accountId],
  );
  const fmt = new Intl.NumberFormat(i18n.language);
  const n = (v: number) => fmt.format(v);
  const s = d.summary;
  const figure: Record<string, string | undefined> = {
    emails: s.lastSent
      ? t("marketing.figures.lastSent", {
          name: s.lastSent.name,
          sent: n(s.lastSent.sent),
          opened: n(s.lastSent.opened),
        })
      : t("marketing.figures.campaigns", { count: s.campaigns }),
    contacts: t("marketing.figures.contacts", { count: s.contacts, fresh: n(s.newThisMonth) }),
    lists: t("marketing.figures.lists", { count: s.lists }),
  };
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("manage.areas.marketing.title")}</h1>
      </div>
      <p className="muted">{t("marketing.intro")}</p>
      <ul className="manage-grid" data-testid="marketing-links">
        {d.links.map((l) => (
          <li key={l.id}>
            <section className="home-card" aria-labelledby={`mk-${l.id}`}>
              <h2 id={`mk-${l.id}`}>
                <Anchor component={Link} to={l.href}>
                  {t(`manage.links.${l.id}`)}
                </Anchor>
              </h2>
              <p className="muted">{t(`marketing.areas.${l.id}`)}</p>
              {figure[l.id] ? <p data-testid={`marketing-figure-${l.id}`}>{figure[l.id]}</p> : null}
            </section>
          </li>
        ))}
      </ul>
      <section id="notices" aria-labelledby="notices-title" className="site-admin">
        <h2 id="notices-title">{t("marketing.notices.title")}</h2>
        <p className="muted">{t("marketing.notices.text")}</p>
        <div className="site-admin-grid">
          <div className="card wide">
            <SiteAdminForm save={save} value={{ settings: { notices } }}>
              <NoticesFields notices={notices} onChange={setNotices} errorFor={save.errorFor} />
            </SiteAdminForm>
          </div>
          <SitePreview chrome={chrome} parts={["header", "footer"]} />
        </div>
      </section>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
