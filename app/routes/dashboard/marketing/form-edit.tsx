import {
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Grid,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { FormField, FormSettings } from "../../../../core/form-rules";
import { ActionErrorAlert } from "../../../components/action-error-alert";
import { FieldListEditor } from "../../../components/forms/field-list-editor";
import { PublicForm } from "../../../components/forms/public-form";
import { Pager } from "../../../components/pager";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/form-edit";
import { CodeValue } from "../../../components/code-value";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** One form's builder, settings, addresses and submissions, for the site's managers (plan feature `forms`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const tr = translatorFor(context, request);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title: pageTitle(tr, "forms.title", context.site.settings.sitetitle), locked, d: null };
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const f = context.services.forms;
  const [form, lists, subs] = await Promise.all([
    f.get(params.id).catch(asPageError),
    f.lists().catch(asPageError),
    f.submissions(params.id, page, PER_PAGE).catch(asPageError),
  ]);
  return {
    title: pageTitle(tr, form.name, context.site.settings.sitetitle),
    locked: null,
    d: {
      form,
      lists: lists.map((l) => ({ value: l.id, label: l.name })),
      submissions: subs.items,
      page,
      pages: Math.max(1, Math.ceil(subs.total / PER_PAGE)),
      origin: context.origin,
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const { intent, payload: p } = await readIntent(request);
  if (intent !== "save") return unknownIntent();
  return runAction(() =>
    context.services.forms.update(params.id, {
      name: typeof p.name === "string" ? p.name : "",
      fields: Array.isArray(p.fields) ? (p.fields as FormField[]) : [],
      settings: (p.settings ?? {}) as FormSettings,
      status: p.status === "inactive" ? "inactive" : "active",
    }),
  );
}

type Data = NonNullable<Route.ComponentProps["loaderData"]["d"]>;

export default function FormEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.d)
    return (
      <div className="page">
        <h1>{t("forms.title")}</h1>
        <PlanRefusal result={loaderData.locked} />
      </div>
    );
  return <Builder d={loaderData.d} />;
}

function Builder({ d }: { d: Data }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; fields: Record<string, string> }>();
  const [name, setName] = useState(d.form.name);
  const [fields, setFields] = useState<FormField[]>(d.form.fields);
  const [settings, setSettings] = useState<FormSettings>(d.form.settings);
  const [active, setActive] = useState(d.form.status === "active");
  const [tab, setTab] = useState<string | null>("build");
  const [saved, setSaved] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setSaved(true);
  }, [fetcher.state, result]);
  const errors = result && !result.ok ? result.fields : {};
  const address = `${d.origin}/f/${d.form.id}`;
  const embed = `<iframe src="${address}" title="${d.form.name.replace(/"/g, "&quot;")}" style="width:100%;min-height:520px;border:0"></iframe>`;
  const save = () => {
    setSaved(false);
    fetcher.submit(
      { intent: "save", payload: { name, fields, settings, status: active ? "active" : "inactive" } },
      { method: "post", encType: "application/json" },
    );
  };
  const preview = { id: d.form.id, name, fields, successMessage: settings.successMessage ?? "", redirectUrl: "" };

  return (
    <div className="page">
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/manage/marketing/forms" size="sm">
          {t("forms.back")}
        </Anchor>
        <Title order={1}>{name || d.form.name}</Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t("forms.name")}
            data-testid="form-name"
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: "1 1 240px" }}
          />
          <Switch label={t("forms.active")} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Button onClick={save} loading={fetcher.state !== "idle"}>
            {t("forms.save")}
          </Button>
        </Group>
        <ActionErrorAlert result={result} />
        {saved ? (
          <Alert color="green" role="status">
            {t("forms.saved")}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label={t("forms.tabs.label")}>
            <Tabs.Tab value="build">{t("forms.tabs.build")}</Tabs.Tab>
            <Tabs.Tab value="settings">{t("forms.tabs.settings")}</Tabs.Tab>
            <Tabs.Tab value="share">{t("forms.tabs.share")}</Tabs.Tab>
            <Tabs.Tab value="submissions">
              {t("forms.tabs.submissions")} ({d.form.submissions})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="build" pt="md">
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Title order={2} size="h4" mb="sm">
                  {t("forms.fields")}
                </Title>
                <FieldListEditor fields={fields} onChange={setFields} errors={errors} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Card withBorder>
                  <Title order={2} size="h4" mb="sm">
                    {t("forms.preview")}
                  </Title>
                  <PublicForm key={JSON.stringify(fields)} form={preview} preview />
                </Card>
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <Stack maw={560}>
              {d.lists.length ? (
                <MultiSelect
                  label={t("forms.lists")}
                  data={d.lists}
                  value={settings.listIds}
                  onChange={(listIds) => setSettings({ ...settings, listIds })}
                />
              ) : (
                <Text c="dimmed">{t("forms.noLists")}</Text>
              )}
              <TagsInput
                label={t("forms.tags")}
                value={settings.tags}
                onChange={(tags) => setSettings({ ...settings, tags })}
              />
              <TextInput
                label={t("forms.successMessage")}
                value={settings.successMessage ?? ""}
                onChange={(e) => setSettings({ ...settings, successMessage: e.currentTarget.value })}
              />
              <TextInput
                label={t("forms.redirectUrl")}
                value={settings.redirectUrl ?? ""}
                error={errors["settings.redirectUrl"]}
                onChange={(e) => setSettings({ ...settings, redirectUrl: e.currentTarget.value })}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="share" pt="md">
            <Stack maw={720}>
              <TextInput
                label={t("forms.publicAddress")}
                value={address}
                readOnly
                data-testid="public-address"
                rightSectionWidth={90}
                rightSection={
                  <CopyButton value={address}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="light" onClick={copy}>
                        {copied ? t("forms.copied") : t("forms.copy")}
                      </Button>
                    )}
                  </CopyButton>
                }
              />
              <Anchor href={address} target="_blank" rel="noopener">
                {address}
              </Anchor>
              <Text fw={600}>{t("forms.embed")}</Text>
              <Text size="sm">{t("forms.embedHint")}</Text>
              <CodeValue>{embed}</CodeValue>
              <Text size="sm">{t("forms.pageBlockHint")}</Text>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="submissions" pt="md">
            <Stack>
              <Group>
                <Button component="a" href={`/api/v1/forms/${d.form.id}/submissions.csv`} variant="default" download>
                  {t("forms.exportCsv")}
                </Button>
              </Group>
              {d.submissions.length === 0 ? (
                <Text c="dimmed">{t("forms.noSubmissions")}</Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped data-testid="submissions-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("forms.submittedAt")}</Table.Th>
                        {d.form.fields.map((f) => (
                          <Table.Th key={f.id}>{f.label || f.name}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.submissions.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>
                            {new Date(s.createdAt).toLocaleString(i18n.language, {
                              dateStyle: "medium",
                              timeStyle: "short",
                            })}
                          </Table.Td>
                          {d.form.fields.map((f) => (
                            <Table.Td key={f.id}>{String(s.data[f.name] ?? "")}</Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Pager page={d.page} pages={d.pages} to={(n) => `?page=${n}`} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </div>
  );
}
