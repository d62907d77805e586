// The argument controls of one condition or action: selects of the site's own objects, numbers with
// an operator, the time window and weekdays, e-mail with the person's-address shortcut, and the
// campaign's rich-text editor with its merge tokens. Each shows the error its path carries.
import { Autocomplete, Button, Chip, Group, Menu, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import type { Editor } from "@tiptap/react";
import { type ReactNode, useCallback, useRef } from "react";
import { TOKENS } from "../marketing/campaign-editor";
import { RichTextEditor } from "../rich-text-editor";
import { useTranslation } from "../../i18n/use-translation";
import { fromClock, timeZones, toClock } from "./catalogue";

export type Choice = { value: string; label: string };
export type Choices = Record<"courses" | "lists" | "forms" | "memberships" | "roles" | "fields" | "tags", Choice[]>;
type Args = Record<string, unknown>;

type Props = {
  kind: "condition" | "action";
  itemKey: string;
  args: Args;
  onChange: (args: Args) => void;
  choices: Choices;
  /** The path of this item's arguments ("actions.1.args") and the errors by path, translated. */
  path: string;
  errors: Record<string, string>;
};

const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" ? v : "");

export function ArgControls({ kind, itemKey, args, onChange, choices, path, errors }: Props) {
  const { t } = useTranslation();
  const editor = useRef<Editor | null>(null);
  const keepEditor = useCallback((e: Editor | null) => {
    editor.current = e;
  }, []);
  const set = (patch: Args) => onChange({ ...args, ...patch });
  // A token goes where the cursor was in the message (the editor keeps its selection while the menu is open).
  const insertToken = (token: string) => {
    if (editor.current) editor.current.chain().focus().insertContent(token).run();
    else set({ email_template: `${str(args.email_template)}<p>${token}</p>` });
  };
  const err = (arg: string) => errors[`${path}.${arg}`];
  const label = (arg: string) => t(`automations.args.${arg}`);

  const pick = (arg: string, data: Choice[], opts: { clearable?: boolean; placeholder?: string } = {}) => (
    <Select
      key={arg}
      label={label(arg)}
      data={data}
      value={str(args[arg]) || null}
      onChange={(v) => set({ [arg]: v ?? (opts.clearable ? undefined : "") })}
      error={err(arg)}
      searchable
      clearable={opts.clearable}
      placeholder={opts.placeholder}
      nothingFoundMessage={t("automations.editor.nothingFound")}
    />
  );
  const text = (arg: string, extra: { placeholder?: string; type?: string } = {}) => (
    <TextInput
      key={arg}
      label={label(arg)}
      value={str(args[arg])}
      onChange={(e) => set({ [arg]: e.currentTarget.value })}
      error={err(arg)}
      {...extra}
    />
  );
  const tag = () => (
    <Autocomplete
      key="tag"
      label={label("tag")}
      data={choices.tags.map((c) => c.value)}
      value={str(args.tag)}
      onChange={(v) => set({ tag: v })}
      error={err("tag")}
    />
  );
  const comparison = (arg: string, max: number) => (
    <Group key={arg} grow align="flex-start">
      <Select
        label={label("operator")}
        data={["gte", "lte", "eq"].map((o) => ({ value: o, label: t(`automations.operators.${o}`) }))}
        value={str(args.operator) || "gte"}
        onChange={(v) => set({ operator: v ?? "gte" })}
        error={err("operator")}
        allowDeselect={false}
      />
      <NumberInput
        label={label(arg)}
        value={num(args[arg])}
        min={0}
        max={max}
        onChange={(v) => set({ [arg]: typeof v === "number" ? v : undefined })}
        error={err(arg)}
      />
    </Group>
  );
  const zone = () => (
    <Select
      key="timezone"
      label={label("timezone")}
      data={timeZones()}
      value={str(args.timezone) || null}
      onChange={(v) => set({ timezone: v ?? undefined })}
      error={err("timezone")}
      searchable
      clearable
      placeholder="UTC"
    />
  );
  const email = () => (
    <Stack key="email" gap={4}>
      {text("email", { type: "text" })}
      <Button variant="subtle" size="compact-xs" w="fit-content" onClick={() => set({ email: "{{email}}" })}>
        {t("automations.editor.personEmail")}
      </Button>
    </Stack>
  );
  const template = () => (
    <Stack key="template" gap={4}>
      <Group justify="flex-end">
        <Menu>
          <Menu.Target>
            <Button variant="default" size="compact-xs">
              {t("automations.editor.insertToken")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {["{{email}}", ...TOKENS].map((tok) => (
              <Menu.Item key={tok} onClick={() => insertToken(tok)}>
                <code>{tok}</code>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <RichTextEditor
        label={label("email_template")}
        value={str(args.email_template)}
        onChange={(html) => set({ email_template: html })}
        onEditor={keepEditor}
        minHeight={140}
      />
      {err("email_template") ? (
        <Text c="red" size="sm" data-testid={`${path}.email_template-error`}>
          {err("email_template")}
        </Text>
      ) : null}
    </Stack>
  );
  const subject = () => text("subject", { placeholder: t("automations.editor.defaultSubject") });
  const courses = (optional = false) =>
    pick(
      "course_id",
      choices.courses,
      optional ? { clearable: true, placeholder: t("automations.editor.eventCourse") } : {},
    );

  const controls: Record<string, () => ReactNode[]> = {
    // Conditions
    user_has_tag: () => [tag()],
    course_progress_percent: () => [courses(true), comparison("percent", 100)],
    subscription_status: () => [
      pick(
        "status",
        ["active", "inactive"].map((s) => ({ value: s, label: t(`automations.subscription.${s}`) })),
      ),
    ],
    form_id_equals: () => [pick("form_id", choices.forms)],
    course_id_equals: () => [courses()],
    membership_level: () => [pick("membership_id", choices.memberships)],
    email_open_count: () => [comparison("count", 1_000_000)],
    custom_field_match: () => [pick("field", choices.fields), text("value")],
    user_role: () => [pick("role_id", choices.roles)],
    time_of_day: () => [
      <Group key="window" grow align="flex-start">
        {(["from", "to"] as const).map((arg) => (
          <TextInput
            key={arg}
            type="time"
            label={label(arg)}
            value={typeof args[arg] === "number" ? toClock(args[arg] as number) : ""}
            onChange={(e) => set({ [arg]: fromClock(e.currentTarget.value) ?? undefined })}
            error={err(arg)}
          />
        ))}
      </Group>,
      zone(),
    ],
    day_of_week: () => [
      <Stack key="days" gap={4}>
        <Text size="sm" fw={500} id={`${path}-days`}>
          {label("days")}
        </Text>
        <Chip.Group
          multiple
          value={(Array.isArray(args.days) ? (args.days as number[]) : []).map(String)}
          onChange={(v) => set({ days: v.map(Number).sort() })}
        >
          <Group gap={6} role="group" aria-labelledby={`${path}-days`}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <Chip key={d} value={String(d)} size="xs">
                {t(`automations.weekdays.${d}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {err("days") ? (
          <Text c="red" size="sm">
            {err("days")}
          </Text>
        ) : null}
      </Stack>,
      zone(),
    ],
    // Actions
    send_email: () => [email(), subject(), template()],
    emailList: () => [pick("list_id", choices.lists), email()],
    send_emails: () => [pick("list_id", choices.lists), subject(), template()],
    add_tag: () => [tag()],
    remove_tag: () => [tag()],
    enroll_course: () => [courses()],
    unenroll_course: () => [courses()],
    grant_membership: () => [pick("membership_id", choices.memberships)],
    revoke_membership: () => [pick("membership_id", choices.memberships)],
    trigger_webhook: () => [text("url", { placeholder: "https://" })],
    redirect_user: () => [text("url", { placeholder: "/thank-you" })],
    update_user_field: () => [pick("field", choices.fields), text("value")],
  };
  return (
    <Stack gap="xs" data-kind={kind}>
      {controls[itemKey]?.() ?? null}
    </Stack>
  );
}
