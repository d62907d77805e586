import { useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import type { AccountConfigPatch } from "../../../../core/account";
import {
  numberOrText,
  SelectField,
  SiteAdminForm,
  SiteAdminPage,
  SitePreview,
  TextField,
  Toggle,
  useSiteAdminSave,
} from "../../../components/site-admin";
import { badSubmission, readSubmitted, saveSiteConfig, siteAdminLoader } from "../../../lib/site-admin.server";
import { buildSiteChrome } from "../../../lib/site-chrome";
import type { Route } from "./+types/header";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return siteAdminLoader(context, request, "siteAdmin.screens.header.title");
}

/** What this screen edits: the header section only. */
export async function action({ context, request }: Route.ActionArgs) {
  const sent = await readSubmitted(request);
  if (!sent) return badSubmission();
  return saveSiteConfig(context, { header: sent.header } as AccountConfigPatch);
}

const STYLES = ["default", "transparent", "centered", "minimal"] as const;
const SWITCHES = ["header_fix", "header_darklight", "header_search", "header_cart", "header_login"] as const;

export default function HeaderScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config, slug, accountId } = loaderData;
  const [header, setHeader] = useState(config.header);
  const [fontSize, setFontSize] = useState(String(config.header.header_fontsize));
  const save = useSiteAdminSave();
  const { errorFor } = save;
  const size = numberOrText(fontSize);
  const value = { header: { ...header, header_fontsize: size } };
  const chrome = useMemo(
    () =>
      buildSiteChrome(
        {
          ...config,
          header: {
            ...header,
            header_fontsize:
              typeof size === "number" && size >= 10 && size <= 24 ? size : config.header.header_fontsize,
          },
        },
        { slug, accountId, pathname: "/", adminToolbar: false },
      ),
    [config, header, size, slug, accountId],
  );

  return (
    <SiteAdminPage screen="header" preview={<SitePreview chrome={chrome} parts={["header"]} />}>
      <SiteAdminForm save={save} value={value}>
        <p>
          {t("siteAdmin.header.logoAndMenus")}{" "}
          <a href="/dashboard/manage/site/theme">{t("siteAdmin.screens.theme.title")}</a>
          {" · "}
          <a href="/dashboard/manage/site/menus">{t("siteAdmin.screens.menus.title")}</a>
        </p>
        <SelectField
          label={t("siteAdmin.header.style")}
          value={header.header_style}
          onChange={(v) => setHeader((h) => ({ ...h, header_style: v }))}
          options={STYLES.map((v) => ({ value: v, label: t(`siteAdmin.header.styles.${v}`) }))}
          error={errorFor("header.header_style")}
        />
        <TextField
          label={t("siteAdmin.header.fontSize")}
          type="number"
          min={10}
          max={24}
          value={fontSize}
          onChange={setFontSize}
          hint={t("siteAdmin.header.fontSizeHint")}
          error={errorFor("header.header_fontsize")}
        />
        {SWITCHES.map((key) => (
          <Toggle
            key={key}
            label={t(`siteAdmin.header.${key}`)}
            checked={header[key]}
            onChange={(v) => setHeader((h) => ({ ...h, [key]: v }))}
            error={errorFor(`header.${key}`)}
          />
        ))}
      </SiteAdminForm>
    </SiteAdminPage>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
