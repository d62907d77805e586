// The editor's stylesheet without its @import of a font from another host: Inter is ours already.
import "@puckeditor/core/no-external.css";
import { Alert, Button, Collapse, Group, Paper, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconExternalLink } from "@tabler/icons-react";
import type { Data } from "@puckeditor/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { data, Link, redirect, useFetcher } from "react-router";
import { slugifyTitle } from "../../../core/page-slug";
import { LeaveGuard } from "../../components/editor-frame";
import { PageEditor } from "../../components/page-editor";
import { type PageSettings, PageSettingsPanel } from "../../components/page-settings-panel";
import { PageStatusBadge } from "../../components/page-status-badge";
import { asRefusal } from "../../lib/action-result";
import { PlanRefusal } from "../../components/plan-refusal";
import { planRefusalCode } from "../../lib/plan-limit";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { siteTheme } from "../../lib/site-chrome";
import type { Route } from "./+types/page-edit";
import { isUuid } from "../../../core/uuid";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string; details?: unknown };
const notFound = () => new Response("Not found", { status: 404 });
const kindOf = (request: Request) => (new URL(request.url).pathname.startsWith("/dashboard/docs") ? "doc" : "page");
const EMPTY: Data = { content: [], root: { props: {} } };

/** A new page (/dashboard/pages/new) or one to edit (/dashboard/pages/:id); docs the same under /dashboard/docs. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const kind = kindOf(request);
  if (!context.services.pages.canEdit(kind)) throw notFound();
  const id = params.id && params.id !== "new" ? params.id : null;
  if (id && !isUuid(id)) throw notFound();
  const page = id
    ? await context.services.pages.get(kind, id).catch((err: AppErrorLike) => {
        if (err?.code === "not_found") throw notFound();
        throw err;
      })
    : null;
  const t = translatorFor(context, request);
  const titleKey =
    kind === "doc" ? (page ? "pages.editDoc" : "pages.newDoc") : page ? "pages.editPage" : "pages.newPage";
  return {
    kind,
    title: pageTitle(t, titleKey, context.site.settings.sitetitle),
    siteTheme: siteTheme(context.site.theme),
    page: page && {
      id: page.id,
      status: page.status,
      slug: page.slug,
      settings: {
        title: page.title,
        slug: page.slug,
        description: page.description,
        socialImage: page.socialImage ?? "",
      } satisfies PageSettings,
      document: page.document as Data,
    },
  };
}

type ActionResult =
  | { ok: true; status: "draft" | "published"; savedAt: number; intent: string }
  | { ok: false; fields: Record<string, string>; message: string | null };

/** Field messages from a service error, or null when it is not about the input. */
function inputProblem(err: unknown) {
  const e = err as AppErrorLike;
  if (!["validation_failed", "conflict", "payload_too_large"].includes(e?.code ?? "")) return null;
  const fields: Record<string, string> = {};
  for (const d of Array.isArray(e.details) ? (e.details as { field?: string; message?: string }[]) : []) {
    const key = d.field?.startsWith("document") ? "document" : (d.field ?? "body");
    if (!fields[key]) fields[key] = d.message ?? "";
  }
  return data({ ok: false, fields, message: e.message ?? null } satisfies ActionResult, {
    status: e.code === "conflict" ? 409 : 422,
  });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const kind = kindOf(request);
  const svc = context.services.pages;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const id = params.id && params.id !== "new" ? params.id : null;
  const base = kind === "doc" ? "/dashboard/docs" : "/dashboard/pages";
  try {
    if (intent === "delete" && id) {
      await svc.remove(kind, id);
      return redirect(base);
    }
    if (intent === "unpublish" && id) {
      const p = await svc.setStatus(kind, id, "draft");
      return { ok: true, status: p.status, savedAt: Date.now(), intent } satisfies ActionResult;
    }
    let input: PageSettings & { document: unknown };
    try {
      input = JSON.parse(String(form.get("page") ?? "")) as PageSettings & { document: unknown };
    } catch {
      return data({ ok: false, fields: {}, message: null } satisfies ActionResult, { status: 400 });
    }
    const fields = {
      title: String(input.title ?? ""),
      slug: String(input.slug ?? ""),
      description: String(input.description ?? ""),
      socialImage: input.socialImage ? String(input.socialImage) : null,
      document: input.document,
    };
    const saved = id ? await svc.update(kind, id, fields) : await svc.create(kind, fields);
    const status = intent === "publish" ? (await svc.setStatus(kind, saved.id, "published")).status : saved.status;
    if (!id) return redirect(`${base}/${saved.id}`);
    return { ok: true, status, savedAt: Date.now(), intent } satisfies ActionResult;
  } catch (err) {
    const problem = inputProblem(err);
    if (problem) return problem;
    return asRefusal(err, { ok: false, fields: {}, message: (err as AppErrorLike)?.message ?? null });
  }
}

