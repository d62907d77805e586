import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, redirect, useFetcher, useRevalidator } from "react-router";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { PlanRefusal } from "../../../components/plan-refusal";
import { RichTextEditor } from "../../../components/rich-text-editor";
import { useTranslation } from "../../../i18n/use-translation";
import { errorOf, unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/campaign-edit";
import { StatusBadge } from "./emails";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** One campaign: written while a draft or scheduled; once sending or sent, its stats and recipients. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "campaigns.editTitle", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "emails");
  if (locked) return { title, locked, campaign: null, lists: [], size: 0, recipients: null, me: "" };
  const s = context.services.campaigns;
  const campaign = await s.get(params.id).catch(asPageError);
  const [lists, size, recipients] = await Promise.all([
    s.lists(),
    s.audienceSize(campaign.audience),
    campaign.editable ? Promise.resolve(null) : s.recipients(campaign.id, { perPage: 50 }),
  ]);
  return {
    title,
    locked: null,
    campaign,
    lists: lists.map((l) => ({ value: l.id, label: `${l.name} (${l.contacts})` })),
    size: size.recipients,
    recipients,
    me: context.user?.email ?? "",
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const s = context.services.campaigns;
  const { intent, payload: p } = await readIntent(request);
  const id = params.id;
  const audience = () => ({ listIds: strs(p.listIds), tags: strs(p.tags) });
  switch (intent) {
    case "save":
      return runAction(() =>
        s.update(id, {
          name: str(p.name),
          subject: str(p.subject),
          preheader: str(p.preheader),
          fromName: str(p.fromName),
          bodyHtml: str(p.bodyHtml),
          audience: audience(),
        }),
      );
    case "size":
      return runAction(() => s.audienceSize(audience()));
    case "preview":
      return runAction(() => s.preview(id));
    case "test":
      return runAction(() => s.test(id, str(p.to)));
    case "send":
      return runAction(() => s.send(id));
    case "schedule":
      return runAction(() => s.schedule(id, str(p.scheduledAt)));
    case "unschedule":
      return runAction(() => s.unschedule(id));
    case "duplicate": {
      const r = await runAction(() => s.duplicate(id));
      if (r instanceof Response || !("ok" in r) || !r.ok) return r;
      throw redirect(`/dashboard/manage/marketing/emails/campaigns/${r.value.id}`);
    }
    case "delete": {
      const r = await runAction(() => s.remove(id));
      if (r instanceof Response || !("ok" in r) || !r.ok) return r;
      throw redirect("/dashboard/manage/marketing/emails");
    }
    default:
      return unknownIntent();
  }
}

type Data = Route.ComponentProps["loaderData"];
type Campaign = NonNullable<Data["campaign"]>;

const TOKENS = [
  "{{contact.name}}",
  "{{contact.first_name}}",
  "{{contact.email}}",
  "{{site.name}}",
  "{{unsubscribe_url}}",
];

export default function CampaignEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/manage/marketing/emails" size="sm">
          {t("campaigns.back")}
        </Anchor>
        <EmailTabs active="campaigns" />
        {d.locked ? <PlanRefusal result={d.locked} /> : null}
        {d.campaign ? (
          d.campaign.editable ? (
            <Editor key={d.campaign.id} d={d} campaign={d.campaign} />
          ) : (
            <Report d={d} campaign={d.campaign} />
          )
        ) : null}
      </Stack>
    </div>
  );
}

function Heading({ campaign }: { campaign: Campaign }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {campaign.name}
      </Title>
      <StatusBadge status={campaign.status} />
    </Group>
  );
}

