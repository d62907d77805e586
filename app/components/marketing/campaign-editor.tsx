// The e-mail campaign editor (decision 0041): fields, the rich-text body with merge tokens inserted at
// the cursor, the audience with its live count, preview, test send, send now and schedule.
import {
  Alert,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { Editor } from "@tiptap/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import type { CampaignEditData as Data } from "../../routes/dashboard/marketing/campaign-edit";
import { StatusBadge } from "../../routes/dashboard/marketing/emails";
import { LeaveGuard } from "../editor-frame";
import { PlanRefusal } from "../plan-refusal";
import { RichTextEditor } from "../rich-text-editor";

type Campaign = NonNullable<Data["campaign"]>;

export const TOKENS = [
  "{{contact.name}}",
  "{{contact.first_name}}",
  "{{contact.email}}",
  "{{site.name}}",
  "{{unsubscribe_url}}",
];

/** The campaign's name and status. */
export function CampaignHeading({ campaign }: { campaign: Campaign }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {campaign.name}
      </Title>
      <StatusBadge status={campaign.status} />
    </Group>
  );
}

/** The campaign while a draft or scheduled: its fields, audience, preview, test send, send and schedule. */
export function CampaignEditor({ d, campaign }: { d: Data; campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(campaign.name);
  const [subject, setSubject] = useState(campaign.subject);
  const [preheader, setPreheader] = useState(campaign.preheader);
  const [fromName, setFromName] = useState(campaign.fromName);
  const [bodyHtml, setBodyHtml] = useState(campaign.bodyHtml);
  const body = useRef<Editor | null>(null);
  const keepEditor = useCallback((e: Editor | null) => {
    body.current = e;
  }, []);
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

  // A token goes where the cursor was in the message (the editor keeps its selection while the menu is open).
  const insertToken = (token: string) => {
    const editor = body.current;
    if (editor) editor.chain().focus().insertContent(token).run();
    else setBodyHtml((html) => `${html}<p>${token}</p>`);
  };

  const saveError = errorOf(save.data);
  const fields = (save.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const actError = errorOf(act.data);
  const testError = errorOf(test.data);
  const saving = save.state !== "idle";

  return (
    <Stack gap="md">
      {/* Leaving with unsaved changes asks first: a dialog for links in the app, the browser's for the tab. */}
      <LeaveGuard dirty={dirty} />
      <CampaignHeading campaign={campaign} />
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
            label={t("campaigns.fields.body")}
            value={bodyHtml}
            onChange={setBodyHtml}
            onEditor={keepEditor}
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