export default function PageEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const isNew = !d.page;
  const [settings, setSettings] = useState<PageSettings>(
    d.page?.settings ?? { title: "", slug: "", description: "", socialImage: "" },
  );
  const slugTouched = useRef(!isNew);
  const documentRef = useRef<Data>(d.page?.document ?? EMPTY);
  const [dirty, setDirty] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(isNew);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = result && !result.ok ? result.fields : {};
  const status = result?.ok ? result.status : (d.page?.status ?? "draft");
  const prefix = d.kind === "doc" ? "/docs/" : "/";
  const publicPath = d.page
    ? d.kind === "doc"
      ? `/docs/${d.page.slug}`
      : d.page.slug === "home"
        ? "/"
        : `/${d.page.slug}`
    : null;

  // A successful save is the new baseline; a failed one keeps the changes marked unsaved.
  useEffect(() => {
    if (result?.ok) setDirty(false);
    if (result && !result.ok && Object.keys(result.fields).some((f) => f !== "document")) setSettingsOpen(true);
  }, [result]);

  const change = (patch: Partial<PageSettings>) => {
    setDirty(true);
    if (patch.slug !== undefined) slugTouched.current = true;
    setSettings((s) => {
      const next = { ...s, ...patch };
      if (patch.title !== undefined && !slugTouched.current) next.slug = slugifyTitle(patch.title);
      return next;
    });
  };

  const submit = (intent: "save" | "publish" | "unpublish") => {
    if (intent !== "unpublish" && !settings.title.trim()) {
      setSettingsOpen(true);
    }
    setDirty(false);
    fetcher.submit(
      { intent, page: JSON.stringify({ ...settings, document: documentRef.current }) },
      { method: "post" },
    );
  };

  return (
    <div className="page page-editor">
      <div className="page-editor-bar">
        <Link to={d.kind === "doc" ? "/dashboard/docs" : "/dashboard/pages"}>
          {t(d.kind === "doc" ? "pages.backToDocs" : "pages.backToPages")}
        </Link>
      </div>
      <div className="page-editor-bar">
        <h1>{settings.title || t(d.kind === "doc" ? "pages.untitledDoc" : "pages.untitled")}</h1>
        <PageStatusBadge status={status} />
        {dirty ? (
          <Text size="sm" c="dimmed" role="status">
            {t("pages.unsaved")}
          </Text>
        ) : result?.ok ? (
          <Text size="sm" c="green" role="status">
            {t(
              result.intent === "publish"
                ? "pages.publishedNow"
                : result.intent === "unpublish"
                  ? "pages.unpublishedNow"
                  : "pages.saved",
            )}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            onClick={() => setSettingsOpen((o) => !o)}
            aria-expanded={settingsOpen}
            aria-controls="page-settings"
            rightSection={
              settingsOpen ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
            }
          >
            {t("pages.settings.heading")}
          </Button>
          {publicPath && status === "published" ? (
            <Button
              component="a"
              href={publicPath}
              target="_blank"
              variant="subtle"
              leftSection={<IconExternalLink size={14} aria-hidden />}
            >
              {t("pages.viewPage")}
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => submit("save")}
            loading={busy && fetcher.formData?.get("intent") === "save"}
          >
            {t("pages.saveDraft")}
          </Button>
          {status === "published" && !isNew ? (
            <Button variant="light" color="orange" onClick={() => submit("unpublish")} disabled={busy}>
              {t("pages.unpublish")}
            </Button>
          ) : null}
          <Button onClick={() => submit("publish")} loading={busy && fetcher.formData?.get("intent") === "publish"}>
            {status === "published" ? t("pages.publishChanges") : t("pages.publish")}
          </Button>
        </Group>
      </div>
      <PlanRefusal result={result} />
      {result && !result.ok && !planRefusalCode(result) ? (
        <Alert color="red" role="alert" title={t("pages.saveFailed")}>
          {result.fields.document ?? result.message ?? t("pages.saveFailedHint")}
        </Alert>
      ) : null}
      <Collapse expanded={settingsOpen} id="page-settings">
        <Paper component="section" withBorder p="md" aria-label={t("pages.settings.heading")}>
          <PageSettingsPanel value={settings} onChange={change} errors={errors} prefix={prefix} />
        </Paper>
      </Collapse>
      <PageEditor
        initialData={d.page?.document ?? EMPTY}
        title={settings.title}
        siteTheme={d.siteTheme}
        onChange={(doc) => {
          documentRef.current = doc;
          setDirty(true);
        }}
      />
      <LeaveGuard
        dirty={dirty}
        text={{
          title: t("pages.leaveTitle"),
          message: t("pages.leaveText"),
          stay: t("pages.stay"),
          leave: t("pages.leave"),
        }}
      />
    </div>
  );
}
