// The automation editor's three blocks: When (the trigger; time_delay's event and delay), Only if
// (conditions that must all hold) and Then (actions, in order, moved with up/down buttons).
import { ActionIcon, Card, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  ACTION_KEYS,
  type ActionKey,
  CONDITION_KEYS,
  type ConditionKey,
  EVENT_TRIGGERS,
} from "../../../core/automations";
import { useTranslation } from "../../i18n/use-translation";
import { ArgControls, type Choices } from "./arg-controls";
import {
  ACTION_DEFAULTS,
  CONDITION_DEFAULTS,
  DELAY_UNITS,
  type DelayUnit,
  delayParts,
  TRIGGER_GROUPS,
} from "./catalogue";

export type Item = { key: string; args: Record<string, unknown> };
export type Draft = {
  name: string;
  trigger: string;
  triggerArgs: { after?: string; delay_minutes?: number } | null;
  conditions: Item[];
  actions: Item[];
};

type Props = {
  draft: Draft;
  onChange: (d: Draft) => void;
  choices: Choices;
  /** Translated errors by path ("actions.1.args.email_template"). */
  errors: Record<string, string>;
};

function ItemList({
  kind,
  items,
  keys,
  onChange,
  choices,
  errors,
}: {
  kind: "conditions" | "actions";
  items: Item[];
  keys: readonly string[];
  onChange: (items: Item[]) => void;
  choices: Choices;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const group = kind === "conditions" ? "condition" : "action";
  const defaults = (key: string) =>
    kind === "conditions" ? CONDITION_DEFAULTS[key as ConditionKey] : ACTION_DEFAULTS[key as ActionKey];
  const replace = (i: number, item: Item) => onChange(items.map((x, j) => (j === i ? item : x)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const options = keys.map((k) => ({ value: k, label: t(`automations.${kind}.${k}`) }));
  return (
    <Stack gap="sm">
      {items.map((item, i) => {
        const name = t(`automations.${kind}.${item.key}`, { defaultValue: item.key });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; position is their identity here
          <Card key={i} withBorder padding="sm" data-testid={`${group}-${i}`}>
            <Group justify="space-between" align="flex-end" wrap="nowrap" mb="xs">
              <Select
                label={t(`automations.editor.${group}Type`, { n: i + 1 })}
                data={options}
                value={item.key}
                onChange={(k) => k && replace(i, { key: k, args: { ...defaults(k) } })}
                error={errors[`${kind}.${i}.key`]}
                allowDeselect={false}
                searchable
                style={{ flex: 1 }}
              />
              <Group gap={4} wrap="nowrap">
                {kind === "actions" ? (
                  <>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t("automations.editor.moveUp", { name, n: i + 1 })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={i === items.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t("automations.editor.moveDown", { name, n: i + 1 })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </>
                ) : null}
                <ActionIcon
                  variant="default"
                  color="red"
                  size="lg"
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  aria-label={t("automations.editor.remove", { name, n: i + 1 })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <ArgControls
              kind={group}
              itemKey={item.key}
              args={item.args}
              onChange={(args) => replace(i, { ...item, args })}
              choices={choices}
              path={`${kind}.${i}.args`}
              errors={errors}
            />
          </Card>
        );
      })}
      {errors[kind] ? (
        <Text c="red" size="sm">
          {errors[kind]}
        </Text>
      ) : null}
      <Select
        label={t(`automations.editor.add_${group}`)}
        placeholder={t(`automations.editor.choose_${group}`)}
        data={options}
        value={null}
        onChange={(k) => k && onChange([...items, { key: k, args: { ...defaults(k) } }])}
        searchable
        leftSection={<IconPlus size={14} aria-hidden />}
        maw={360}
      />
    </Stack>
  );
}

function Block({ title, hint, children, id }: { title: string; hint: string; children: React.ReactNode; id: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {hint}
      </Text>
      {children}
    </Card>
  );
}

export function AutomationForm({ draft, onChange, choices, errors }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const triggerData = TRIGGER_GROUPS.map((g) => ({
    group: t(`automations.groups.${g.group}`),
    items: g.triggers.map((tr) => ({ value: tr, label: t(`automations.triggers.${tr}`) })),
  }));
  const delay = delayParts(draft.triggerArgs?.delay_minutes ?? 1440);
  const setDelay = (amount: number, unit: DelayUnit) =>
    set({ triggerArgs: { ...draft.triggerArgs, delay_minutes: Math.round(amount * DELAY_UNITS[unit]) } });
  return (
    <Stack gap="md">
      <Block id="automation-when" title={t("automations.editor.when")} hint={t("automations.editor.whenHint")}>
        <Stack gap="xs">
          <Select
            label={t("automations.editor.trigger")}
            data={triggerData}
            value={draft.trigger || null}
            onChange={(v) =>
              set({
                trigger: v ?? "",
                triggerArgs: v === "time_delay" ? { after: "user_registered", delay_minutes: 1440 } : null,
              })
            }
            error={errors.trigger}
            searchable
            allowDeselect={false}
            maw={420}
          />
          {draft.trigger === "time_delay" ? (
            <Group align="flex-start" wrap="wrap">
              <Select
                label={t("automations.editor.after")}
                data={EVENT_TRIGGERS.map((e) => ({ value: e, label: t(`automations.triggers.${e}`) }))}
                value={draft.triggerArgs?.after ?? null}
                onChange={(v) => set({ triggerArgs: { ...draft.triggerArgs, after: v ?? undefined } })}
                error={errors["triggerArgs.after"]}
                searchable
                style={{ flex: "1 1 220px" }}
              />
              <NumberInput
                label={t("automations.editor.delay")}
                min={1}
                value={delay.amount}
                onChange={(v) => setDelay(Number(v) || 0, delay.unit)}
                error={errors["triggerArgs.delay_minutes"]}
                w={120}
              />
              <Select
                label={t("automations.editor.unit")}
                data={(Object.keys(DELAY_UNITS) as DelayUnit[]).map((u) => ({
                  value: u,
                  label: t(`automations.units.${u}`),
                }))}
                value={delay.unit}
                onChange={(u) => u && setDelay(delay.amount, u as DelayUnit)}
                allowDeselect={false}
                w={140}
              />
            </Group>
          ) : null}
        </Stack>
      </Block>
      <Block id="automation-if" title={t("automations.editor.onlyIf")} hint={t("automations.editor.onlyIfHint")}>
        <ItemList
          kind="conditions"
          items={draft.conditions}
          keys={CONDITION_KEYS}
          onChange={(conditions) => set({ conditions })}
          choices={choices}
          errors={errors}
        />
      </Block>
      <Block id="automation-then" title={t("automations.editor.then")} hint={t("automations.editor.thenHint")}>
        <ItemList
          kind="actions"
          items={draft.actions}
          keys={ACTION_KEYS}
          onChange={(actions) => set({ actions })}
          choices={choices}
          errors={errors}
        />
      </Block>
    </Stack>
  );
}
