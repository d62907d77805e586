import { List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconChecklist, IconFileText, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

export type OutlineItem = { type: "section" | "unit" | "quiz" | "assignments"; title: string };

const ICONS = { unit: IconFileText, quiz: IconChecklist, assignments: IconPencil } as const;

/** The curriculum as titles only: sections as headings, items with a type icon (no content). */
export function CourseOutline({ outline, itemCount }: { outline: OutlineItem[]; itemCount: number }) {
  const { t } = useTranslation();
  if (outline.length === 0) {
    return <Text c="dimmed">{t("catalog.noOutline")}</Text>;
  }
  // Items before the first section form a group of their own.
  const groups: { title: string | null; items: OutlineItem[] }[] = [];
  for (const item of outline) {
    if (item.type === "section") groups.push({ title: item.title, items: [] });
    else {
      if (!groups.length) groups.push({ title: null, items: [] });
      groups[groups.length - 1].items.push(item);
    }
  }
  return (
    <Stack gap="md" data-testid="course-outline">
      <Text size="sm" c="dimmed">
        {t("catalog.itemCount", { count: itemCount })}
      </Text>
      {groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections may share a title; their order is their identity
        <Stack key={i} gap={6}>
          {g.title ? (
            <Title order={3} size="h5">
              {g.title}
            </Title>
          ) : null}
          <List spacing={6} center>
            {g.items.map((item, j) => {
              const Icon = ICONS[item.type as keyof typeof ICONS] ?? IconFileText;
              return (
                <List.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; the position is stable
                  key={j}
                  icon={
                    <ThemeIcon
                      variant="light"
                      size="sm"
                      radius="xl"
                      role="img"
                      aria-label={t(`catalog.type.${item.type}`)}
                    >
                      <Icon size={14} />
                    </ThemeIcon>
                  }
                >
                  {item.title}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
