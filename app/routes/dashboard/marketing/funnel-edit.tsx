import { Alert, List, SimpleGrid, Switch, Tabs, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useMemo, useState } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { type FunnelGraph, STEP_REF_KIND, validateGraph, ZFunnelStatsQuery } from "../../../../core/funnel-graph";
import { EditorActions, EditorFrame, useUnsavedChanges } from "../../../components/editor-frame";
import { FunnelAnalytics } from "../../../components/funnels/funnel-analytics";
import { FunnelCanvas, type SiteObjects } from "../../../components/funnels/funnel-canvas";
import { useTranslation } from "../../../i18n/use-translation";
import { errorOf, unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/funnel-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const KINDS = [...new Set(Object.values(STEP_REF_KIND).map((k) => k.kind))];
const TYPE_OF_KIND = Object.fromEntries(Object.entries(STEP_REF_KIND).map(([type, k]) => [k.kind, type])) as Record<
  string,
  keyof typeof STEP_REF_KIND
>;

/** One funnel's editor and its analytics, for the site's managers. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const tr = translatorFor(context, request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "analytics" ? "analytics" : "editor";
  const funnel = await context.services.funnels.get(params.id).catch(asPageError);
  const objects: SiteObjects = {};
  for (const kind of KINDS) {
    const rows = await context.services.funnels.objects(TYPE_OF_KIND[kind]).catch(asPageError);
    objects[kind] = rows.map((r) => ({ value: r.id, label: r.label }));
  }
  const q = ZFunnelStatsQuery.safeParse(Object.fromEntries([...url.searchParams].filter(([, v]) => v)));
  const stats =
    tab === "analytics"
      ? await context.services.funnels.stats(funnel.id, q.success ? q.data : {}).catch(asPageError)
      : null;
  return {
    title: pageTitle(tr, funnel.name, context.site.settings.sitetitle),
    funnel,
    objects,
    stats,
    tab,
    currency: context.site.settings.currency ?? "USD",
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const { intent, payload } = await readIntent(request);
  if (intent !== "save") return unknownIntent();
  return runAction(() => context.services.funnels.update(params.id, payload));
}

type Funnel = Route.ComponentProps["loaderData"]["funnel"];

export default function FunnelEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Above the editor, which starts again from each saved revision: the answer outlives it.
  const fetcher = useFetcher<typeof action>();
  return (
    <Tabs
      value={d.tab}
      onChange={(v) => {
        const next = new URLSearchParams(search);
        if (v === "analytics") next.set("tab", "analytics");
        else next.delete("tab");
        navigate({ search: next.toString() });
      }}
      keepMounted={false}
    >
      <Editor
        key={d.funnel.updatedAt}
        fetcher={fetcher}
        funnel={d.funnel}
        objects={d.objects}
        tabs={
          <Tabs.List mb="md">
            <Tabs.Tab value="editor">{t("funnels.tabEditor")}</Tabs.Tab>
            <Tabs.Tab value="analytics">{t("funnels.tabAnalytics")}</Tabs.Tab>
          </Tabs.List>
        }
      >
        {d.tab === "analytics" && d.stats ? <FunnelAnalytics stats={d.stats} currency={d.currency} /> : null}
      </Editor>
    </Tabs>
  );
}

function Editor({
  funnel,
  objects,
  tabs,
  children,
  fetcher,
}: {
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  funnel: Funnel;
  objects: SiteObjects;
  tabs: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    name: funnel.name,
    status: funnel.status,
    utm_source: funnel.utm_source,
    utm_medium: funnel.utm_medium,
    utm_campaign: funnel.utm_campaign,
    graph: funnel.graph as FunnelGraph,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const dirty = useUnsavedChanges(form);
  const issues = useMemo(() => validateGraph(form.graph), [form.graph]);
  const invalid = useMemo(() => new Set(issues.flatMap((i) => (i.nodeId ? [i.nodeId] : []))), [issues]);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const saved = result && "ok" in result && result.ok && !dirty;
  const failure = busy ? null : errorOf(result);
  const failureText = (code: string) =>
    t(
      code === "conflict"
        ? "funnels.errors.liveConflict"
        : code === "validation_failed"
          ? "funnels.errors.invalid"
          : "funnels.errors.failed",
    );
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = () => fetcher.submit({ intent: "save", payload: form }, { method: "post", encType: "application/json" });
  const label = (id?: string) => form.graph.nodes.find((n) => n.id === id)?.data.label ?? "";
  return (
    <EditorFrame
      back={{ to: "/dashboard/manage/marketing/funnels", label: t("funnels.back") }}
      title={form.name || t("funnels.untitled")}
      status={{ label: t(`funnels.statuses.${form.status}`), color: form.status === "live" ? "green" : "gray" }}
      dirty={dirty}
      actions={<EditorActions busy={busy} onSave={save} />}
      notice={saved ? t("funnels.saved") : null}
      error={failure ? failureText(failure.code) : null}
    >
      {tabs}
      <Tabs.Panel value="editor">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} mb="md">
          <TextInput
            label={t("funnels.name")}
            value={form.name}
            required
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <TextInput
            label="utm_source"
            value={form.utm_source}
            required
            onChange={(e) => set("utm_source", e.currentTarget.value)}
          />
          <TextInput
            label="utm_medium"
            value={form.utm_medium}
            required
            onChange={(e) => set("utm_medium", e.currentTarget.value)}
          />
          <TextInput
            label="utm_campaign"
            value={form.utm_campaign}
            required
            onChange={(e) => set("utm_campaign", e.currentTarget.value)}
          />
          <Switch
            mt="xl"
            label={t("funnels.live")}
            checked={form.status === "live"}
            onChange={(e) => set("status", e.currentTarget.checked ? "live" : "draft")}
          />
        </SimpleGrid>
        {issues.length && form.graph.nodes.length ? (
          <Alert color={form.status === "live" ? "red" : "yellow"} mb="md" title={t("funnels.issuesTitle")}>
            <List size="sm">
              {issues.map((i) => (
                <List.Item key={`${i.code}-${i.nodeId ?? ""}`}>{t(i.key, { step: label(i.nodeId) })}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <FunnelCanvas
          graph={form.graph}
          onChange={(g) => set("graph", g)}
          objects={objects}
          selected={selected}
          onSelect={setSelected}
          invalid={invalid}
        />
      </Tabs.Panel>
      <Tabs.Panel value="analytics">{children}</Tabs.Panel>
    </EditorFrame>
  );
}
