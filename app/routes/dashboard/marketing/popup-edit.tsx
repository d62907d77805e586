import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  FREQUENCIES,
  PAGE_MODES,
  POPUP_TRIGGERS,
  type PopupFrequency,
  type PopupPages,
  type PopupTrigger,
} from "../../../../core/popup-rules";
import { ActionErrorAlert } from "../../../components/action-error-alert";
import { FormBlock } from "../../../components/page-blocks/form";
import { PlanRefusal } from "../../../components/plan-refusal";
import { RichTextEditor } from "../../../components/rich-text-editor";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/popup-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** One popup's editor with a preview and its results, for the site's managers (plan feature `forms`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const tr = translatorFor(context, request);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title: pageTitle(tr, "popups.title", context.site.settings.sitetitle), locked, d: null };
  const [popup, forms] = await Promise.all([
    context.services.popups.get(params.id).catch(asPageError),
    context.services.forms.list().catch(asPageError),
  ]);
  return {
    title: pageTitle(tr, popup.name, context.site.settings.sitetitle),
    locked: null,
    d: { popup, forms: forms.map((f) => ({ value: f.id, label: f.name })) },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const { intent, payload: p } = await readIntent(request);
  if (intent !== "save") return unknownIntent();
  return runAction(() =>
    context.services.popups.update(params.id, {
      name: typeof p.name === "string" ? p.name : "",
      content: typeof p.content === "string" ? p.content : "",
      formId: typeof p.formId === "string" && p.formId ? p.formId : null,
      trigger: p.trigger as PopupTrigger,
      pages: p.pages as PopupPages,
      frequency: p.frequency as PopupFrequency,
      status: p.status === "active" ? "active" : "inactive",
    }),
  );
}

type Data = NonNullable<Route.ComponentProps["loaderData"]["d"]>;

export default function PopupEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.d)
    return (
      <div className="page">
        <h1>{t("popups.title")}</h1>
        <PlanRefusal result={loaderData.locked} />
      </div>
    );
  return <Editor d={loaderData.d} />;
}

function Editor({ d }: { d: Data }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; fields: Record<string, string> }>();
  const p = d.popup;
  const [name, setName] = useState(p.name);
  const [content, setContent] = useState(p.content);
  const [formId, setFormId] = useState(p.formId ?? "");
  const [trigger, setTrigger] = useState<PopupTrigger>(p.trigger);
  const [pages, setPages] = useState<PopupPages>(p.pages);
  const [paths, setPaths] = useState(p.pages.paths.join("\n"));
  const [frequency, setFrequency] = useState<PopupFrequency>(p.frequency);
  const [active, setActive] = useState(p.status === "active");
  const [saved, setSaved] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setSaved(true);
  }, [fetcher.state, result]);
  const errors = result && !result.ok ? result.fields : {};
  const save = () => {
    setSaved(false);
    const list = paths
      .split("\n")
      .map((x) => x.trim())
      .filter(Boolean);
    fetcher.submit(
      {
        intent: "save",
        payload: {
          name,
          content,
          formId,
          trigger,
          pages: { ...pages, paths: list },
          frequency,
          status: active ? "active" : "inactive",
        },
      },
      { method: "post", encType: "application/json" },
    );
  };
  const rate = p.impressions ? `${Math.round((p.conversions / p.impressions) * 1000) / 10} %` : "—";

  return (
    <div className="page">
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/manage/marketing/popups" size="sm">
          {t("popups.back")}
        </Anchor>
        <Title order={1}>{name || p.name}</Title>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t("popups.stats")}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="popup-stats">
            <Stat label={t("popups.impressions")} value={p.impressions} />
            <Stat label={t("popups.closes")} value={p.closes} />
            <Stat label={t("popups.conversions")} value={p.conversions} />
            <Stat label={t("popups.conversionRate")} value={rate} />
          </SimpleGrid>
        </Card>
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <TextInput
                label={t("popups.name")}
                value={name}
                error={errors.name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <RichTextEditor label={t("popups.content")} value={content} onChange={setContent} />
              <NativeSelect
                label={t("popups.form")}
                value={formId}
                error={errors.formId}
                data={[{ value: "", label: t("popups.noForm") }, ...d.forms]}
                onChange={(e) => setFormId(e.currentTarget.value)}
              />
              <NativeSelect
                label={t("popups.trigger")}
                value={trigger.type}
                data={POPUP_TRIGGERS.map((v) => ({ value: v, label: t(`popups.triggers.${v}`) }))}
                onChange={(e) => setTrigger({ ...trigger, type: e.currentTarget.value as PopupTrigger["type"] })}
              />
              {trigger.type === "delay" ? (
                <NumberInput
                  label={t("popups.delaySeconds")}
                  min={0}
                  max={3600}
                  value={trigger.delaySeconds ?? 5}
                  onChange={(v) => setTrigger({ ...trigger, delaySeconds: Number(v) || 0 })}
                />
              ) : null}
              {trigger.type === "scroll" ? (
                <NumberInput
                  label={t("popups.scrollPercent")}
                  min={0}
                  max={100}
                  value={trigger.scrollPercent ?? 50}
                  onChange={(v) => setTrigger({ ...trigger, scrollPercent: Number(v) || 0 })}
                />
              ) : null}
              <NativeSelect
                label={t("popups.pages")}
                value={pages.mode}
                data={PAGE_MODES.map((v) => ({ value: v, label: t(`popups.pageModes.${v}`) }))}
                onChange={(e) => setPages({ ...pages, mode: e.currentTarget.value as PopupPages["mode"] })}
              />
              {pages.mode !== "all" ? (
                <Textarea
                  label={t("popups.paths")}
                  autosize
                  minRows={2}
                  error={Object.entries(errors).find(([k]) => k.startsWith("pages"))?.[1]}
                  value={paths}
                  onChange={(e) => setPaths(e.currentTarget.value)}
                />
              ) : null}
              <NativeSelect
                label={t("popups.frequency")}
                value={frequency.type}
                data={FREQUENCIES.map((v) => ({ value: v, label: t(`popups.frequencies.${v}`) }))}
                onChange={(e) => setFrequency({ ...frequency, type: e.currentTarget.value as PopupFrequency["type"] })}
              />
              {frequency.type === "every_days" ? (
                <NumberInput
                  label={t("popups.days")}
                  min={1}
                  max={365}
                  value={frequency.days ?? 7}
                  onChange={(v) => setFrequency({ ...frequency, days: Math.max(1, Number(v) || 1) })}
                />
              ) : null}
              <Switch
                label={t("popups.active")}
                checked={active}
                onChange={(e) => setActive(e.currentTarget.checked)}
              />
              <ActionErrorAlert result={result} />
              {saved ? (
                <Alert color="green" role="status">
                  {t("popups.saved")}
                </Alert>
              ) : null}
              <Group>
                <Button onClick={save} loading={fetcher.state !== "idle"}>
                  {t("popups.save")}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder shadow="sm">
              <Title order={2} size="h4" mb="sm">
                {t("popups.preview")}
              </Title>
              <Text fw={600} mb="xs">
                {name}
              </Text>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's own rich text, sanitised when saved */}
              <div className="pb-rich" dangerouslySetInnerHTML={{ __html: content }} />
              {formId ? <FormBlock key={formId} formId={formId} preview /> : null}
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </div>
  );
}
