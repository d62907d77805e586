import { NavLink, Stack, Text } from "@mantine/core";
import { IconCircle, IconCircleCheck, IconClipboardText, IconHelpCircle, IconLock } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";

export type OutlineEntry = {
  id: string | null;
  postType: "section" | "unit" | "quiz" | "assignments";
  title: string;
  complete: boolean;
  open: boolean;
  reason: "lock" | "drip" | null;
  opensAt: number | null;
};

/** Why an item is closed, in words: the previous item, or the drip date. */
export function lockedReason(
  item: Pick<OutlineEntry, "reason" | "opensAt">,
  t: (k: string, o?: Record<string, unknown>) => string,
  lang: string,
) {
  if (item.reason === "lock") return t("learning.lockedPrevious");
  if (item.opensAt) return t("learning.opensOn", { date: new Date(item.opensAt * 1000).toLocaleString(lang) });
  return t("learning.notYetOpen");
}

/** The course outline: sections as headings, items with a tick, a lock and the reason it is closed. */
export function CourseOutline({
  courseId,
  items,
  current,
  onNavigate,
}: {
  courseId: string;
  items: OutlineEntry[];
  current: string | null;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Sections have no id; their place in the curriculum is their identity.
  const keyed = items.map((item, i) => ({ item, key: item.id ?? `section-${i}`, first: i === 0 }));
  return (
    <nav aria-label={t("learning.outline")}>
      <Stack gap={2}>
        {keyed.map(({ item, key, first }) => {
          if (!item.id) {
            return (
              <Text key={key} fw={600} size="sm" mt={first ? 0 : "sm"} role="heading" aria-level={2}>
                {item.title}
              </Text>
            );
          }
          const icon = !item.open ? (
            <IconLock size={16} aria-hidden />
          ) : item.complete ? (
            <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
          ) : item.postType === "quiz" ? (
            <IconHelpCircle size={16} aria-hidden />
          ) : item.postType === "assignments" ? (
            <IconClipboardText size={16} aria-hidden />
          ) : (
            <IconCircle size={16} aria-hidden />
          );
          const state = !item.open
            ? lockedReason(item, t, i18n.language)
            : item.complete
              ? t("learning.completed")
              : undefined;
          return (
            <NavLink
              key={item.id}
              component={Link}
              to={`/dashboard/courses/${courseId}?item=${item.id}`}
              label={item.title}
              description={state}
              leftSection={icon}
              active={current === item.id}
              aria-current={current === item.id ? "page" : undefined}
              onClick={onNavigate}
              data-testid="outline-item"
              data-state={!item.open ? "locked" : item.complete ? "complete" : "open"}
            />
          );
        })}
      </Stack>
    </nav>
  );
}
