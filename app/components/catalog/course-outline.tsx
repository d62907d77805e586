import { IconChecklist, IconFileText, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

export type OutlineItem = { type: "section" | "unit" | "quiz" | "assignments"; title: string };

const ICONS = { unit: IconFileText, quiz: IconChecklist, assignments: IconPencil } as const;

/** The curriculum as titles only: sections as headings, items with a type icon (no content). */
export function CourseOutline({ outline, itemCount }: { outline: OutlineItem[]; itemCount: number }) {
  const { t } = useTranslation();
  if (outline.length === 0) {
    return <p className="course-muted">{t("catalog.noOutline")}</p>;
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
    <div className="course-outline" data-testid="course-outline">
      <p className="course-muted" data-size="sm">
        {t("catalog.itemCount", { count: itemCount })}
      </p>
      {groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections may share a title; their order is their identity
        <div key={i} className="course-outline-group">
          {g.title ? <h3>{g.title}</h3> : null}
          <ul className="course-outline-items">
            {g.items.map((item, j) => {
              const Icon = ICONS[item.type as keyof typeof ICONS] ?? IconFileText;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; the position is stable
                <li key={j} className="course-outline-item">
                  <span className="course-outline-icon" role="img" aria-label={t(`catalog.type.${item.type}`)}>
                    <Icon size={14} aria-hidden />
                  </span>
                  <span>{item.title}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
