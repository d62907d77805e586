// The footer screen's scripts section: the owner's own code and the two allow-lists that let it
// run under the site's Content-Security-Policy (where scripts may load from, where frames may come
// from). The origins a script needs but the lists miss are named as the owner types, with a button
// that adds them.
import { useTranslation } from "../i18n/use-translation";
import type { AccountConfig } from "../../core/account";
import { readOwnerScripts, uncoveredOrigins } from "../../core/owner-scripts";
import { parseOriginLines, parseSourceOrigin } from "../../core/source-origin";
import { TextArea } from "./site-admin";

/** What the person is editing: the scripts and each list as one origin a line. */
export type OwnerScriptsDraft = { scripts: string; scriptOrigins: string; frameOrigins: string };

export const draftOf = (misc: AccountConfig["misc"]): OwnerScriptsDraft => ({
  scripts: misc.scripts,
  scriptOrigins: misc.script_origins.join("\n"),
  frameOrigins: misc.frame_origins.join("\n"),
});

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The misc patch sent to the server, which checks every line again. */
export const miscPatchOf = (draft: OwnerScriptsDraft) => ({
  scripts: draft.scripts,
  script_origins: lines(draft.scriptOrigins),
  frame_origins: lines(draft.frameOrigins),
});

function OriginList({
  label,
  hint,
  value,
  onChange,
  serverError,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  serverError?: string;
}) {
  const { t } = useTranslation();
  const { invalid } = parseOriginLines(value);
  const error = invalid.length ? t("siteAdmin.footer.originsInvalid", { values: invalid.join(", ") }) : serverError;
  // Addresses read left to right in every language.
  return <TextArea label={label} hint={hint} value={value} onChange={onChange} rows={3} error={error} dir="ltr" />;
}

export function OwnerScriptsFields({
  draft,
  onChange,
  errorFor,
}: {
  draft: OwnerScriptsDraft;
  onChange: (draft: OwnerScriptsDraft) => void;
  errorFor: (path: string, nested?: boolean) => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<OwnerScriptsDraft>) => onChange({ ...draft, ...patch });
  const missing = uncoveredOrigins(readOwnerScripts(draft.scripts), {
    script_origins: parseOriginLines(draft.scriptOrigins).origins,
    frame_origins: parseOriginLines(draft.frameOrigins).origins,
  });
  const addable = (list: string[]) => list.filter((o) => parseSourceOrigin(o) !== null);
  const never = [...missing.scripts, ...missing.frames].filter((o) => parseSourceOrigin(o) === null);
  const toAdd = { scripts: addable(missing.scripts), frames: addable(missing.frames) };
  const allow = () =>
    set({
      scriptOrigins: [...lines(draft.scriptOrigins), ...toAdd.scripts].join("\n"),
      frameOrigins: [...lines(draft.frameOrigins), ...toAdd.frames].join("\n"),
    });

  return (
    <>
      <h2>{t("siteAdmin.footer.scripts")}</h2>
      <p className="site-admin-warning" role="note">
        {t("siteAdmin.footer.scriptsWarning")}
      </p>
      <TextArea
        label={t("siteAdmin.footer.scripts")}
        value={draft.scripts}
        onChange={(scripts) => set({ scripts })}
        rows={6}
        dir="ltr"
        error={errorFor("misc.scripts")}
      />
      {toAdd.scripts.length + toAdd.frames.length > 0 ? (
        <div className="alert info site-admin-origins-missing" role="status" data-testid="origins-missing">
          <p>{t("siteAdmin.footer.originsMissing", { origins: [...toAdd.scripts, ...toAdd.frames].join(", ") })}</p>
          <button type="button" className="small secondary" onClick={allow}>
            {t("siteAdmin.footer.allowOrigins")}
          </button>
        </div>
      ) : null}
      {never.length ? (
        <p className="alert error" role="status">
          {t("siteAdmin.footer.originsNever", { values: never.join(", ") })}
        </p>
      ) : null}
      <OriginList
        label={t("siteAdmin.footer.scriptOrigins")}
        hint={t("siteAdmin.footer.scriptOriginsHint")}
        value={draft.scriptOrigins}
        onChange={(scriptOrigins) => set({ scriptOrigins })}
        serverError={errorFor("misc.script_origins", true)}
      />
      <OriginList
        label={t("siteAdmin.footer.frameOrigins")}
        hint={t("siteAdmin.footer.frameOriginsHint")}
        value={draft.frameOrigins}
        onChange={(frameOrigins) => set({ frameOrigins })}
        serverError={errorFor("misc.frame_origins", true)}
      />
    </>
  );
}
