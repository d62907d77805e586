import { useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import type { AccountConfigPatch } from "../../../../core/account";
import {
  moved,
  numberOrText,
  SelectField,
  SiteAdminForm,
  SiteAdminPage,
  SitePreview,
  TextArea,
  TextField,
  useSiteAdminSave,
} from "../../../components/site-admin";
import { draftOf, miscPatchOf, OwnerScriptsFields } from "../../../components/owner-scripts-fields";
import { badSubmission, readSubmitted, saveSiteConfig, siteAdminLoader } from "../../../lib/site-admin.server";
import { buildSiteChrome } from "../../../lib/site-chrome";
import type { Route } from "./+types/footer";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return siteAdminLoader(context, request, "siteAdmin.screens.footer.title");
}

/** What this screen edits: the footer section and the owner's scripts. */
export async function action({ context, request }: Route.ActionArgs) {
  const sent = await readSubmitted(request);
  if (!sent) return badSubmission();
  return saveSiteConfig(context, { footer: sent.footer, misc: sent.misc } as AccountConfigPatch);
}

type Link = { label: string; url: string };
type Column = { title: string; type: "links" | "text"; width: number | string; data: string | Link[] };

function LinksEditor({
  links,
  onChange,
  legend,
  errorFor,
  path,
}: {
  links: Link[];
  onChange: (links: Link[]) => void;
  legend: string;
  errorFor: (path: string, nested?: boolean) => string | undefined;
  path: string;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Link>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {links.map((link, i) => (
        // Links are a plain list; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="site-admin-row" key={i}>
          <TextField
            label={t("siteAdmin.footer.linkLabel")}
            value={link.label}
            onChange={(v) => set(i, { label: v })}
            error={errorFor(`${path}.${i}.label`)}
          />
          <TextField
            label={t("siteAdmin.footer.linkUrl")}
            value={link.url}
            dir="ltr"
            onChange={(v) => set(i, { url: v })}
            error={errorFor(`${path}.${i}.url`)}
          />
          <button
            type="button"
            className="small secondary"
            onClick={() => onChange(links.filter((_, j) => j !== i))}
            aria-label={t("siteAdmin.footer.removeLink", { label: link.label || i + 1 })}
          >
            {t("siteAdmin.remove")}
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="small secondary" onClick={() => onChange([...links, { label: "", url: "" }])}>
          {t("siteAdmin.footer.addLink")}
        </button>
      </div>
    </fieldset>
  );
}

export default function FooterScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config, slug, accountId } = loaderData;
  const [style, setStyle] = useState(config.footer.footer_style);
  const [columns, setColumns] = useState<Column[]>(config.footer.footer_columns);
  const [bottom, setBottom] = useState(config.footer.footer_bottom);
  const [bottomLinks, setBottomLinks] = useState<Link[]>(config.footer.footer_bottom_links);
  const [scripts, setScripts] = useState(() => draftOf(config.misc));
  const save = useSiteAdminSave();
  const { errorFor } = save;

  const sentColumns = columns.map((c) => ({
    ...c,
    width: typeof c.width === "number" ? c.width : numberOrText(c.width),
  }));
  const value = {
    footer: {
      footer_style: style,
      footer_columns: sentColumns,
      footer_bottom: bottom,
      footer_bottom_links: bottomLinks,
    },
    misc: miscPatchOf(scripts),
  };
  const chrome = useMemo(
    () =>
      buildSiteChrome(
        {
          ...config,
          footer: {
            footer_style: style,
            footer_columns: columns.map((c) => {
              const w = typeof c.width === "number" ? c.width : Number(c.width);
              return { ...c, width: Number.isInteger(w) && w >= 1 && w <= 12 ? w : 12 };
            }),
            footer_bottom: bottom,
            footer_bottom_links: bottomLinks,
          },
        },
        { slug, accountId, pathname: "/", adminToolbar: false },
      ),
    [config, style, columns, bottom, bottomLinks, slug, accountId],
  );

  const setColumn = (i: number, patch: Partial<Column>) =>
    setColumns((all) => all.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <SiteAdminPage screen="footer" preview={<SitePreview chrome={chrome} parts={["footer"]} />}>
      <SiteAdminForm save={save} value={value}>
        <SelectField
          label={t("siteAdmin.footer.style")}
          value={style}
          onChange={setStyle}
          options={(["default", "dark", "minimal"] as const).map((v) => ({
            value: v,
            label: t(`siteAdmin.footer.styles.${v}`),
          }))}
          error={errorFor("footer.footer_style")}
        />
        <h2>{t("siteAdmin.footer.columns")}</h2>
        {columns.map((column, i) => (
          // Footer columns are stored as a list without ids; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <fieldset key={i} data-testid={`footer-column-${i}`}>
            <legend>{t("siteAdmin.footer.column", { n: i + 1 })}</legend>
            <div className="site-admin-row">
              <TextField
                label={t("siteAdmin.footer.columnTitle")}
                value={column.title}
                onChange={(v) => setColumn(i, { title: v })}
                error={errorFor(`footer.footer_columns.${i}.title`)}
              />
              <SelectField
                label={t("siteAdmin.footer.columnType")}
                value={column.type}
                onChange={(v) => setColumn(i, { type: v, data: v === "text" ? "" : [] })}
                options={[
                  { value: "links", label: t("siteAdmin.footer.typeLinks") },
                  { value: "text", label: t("siteAdmin.footer.typeText") },
                ]}
                error={errorFor(`footer.footer_columns.${i}.type`)}
              />
              <TextField
                label={t("siteAdmin.footer.columnWidth")}
                type="number"
                min={1}
                max={12}
                value={column.width}
                onChange={(v) => setColumn(i, { width: v })}
                hint={t("siteAdmin.footer.columnWidthHint")}
                error={errorFor(`footer.footer_columns.${i}.width`)}
              />
            </div>
            {typeof column.data === "string" ? (
              <TextArea
                label={t("siteAdmin.footer.columnText")}
                value={column.data}
                onChange={(v) => setColumn(i, { data: v })}
                error={errorFor(`footer.footer_columns.${i}.data`, true)}
              />
            ) : (
              <LinksEditor
                legend={t("siteAdmin.footer.columnLinks")}
                links={column.data}
                onChange={(links) => setColumn(i, { data: links })}
                errorFor={errorFor}
                path={`footer.footer_columns.${i}.data`}
              />
            )}
            <div className="site-admin-item-tools">
              <button
                type="button"
                className="small secondary"
                disabled={i === 0}
                onClick={() => setColumns((all) => moved(all, i, -1))}
              >
                {t("siteAdmin.moveUp")}
              </button>
              <button
                type="button"
                className="small secondary"
                disabled={i === columns.length - 1}
                onClick={() => setColumns((all) => moved(all, i, 1))}
              >
                {t("siteAdmin.moveDown")}
              </button>
              <button
                type="button"
                className="small danger"
                onClick={() => setColumns((all) => all.filter((_, j) => j !== i))}
              >
                {t("siteAdmin.footer.removeColumn")}
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button
            type="button"
            className="small secondary"
            onClick={() => setColumns((all) => [...all, { title: "", type: "links", width: 3, data: [] }])}
          >
            {t("siteAdmin.footer.addColumn")}
          </button>
        </div>
        <h2>{t("siteAdmin.footer.bottomBar")}</h2>
        <TextField
          label={t("siteAdmin.footer.bottom")}
          value={bottom}
          onChange={setBottom}
          error={errorFor("footer.footer_bottom")}
        />
        <LinksEditor
          legend={t("siteAdmin.footer.bottomLinks")}
          links={bottomLinks}
          onChange={setBottomLinks}
          errorFor={errorFor}
          path="footer.footer_bottom_links"
        />
        <OwnerScriptsFields draft={scripts} onChange={setScripts} errorFor={errorFor} />
      </SiteAdminForm>
    </SiteAdminPage>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
