import { Switch, Tabs, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { redirect, useFetcher, useSearchParams } from "react-router";
import { checkAutomation } from "../../../../core/automations";
import { type Draft, AutomationForm } from "../../../components/automations/automation-form";
import { RunLog, RunOnMembers } from "../../../components/automations/run-log";
import { EditorActions, EditorFrame, useUnsavedChanges } from "../../../components/editor-frame";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/automation-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const BASE = "/dashboard/manage/marketing/automations";
const RUN_STATUSES = ["queued", "running", "succeeded", "skipped", "failed"] as const;

/** One automation's editor (When / Only if / Then) and its run log; `new` for a new one. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const tr = translatorFor(context, request);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title: pageTitle(tr, "automations.title", context.site.settings.sitetitle), locked, d: null };
  const a = context.services.automations;
  const url = new URL(request.url);
  const status = RUN_STATUSES.find((s) => s === url.searchParams.get("status"));
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const isNew = params.id === "new";
  const [automation, choices, runs] = await Promise.all([
    isNew ? null : a.get(params.id).catch(asPageError),
    a.choices().catch(asPageError),
    isNew ? { items: [], nextCursor: null } : a.runs(params.id, { status, cursor }).catch(asPageError),
  ]);
  const name = automation?.name ?? tr("automations.editor.newTitle");
  return {
    title: pageTitle(tr, name, context.site.settings.sitetitle),
    locked: null,
    d: { automation, choices, runs, status: status ?? "" },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const { intent, payload: p } = await readIntent(request);
  const a = context.services.automations;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  switch (intent) {
    case "save": {
      if (params.id !== "new") return runAction(() => a.update(params.id, p));
      let id = "";
      const made = await runAction(async () => {
        id = (await a.create(p)).id;
      });
      if (id) throw redirect(`${BASE}/${id}?saved=1`);
      return made;
    }
    case "rerun":
      return runAction(() => a.rerun(str(p.runId), str(p.requestId)));
    case "run":
      return runAction(() =>
        a.runManual(params.id, {
          userIds: Array.isArray(p.userIds) ? p.userIds.map(String) : [],
          requestId: str(p.requestId),
        }),
      );
    case "members":
      return runAction(() => a.searchMembers(str(p.q)));
    default:
      return unknownIntent();
  }
}

type Data = NonNullable<Route.ComponentProps["loaderData"]["d"]>;

export default function AutomationEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.d)
    return (
      <div className="page">
        <h1>{t("automations.title")}</h1>
        <PlanRefusal result={loaderData.locked} />
      </div>
    );
  const a = loaderData.d.automation;
  return <Editor key={a ? `${a.id}:${a.updatedAt}` : "new"} d={loaderData.d} />;
}

function Editor({ d }: { d: Data }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const saved = d.automation;
  const [draft, setDraft] = useState<Draft>(() =>
    saved
      ? {
          name: saved.name,
          trigger: saved.trigger,
          triggerArgs: saved.triggerArgs,
          conditions: saved.conditions,
          actions: saved.actions,
        }
      : { name: "", trigger: "", triggerArgs: null, conditions: [], actions: [] },
  );
  const [active, setActive] = useState(saved ? saved.status === "active" : true);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const fetcher = useFetcher<{ ok: boolean; message?: string; fields?: Record<string, string> }>();
  const dirty = useUnsavedChanges({ draft, active });
  const result = fetcher.data;
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (fetcher.state === "idle" && result && !result.ok) setServerErrors(result.fields ?? {});
  }, [fetcher.state, result]);
  const raw = { ...serverErrors, ...clientErrors };
  const errors = Object.fromEntries(
    Object.entries(raw).map(([path, key]) => [path, t(`automations.errors.${key}`, { defaultValue: key })]),
  );
  const save = () => {
    const checked = checkAutomation(draft);
    setServerErrors({});
    if (!checked.ok) {
      setClientErrors(Object.fromEntries(checked.issues.map((i) => [i.path, i.error])));
      return;
    }
    setClientErrors({});
    // The arguments are plain JSON values (checked above); their type just says unknown.
    const payload = JSON.parse(JSON.stringify({ ...draft, status: active ? "active" : "paused" }));
    fetcher.submit({ intent: "save", payload }, { method: "post", encType: "application/json" });
  };
  const hasErrors = Object.keys(raw).length > 0;
  const tab = params.get("tab") === "runs" && saved ? "runs" : "edit";
  const justSaved = (fetcher.state === "idle" && result?.ok) || params.get("saved") === "1";
  return (
    <EditorFrame
      back={{ to: BASE, label: t("automations.title") }}
      title={draft.name || saved?.name || t("automations.editor.newTitle")}
      status={{
        label: t(`automations.status.${active ? "active" : "paused"}`),
        color: active ? "green" : "gray",
      }}
      actions={<EditorActions busy={fetcher.state !== "idle"} onSave={save} />}
      dirty={dirty && !justSaved}
      notice={justSaved && !dirty ? t("automations.editor.saved") : null}
      error={hasErrors ? t("automations.editor.hasErrors") : null}
    >
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === "runs" ? { tab: "runs" } : {}, { preventScrollReset: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t("automations.editor.tabs")} mb="md">
          <Tabs.Tab value="edit">{t("automations.editor.tabEdit")}</Tabs.Tab>
          {saved ? <Tabs.Tab value="runs">{t("automations.editor.tabRuns")}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="edit">
          <TextInput
            label={t("automations.editor.name")}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            maw={520}
            mb="sm"
          />
          <Switch
            label={t("automations.editor.active")}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
            mb="md"
          />
          <AutomationForm draft={draft} onChange={setDraft} choices={d.choices} errors={errors} />
        </Tabs.Panel>
        {saved ? (
          <Tabs.Panel value="runs">
            {saved.trigger === "manual" ? <RunOnMembers /> : null}
            <RunLog runs={d.runs.items} nextCursor={d.runs.nextCursor} status={d.status} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </EditorFrame>
  );
}
