// The site's header and footer notices (spec §3 settings.notices), edited on the marketing home.
import type { AccountConfig } from "../../../core/account";
import { useTranslation } from "../../i18n/use-translation";
import { TextArea, TextField, Toggle } from "../site-admin";

export type Notices = AccountConfig["settings"]["notices"];

/** An ISO time as the value of a datetime-local input (the browser's time zone), and back. */
export const toLocalInput = (iso: string | undefined) => {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (value: string) => {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
};

export function NoticesFields({
  notices,
  onChange,
  errorFor,
}: {
  notices: Notices;
  onChange: (next: Notices) => void;
  errorFor: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const note = <K extends keyof Notices>(key: K, value: Notices[K]) => onChange({ ...notices, [key]: value });
  return (
    <>
      <fieldset>
        <legend>{t("siteAdmin.theme.headerNotice")}</legend>
        <Toggle
          label={t("siteAdmin.theme.noticeEnable")}
          checked={notices.enable_header_notice}
          onChange={(v) => note("enable_header_notice", v)}
        />
        <TextArea
          label={t("siteAdmin.theme.noticeText")}
          value={notices.header_notice}
          onChange={(v) => note("header_notice", v)}
          error={errorFor("settings.notices.header_notice")}
        />
        <div className="site-admin-row">
          <TextField
            label={t("siteAdmin.theme.noticeBg")}
            value={notices.header_notice_bg}
            onChange={(v) => note("header_notice_bg", v)}
            placeholder="#1c7ed6"
            dir="ltr"
            error={errorFor("settings.notices.header_notice_bg")}
          />
          <TextField
            label={t("siteAdmin.theme.noticeStart")}
            type="datetime-local"
            value={toLocalInput(notices.header_notice_start)}
            onChange={(v) => note("header_notice_start", fromLocalInput(v))}
            error={errorFor("settings.notices.header_notice_start")}
          />
          <TextField
            label={t("siteAdmin.theme.noticeExpire")}
            type="datetime-local"
            value={toLocalInput(notices.header_notice_expire)}
            onChange={(v) => note("header_notice_expire", fromLocalInput(v))}
            error={errorFor("settings.notices.header_notice_expire")}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("siteAdmin.theme.footerNotice")}</legend>
        <Toggle
          label={t("siteAdmin.theme.noticeEnable")}
          checked={notices.enable_footer_notice}
          onChange={(v) => note("enable_footer_notice", v)}
        />
        <TextArea
          label={t("siteAdmin.theme.noticeText")}
          value={notices.footer_notice}
          onChange={(v) => note("footer_notice", v)}
          error={errorFor("settings.notices.footer_notice")}
        />
        <TextField
          label={t("siteAdmin.theme.noticeBg")}
          value={notices.footer_notice_bg}
          onChange={(v) => note("footer_notice_bg", v)}
          placeholder="#1c7ed6"
          dir="ltr"
          error={errorFor("settings.notices.footer_notice_bg")}
        />
      </fieldset>
    </>
  );
}
