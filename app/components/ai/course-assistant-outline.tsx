// The draft outline as the instructor edits it before accepting it: rename, remove, add and move
// sections and units (buttons, so every change works from the keyboard and on a phone).
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

export type DraftUnit = { key: string; title: string; summary: string };
export type DraftSection = { key: string; title: string; units: DraftUnit[] };

let nextKey = 0;
const newKey = () => `o-${++nextKey}`;

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

function MoveButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
        aria-label={t("ai.assistant.moveUp", { title: name })}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={t("ai.assistant.moveDown", { title: name })}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={t("ai.assistant.remove", { title: name })}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

export function OutlineEditor({
  sections,
  onChange,
}: {
  sections: DraftSection[];
  onChange: (sections: DraftSection[]) => void;
}) {
  const { t } = useTranslation();
  const nameOf = (title: string) => title.trim() || t("ai.assistant.untitled");
  const setSection = (i: number, patch: Partial<DraftSection>) =>
    onChange(sections.map((s, n) => (n === i ? { ...s, ...patch } : s)));
  const setUnits = (i: number, units: DraftUnit[]) => setSection(i, { units });

  return (
    <Stack gap="sm" data-testid="ai-outline">
      <Text fw={600}>{t("ai.assistant.outline")}</Text>
      {sections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("ai.assistant.emptyOutline")}
        </Text>
      ) : null}
      {sections.map((section, i) => (
        <Paper key={section.key} withBorder p="xs" data-testid="ai-outline-section">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                flex={1}
                label={t("ai.assistant.sectionTitle")}
                value={section.title}
                maxLength={200}
                onChange={(e) => setSection(i, { title: e.currentTarget.value })}
                error={section.title.trim() ? undefined : true}
                data-testid="ai-outline-section-title"
              />
              <MoveButtons
                name={nameOf(section.title)}
                index={i}
                count={sections.length}
                onMove={(to) => onChange(move(sections, i, to))}
                onRemove={() => onChange(sections.filter((_, n) => n !== i))}
              />
            </Group>
            <Stack gap="xs" pl={{ base: 0, sm: "md" }}>
              {section.units.map((unit, u) => (
                <Paper key={unit.key} p="xs" bg="var(--mantine-color-default-hover)" data-testid="ai-outline-unit">
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <TextInput
                      flex={1}
                      label={t("ai.assistant.unitTitle")}
                      value={unit.title}
                      maxLength={200}
                      onChange={(e) =>
                        setUnits(
                          i,
                          section.units.map((x, n) => (n === u ? { ...x, title: e.currentTarget.value } : x)),
                        )
                      }
                      error={unit.title.trim() ? undefined : true}
                      data-testid="ai-outline-unit-title"
                    />
                    <MoveButtons
                      name={nameOf(unit.title)}
                      index={u}
                      count={section.units.length}
                      onMove={(to) => setUnits(i, move(section.units, u, to))}
                      onRemove={() =>
                        setUnits(
                          i,
                          section.units.filter((_, n) => n !== u),
                        )
                      }
                    />
                  </Group>
                  <Textarea
                    mt={4}
                    label={t("ai.assistant.unitSummary")}
                    value={unit.summary}
                    maxLength={500}
                    autosize
                    minRows={1}
                    maxRows={4}
                    onChange={(e) =>
                      setUnits(
                        i,
                        section.units.map((x, n) => (n === u ? { ...x, summary: e.currentTarget.value } : x)),
                      )
                    }
                  />
                </Paper>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setUnits(i, [...section.units, { key: newKey(), title: "", summary: "" }])}
                  aria-label={t("ai.assistant.addUnitTo", { title: nameOf(section.title) })}
                >
                  {t("ai.assistant.addUnit")}
                </Button>
              </Group>
            </Stack>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...sections, { key: newKey(), title: "", units: [] }])}
        >
          {t("ai.assistant.addSection")}
        </Button>
      </Group>
    </Stack>
  );
}