function Editor({ d, campaign }: { d: Data; campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(campaign.name);
  const [subject, setSubject] = useState(campaign.subject);
  const [preheader, setPreheader] = useState(campaign.preheader);
  const [fromName, setFromName] = useState(campaign.fromName);
  const [bodyHtml, setBodyHtml] = useState(campaign.bodyHtml);
  const [bodyKey, setBodyKey] = useState(0);
  const [listIds, setListIds] = useState<string[]>(campaign.audience.listIds);
  const [tags, setTags] = useState<string[]>(campaign.audience.tags);
  const [testTo, setTestTo] = useState(d.me);
  const [when, setWhen] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [device, setDevice] = useState("desktop");
  const save = useFetcher();
  const size = useFetcher<{ value?: { recipients: number } }>();
  const preview = useFetcher<{ value?: { subject: string; html: string } }>();
  const test = useFetcher<{ ok?: boolean; value?: { to: string } }>();
  const act = useFetcher();
  const payload = { name, subject, preheader, fromName, bodyHtml, listIds, tags };
  const dirty =
    JSON.stringify(payload) !==
    JSON.stringify({
      name: campaign.name,
      subject: campaign.subject,
      preheader: campaign.preheader,
      fromName: campaign.fromName,
      bodyHtml: campaign.bodyHtml,
      listIds: campaign.audience.listIds,
      tags: campaign.audience.tags,
    });
  const post = (f: ReturnType<typeof useFetcher>, intent: string, extra: Record<string, unknown> = {}) =>
    f.submit({ intent, payload: { ...payload, ...extra } }, { method: "post", encType: "application/json" });

  // The live recipient count follows the audience picker.
  const sizeRef = useRef(size);
  sizeRef.current = size;
  const audienceKey = JSON.stringify({ listIds, tags });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { listIds: l, tags: tg } = JSON.parse(audienceKey) as { listIds: string[]; tags: string[] };
    sizeRef.current.submit(
      { intent: "size", payload: { listIds: l, tags: tg } },
      { method: "post", encType: "application/json" },
    );
  }, [audienceKey]);
  const recipients = size.data?.value?.recipients ?? d.size;

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const insertToken = (token: string) => {
    setBodyHtml((html) => (html.endsWith("</p>") ? `${html.slice(0, -4)} ${token}</p>` : `${html}<p>${token}</p>`));
    setBodyKey((k) => k + 1);
  };

  const saveError = errorOf(save.data);
  const fields = (save.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const actError = errorOf(act.data);
  const testError = errorOf(test.data);
  const saving = save.state !== "idle";

  return (
    <Stack gap="md">
      <Heading campaign={campaign} />
      {campaign.status === "scheduled" && campaign.scheduledAt ? (
        <Alert color="blue" variant="light" data-testid="campaign-scheduled">
          <Group justify="space-between" wrap="wrap">
            <Text>
              {t("campaigns.scheduledFor", {
                when: new Date(campaign.scheduledAt).toLocaleString(i18n.language, {
                  dateStyle: "medium",
                  timeStyle: "short",
                }),
              })}
            </Text>
            <Button variant="light" size="compact-sm" onClick={() => post(act, "unschedule")}>
              {t("campaigns.unschedule")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <PlanRefusal result={act.data} />
      {actError && !["plan_limit", "plan_required"].includes(actError.code) ? (
        <Alert color="red" role="alert">
          {actError.message}
        </Alert>
      ) : null}
      <Card withBorder>
        <Stack gap="sm">
          <TextInput
            label={t("campaigns.fields.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            error={fields.name}
          />
          <TextInput
            label={t("campaigns.fields.subject")}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={fields.subject}
          />
          <TextInput
            label={t("campaigns.fields.preheader")}
            description={t("campaigns.fields.preheaderHelp")}
            value={preheader}
            onChange={(e) => setPreheader(e.currentTarget.value)}
          />
          <TextInput
            label={t("campaigns.fields.fromName")}
            value={fromName}
            onChange={(e) => setFromName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Menu>
              <Menu.Target>
                <Button variant="default" size="compact-sm">
                  {t("campaigns.insertToken")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {TOKENS.map((tok) => (
                  <Menu.Item key={tok} onClick={() => insertToken(tok)}>
                    <code>{tok}</code>
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
          <RichTextEditor
            key={bodyKey}
            label={t("campaigns.fields.body")}
            value={bodyHtml}
            onChange={setBodyHtml}
            minHeight={220}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("campaigns.audience.title")}
          </Title>
          <MultiSelect
            label={t("campaigns.audience.lists")}
            data={d.lists}
            value={listIds}
            onChange={setListIds}
            searchable
            error={fields["audience.listIds"]}
            nothingFoundMessage={t("campaigns.audience.noLists")}
          />
          <TagsInput label={t("campaigns.audience.tags")} value={tags} onChange={setTags} />
          <Text fw={600} aria-live="polite" data-testid="audience-size">
            {t("campaigns.audience.size", { count: recipients })}
          </Text>
        </Stack>
      </Card>
      {saveError && !Object.keys(fields).length ? (
        <Alert color="red" role="alert">
          {saveError.message}
        </Alert>
      ) : null}
      <Group wrap="wrap">
        <Button onClick={() => post(save, "save")} loading={saving} disabled={!dirty}>
          {t("campaigns.save")}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {dirty ? t("campaigns.unsaved") : t("campaigns.saved")}
        </Text>
      </Group>

      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t("campaigns.preview.title")}
            </Title>
            <Group wrap="wrap">
              <SegmentedControl
                value={device}
                onChange={setDevice}
                aria-label={t("campaigns.preview.device")}
                data={[
                  { value: "desktop", label: t("campaigns.preview.desktop") },
                  { value: "phone", label: t("campaigns.preview.phone") },
                ]}
              />
              <Button
                variant="light"
                onClick={() => post(preview, "preview")}
                loading={preview.state !== "idle"}
                disabled={dirty}
              >
                {t("campaigns.preview.show")}
              </Button>
            </Group>
          </Group>
          {dirty ? (
            <Text size="sm" c="dimmed">
              {t("campaigns.preview.saveFirst")}
            </Text>
          ) : null}
          {preview.data?.value ? (
            <>
              <Text size="sm">
                <strong>{t("campaigns.fields.subject")}:</strong> {preview.data.value.subject}
              </Text>
              <iframe
                title={t("campaigns.preview.title")}
                sandbox=""
                srcDoc={preview.data.value.html}
                data-testid="campaign-preview"
                style={{
                  width: device === "phone" ? 375 : "100%",
                  maxWidth: "100%",
                  height: 480,
                  border: "1px solid var(--mantine-color-default-border)",
                  background: "white",
                }}
              />
            </>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("campaigns.test.title")}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="email"
              label={t("campaigns.test.to")}
              value={testTo}
              onChange={(e) => setTestTo(e.currentTarget.value)}
              error={testError?.message}
              style={{ flex: "1 1 14rem" }}
            />
            <Button
              variant="light"
              onClick={() => post(test, "test", { to: testTo })}
              loading={test.state !== "idle"}
              disabled={dirty}
            >
              {t("campaigns.test.send")}
            </Button>
          </Group>
          {test.data?.ok ? (
            <Text size="sm" c="green" role="status">
              {t("campaigns.test.sent", { to: test.data.value?.to ?? "" })}
            </Text>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("campaigns.sendTitle")}
          </Title>
          {dirty ? (
            <Text size="sm" c="dimmed">
              {t("campaigns.saveBeforeSending")}
            </Text>
          ) : null}
          <Group align="flex-end" wrap="wrap">
            <Button color="green" onClick={() => setConfirming(true)} disabled={dirty || recipients === 0}>
              {t("campaigns.sendNow")}
            </Button>
            <TextInput
              type="datetime-local"
              label={t("campaigns.scheduleAt")}
              value={when}
              onChange={(e) => setWhen(e.currentTarget.value)}
              style={{ flex: "1 1 12rem" }}
            />
            <Button
              variant="light"
              disabled={dirty || !when}
              onClick={() => post(act, "schedule", { scheduledAt: new Date(when).toISOString() })}
            >
              {t("campaigns.schedule")}
            </Button>
          </Group>
          <Group wrap="wrap">
            <Button variant="subtle" onClick={() => post(act, "duplicate")}>
              {t("campaigns.duplicate")}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => window.confirm(t("campaigns.deleteConfirm")) && post(act, "delete")}
            >
              {t("campaigns.delete")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("campaigns.confirmTitle")}>
        <Stack>
          <Text>{t("campaigns.confirmBody", { count: recipients })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("campaigns.cancel")}
            </Button>
            <Button
              color="green"
              loading={act.state !== "idle"}
              onClick={() => {
                post(act, "send");
                setConfirming(false);
              }}
            >
              {t("campaigns.confirmSend", { count: recipients })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

function Report({ d, campaign }: { d: Data; campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const act = useFetcher();
  const live = campaign.status === "sending" || campaign.status === "scheduled";
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 4000);
    return () => window.clearInterval(timer);
  }, [live, revalidator]);
  const s = campaign.stats;
  const cards = [
    { key: "recipients", value: s.recipients, rate: null },
    { key: "sent", value: s.sent, rate: null },
    { key: "failed", value: s.failed, rate: null },
    { key: "opened", value: s.opened, rate: s.openRate },
    { key: "clicked", value: s.clicked, rate: s.clickRate },
    { key: "unsubscribed", value: s.unsubscribed, rate: s.unsubscribeRate },
  ];
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }) : "—";
  return (
    <Stack gap="md">
      <Heading campaign={campaign} />
      {campaign.status === "paused" && campaign.pauseReason ? (
        <Alert color="orange" role="alert" title={t("campaigns.pausedTitle")} data-testid="pause-reason">
          {campaign.pauseReason}
        </Alert>
      ) : null}
      <Text c="dimmed">
        {t("campaigns.fields.subject")}: {campaign.subject}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {cards.map((c) => (
          <Card key={c.key} withBorder data-testid={`stat-${c.key}`}>
            <Text size="sm" c="dimmed">
              {t(`campaigns.stats.${c.key}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`stat-${c.key}-value`}>
              {c.value}
            </Text>
            {c.rate !== null ? (
              <Text size="sm" c="dimmed">
                {pct(c.rate)}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
      <Group wrap="wrap">
        <Button variant="light" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
          {t("campaigns.refresh")}
        </Button>
        <Button
          variant="subtle"
          onClick={() =>
            act.submit({ intent: "duplicate", payload: {} }, { method: "post", encType: "application/json" })
          }
        >
          {t("campaigns.duplicate")}
        </Button>
      </Group>
      <section aria-labelledby="recipients-title">
        <Title order={2} size="h4" id="recipients-title" mb="sm">
          {t("campaigns.recipients.title")}
        </Title>
        {!d.recipients || d.recipients.items.length === 0 ? (
          <Text c="dimmed" className="empty-state">
            {t("campaigns.recipients.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped data-testid="campaign-recipients" aria-labelledby="recipients-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("campaigns.recipients.email")}</Table.Th>
                  <Table.Th>{t("campaigns.recipients.status")}</Table.Th>
                  <Table.Th>{t("campaigns.recipients.opened")}</Table.Th>
                  <Table.Th>{t("campaigns.recipients.clicked")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.recipients.items.map((r) => (
                  <Table.Tr key={r.contactId}>
                    <Table.Td dir="ltr">{r.email}</Table.Td>
                    <Table.Td>{t(`campaigns.recipientStatus.${r.status}`)}</Table.Td>
                    <Table.Td>{when(r.openedAt)}</Table.Td>
                    <Table.Td>{when(r.clickedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {d.recipients && d.recipients.total > d.recipients.items.length ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t("campaigns.recipients.more", { shown: d.recipients.items.length, total: d.recipients.total })}
          </Text>
        ) : null}
      </section>
    </Stack>
  );
}
