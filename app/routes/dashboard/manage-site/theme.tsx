import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { type AccountConfigPatch, LANGUAGE_CODES } from "../../../../core/account";
import { FONT_OPTIONS, fontWeightName } from "../../../../core/fonts";
import {
  numberOrText,
  SelectField,
  SiteAdminForm,
  SiteAdminPage,
  SitePreview,
  TextField,
  useSiteAdminSave,
} from "../../../components/site-admin";
import { LANGUAGE_NAMES } from "../../../i18n/languages";
import { badSubmission, readSubmitted, saveSiteConfig, siteAdminLoader } from "../../../lib/site-admin.server";
import { buildSiteChrome } from "../../../lib/site-chrome";
import type { Route } from "./+types/theme";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return siteAdminLoader(context, request, "siteAdmin.screens.theme.title");
}

/** What this screen edits: settings (title, logos, language) and the theme; notices are on the marketing home. */
export async function action({ context, request }: Route.ActionArgs) {
  const sent = await readSubmitted(request);
  if (!sent) return badSubmission();
  const patch = { settings: sent.settings, theme: sent.theme } as AccountConfigPatch;
  return saveSiteConfig(context, patch);
}

const DEFAULT_PRIMARY = "#4c6ef5";

export default function ThemeScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config, slug, accountId } = loaderData;
  const s = config.settings;
  const [sitetitle, setSitetitle] = useState(s.sitetitle);
  const [logo, setLogo] = useState(s.logo);
  const [darkLogo, setDarkLogo] = useState(s.dark_logo);
  const [logoWidth, setLogoWidth] = useState(String(s.logo_width));
  const [bodyStyle, setBodyStyle] = useState(config.theme.bodyStyle ?? "full");
  const [primary, setPrimary] = useState(config.theme.colors?.primary ?? "");
  const [font, setFont] = useState(config.theme.font ?? "");
  const [language, setLanguage] = useState(s.defaultLanguage);
  const notices = s.notices;
  const save = useSiteAdminSave();
  const { errorFor } = save;

  const colors = useMemo(() => {
    const next: Record<string, string> = { ...(config.theme.colors ?? {}) };
    if (primary.trim()) next.primary = primary.trim();
    else delete next.primary;
    return next;
  }, [config.theme.colors, primary]);
  const width = numberOrText(logoWidth);
  const value = {
    settings: { sitetitle, logo, dark_logo: darkLogo, logo_width: width, defaultLanguage: language },
    theme: { bodyStyle, colors, ...(font ? { font } : {}) },
  };

  const chrome = useMemo(
    () =>
      buildSiteChrome(
        {
          ...config,
          settings: {
            ...config.settings,
            sitetitle,
            logo,
            dark_logo: darkLogo,
            logo_width: typeof width === "number" && width >= 1 && width <= 40 ? width : config.settings.logo_width,
            notices,
          },
          theme: { bodyStyle, colors, font: font || undefined },
        },
        { slug, accountId, pathname: "/", adminToolbar: false },
      ),
    [config, sitetitle, logo, darkLogo, width, notices, bodyStyle, colors, font, slug, accountId],
  );

  const fontOptions = [
    { value: "", label: t("siteAdmin.theme.fontDefault") },
    ...FONT_OPTIONS.map((f) => ({
      value: f.value,
      label: `${f.label} (${f.weights.map((w) => t(`siteAdmin.theme.weights.${fontWeightName(w)}`)).join(", ")})`,
    })),
  ];

  return (
    <SiteAdminPage screen="theme" preview={<SitePreview chrome={chrome} parts={["header", "footer"]} />}>
      <SiteAdminForm save={save} value={value}>
        <fieldset>
          <legend>{t("siteAdmin.theme.identity")}</legend>
          <TextField
            label={t("siteAdmin.theme.sitetitle")}
            value={sitetitle}
            onChange={setSitetitle}
            error={errorFor("settings.sitetitle")}
          />
          <TextField
            label={t("siteAdmin.theme.logo")}
            value={logo}
            onChange={setLogo}
            placeholder="https://"
            dir="ltr"
            error={errorFor("settings.logo")}
          />
          <TextField
            label={t("siteAdmin.theme.darkLogo")}
            value={darkLogo}
            onChange={setDarkLogo}
            placeholder="https://"
            dir="ltr"
            error={errorFor("settings.dark_logo")}
          />
          <TextField
            label={t("siteAdmin.theme.logoWidth")}
            type="number"
            min={1}
            max={40}
            value={logoWidth}
            onChange={setLogoWidth}
            hint={t("siteAdmin.theme.logoWidthHint", {
              px: typeof width === "number" ? width * 16 : "–",
            })}
            error={errorFor("settings.logo_width")}
          />
        </fieldset>
        <fieldset>
          <legend>{t("siteAdmin.theme.look")}</legend>
          <SelectField
            label={t("siteAdmin.theme.bodyStyle")}
            value={bodyStyle}
            onChange={setBodyStyle}
            options={[
              { value: "full", label: t("siteAdmin.theme.full") },
              { value: "boxed", label: t("siteAdmin.theme.boxed") },
            ]}
            error={errorFor("theme.bodyStyle")}
          />
          <div className="site-admin-row">
            <TextField
              label={t("siteAdmin.theme.primary")}
              value={primary}
              onChange={setPrimary}
              placeholder={DEFAULT_PRIMARY}
              dir="ltr"
              hint={t("siteAdmin.theme.primaryHint")}
              error={errorFor("theme.colors", true)}
            />
            <TextField
              label={t("siteAdmin.theme.primaryPicker")}
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(primary) ? primary : DEFAULT_PRIMARY}
              onChange={setPrimary}
            />
          </div>
          <SelectField
            label={t("siteAdmin.theme.font")}
            value={font}
            onChange={setFont}
            options={fontOptions}
            error={errorFor("theme.font")}
          />
          <SelectField
            label={t("siteAdmin.theme.language")}
            value={language}
            onChange={setLanguage}
            options={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            error={errorFor("settings.defaultLanguage")}
          />
        </fieldset>
        <p className="muted" data-testid="notices-moved">
          <Link to="/dashboard/manage/marketing#notices">{t("marketing.notices.movedLink")}</Link>
        </p>
      </SiteAdminForm>
    </SiteAdminPage>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
