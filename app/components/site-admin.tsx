// The building blocks of the site-admin screens (/dashboard/manage/site/*): labelled fields whose
// server-side errors sit next to them, the save round trip with its toast, the tabs between the
// screens, and the live preview drawn by the site's own header and footer components.
import { type ChangeEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFetcher, useLocation } from "react-router";
import { useToast } from "../hooks/use-toast";
import type { SiteChrome } from "../lib/site-chrome";
import { HeaderNotice } from "./header-notice";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { brandAttribute, siteThemeStyle } from "../lib/site-theme-style";
import { SiteFontStylesheet } from "./site-layout";

export type SaveResult = { ok: true; savedAt: number } | { ok: false; fields: Record<string, string>; savedAt: null };

/** The four editing screens, in the order of the tabs and of the index page. */
export const SITE_ADMIN_SCREENS = ["theme", "header", "menus", "footer", "domain"] as const;
export type SiteAdminScreen = (typeof SITE_ADMIN_SCREENS)[number];
export const siteAdminPath = (screen: SiteAdminScreen) => `/dashboard/manage/site/${screen}`;

/**
 * Posts the screen's whole state as JSON (hidden field `config`) to the route's action, toasts
 * the outcome and keeps what the person typed. `errorFor(path)` is the error of one field.
 */
export function useSiteAdminSave() {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<SaveResult>();
  const handled = useRef<SaveResult | undefined>(undefined);
  const result = fetcher.data;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    toast.show(
      result.ok
        ? { message: t("siteAdmin.saved"), tone: "success" }
        : { message: t("siteAdmin.errors.notSaved"), tone: "error" },
    );
  }, [result, toast, t]);
  const fields = result && !result.ok ? result.fields : {};
  /** The error of the field at `path`, or of anything below it (a menu item's own fields). */
  const errorFor = (path: string, nested = false): string | undefined => {
    const hit = Object.keys(fields).find((f) => f === path || (nested && f.startsWith(`${path}.`)));
    return hit === undefined ? undefined : t("siteAdmin.errors.field");
  };
  return { fetcher, result, errorFor, busy: fetcher.state !== "idle" };
}

/** The form of a screen: the state as JSON, the result notice and the save button. */
export function SiteAdminForm({
  save,
  value,
  children,
}: {
  save: ReturnType<typeof useSiteAdminSave>;
  value: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { fetcher, result, busy } = save;
  return (
    <fetcher.Form method="post" className="stack site-admin-form" noValidate>
      <input type="hidden" name="config" value={JSON.stringify(value)} />
      {children}
      {result && !result.ok ? (
        <p className="alert error" role="alert" data-testid="site-admin-error">
          {t("siteAdmin.errors.notSaved")}
        </p>
      ) : null}
      {result?.ok ? (
        <p className="alert ok" role="status" data-testid="site-admin-saved">
          {t("siteAdmin.saved")}
        </p>
      ) : null}
      <div className="site-admin-actions">
        <button type="submit" disabled={busy}>
          {busy ? t("siteAdmin.saving") : t("siteAdmin.save")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The page around a screen: title, the tabs between screens, the form beside the preview. */
export function SiteAdminPage({
  screen,
  children,
  preview,
}: {
  screen: SiteAdminScreen;
  children: ReactNode;
  preview: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="page site-admin">
      <p className="site-admin-back">
        <a href="/dashboard/manage/site">{t("siteAdmin.title")}</a>
      </p>
      <h1>{t(`siteAdmin.screens.${screen}.title`)}</h1>
      <nav className="site-admin-tabs" aria-label={t("siteAdmin.title")}>
        {SITE_ADMIN_SCREENS.map((s) => (
          <a key={s} href={siteAdminPath(s)} aria-current={pathname === siteAdminPath(s) ? "page" : undefined}>
            {t(`siteAdmin.screens.${s}.title`)}
          </a>
        ))}
      </nav>
      <div className="site-admin-grid">
        <div className="card wide">{children}</div>
        {preview}
      </div>
    </div>
  );
}

type FieldProps = {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
};

/** A labelled control with its hint and its error tied to it for assistive technology. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="site-admin-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  ...rest
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  min?: number;
  max?: number;
  placeholder?: string;
  dir?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(a) => (
        <input
          {...a}
          {...rest}
          type={type}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 3,
  dir,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  dir?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(a) => <textarea {...a} rows={rows} dir={dir} value={value} onChange={(e) => onChange(e.currentTarget.value)} />}
    </Field>
  );
}

export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  error,
  hint,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  error?: string;
  hint?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(a) => (
        <select {...a} value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Toggle({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="site-admin-toggle">
      <label>
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />{" "}
        {label}
      </label>
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A whole number from an input, or the text itself so the server names what is wrong. */
export const numberOrText = (value: string): number | string => {
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? n : value;
};

/** Moves the item at `index` by `by` places (a no-op at either end). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/**
 * The site's real header and footer components drawn from the form's unsaved values. Links do not
 * navigate away from the editor.
 */
export function SitePreview({ chrome, parts }: { chrome: SiteChrome; parts: readonly ("header" | "footer")[] }) {
  const { t } = useTranslation();
  const stay = (e: MouseEvent) => {
    if ((e.target as Element).closest("a")) e.preventDefault();
  };
  return (
    <section className="site-preview-panel" aria-labelledby="site-preview-title">
      <h2 id="site-preview-title">{t("siteAdmin.preview.title")}</h2>
      <p className="hint">{t("siteAdmin.preview.hint")}</p>
      <div
        className={`site-preview${chrome.bodyStyle === "boxed" ? " boxed" : ""}`}
        style={siteThemeStyle(chrome.theme)}
        {...brandAttribute(chrome.theme)}
        data-testid="site-preview"
        onClickCapture={stay}
      >
        <SiteFontStylesheet theme={chrome.theme} />
        {parts.includes("header") ? (
          <>
            {chrome.headerNotice ? <HeaderNotice notice={chrome.headerNotice} /> : null}
            <SiteHeader site={chrome} user={null} />
          </>
        ) : null}
        <div className="site-preview-body">
          <p>{t("siteAdmin.preview.body")}</p>
        </div>
        {parts.includes("footer") ? <SiteFooter site={chrome} /> : null}
      </div>
    </section>
  );
}
