import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { AddItemControls, type NewItemKind } from "./add-item-controls";
import { DurationInput, type DurationValue } from "./duration-input";

export type BuilderItem = {
  /** Stable key for the list (sections have no id). */
  key: string;
  id?: string;
  post_type: "section" | "unit" | "quiz" | "assignments";
  title: string;
  preview?: boolean;
  drip?: { value: number; parameter?: number | null } | null;
};

const EDIT_PATH = { unit: "unit", quiz: "quiz", assignments: "assignment" } as const;

function Row({
  item,
  index,
  count,
  courseId,
  onMove,
  onRemove,
  onPreview,
  onDrip,
}: {
  item: BuilderItem;
  index: number;
  count: number;
  courseId: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  onPreview: (v: boolean) => void;
  /** Present when the course drips per item: edits this item's own delay. */
  onDrip?: (v: DurationValue) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const isSection = item.post_type === "section";
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      bg={isSection ? "var(--mantine-color-default-hover)" : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="curriculum-item"
      data-type={item.post_type}
      data-title={item.title}
    >
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <ActionIcon
            variant="subtle"
            aria-label={t("instructor.curriculum.dragHandle", { title: item.title })}
            {...attributes}
            {...listeners}
            style={{ cursor: "grab" }}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          {isSection ? null : (
            <Badge variant="light" size="sm">
              {t(`instructor.curriculum.types.${item.post_type}`)}
            </Badge>
          )}
          {isSection || !item.id ? (
            <Text fw={isSection ? 700 : 400} truncate>
              {item.title}
            </Text>
          ) : null}
          {!isSection && !item.id ? (
            <Text size="xs" c="dimmed" data-testid="curriculum-item-new">
              {t("instructor.curriculum.createdOnSave")}
            </Text>
          ) : null}
          {isSection || !item.id ? null : (
            <Link
              to={`/dashboard/instructor/${EDIT_PATH[item.post_type as keyof typeof EDIT_PATH]}/${item.id}?course=${courseId}`}
              style={{ minWidth: 0 }}
            >
              <Text truncate>{item.title}</Text>
            </Link>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {item.post_type === "unit" ? (
            <Checkbox
              size="xs"
              label={t("instructor.curriculum.preview")}
              checked={Boolean(item.preview)}
              onChange={(e) => onPreview(e.currentTarget.checked)}
            />
          ) : null}
          <ActionIcon
            variant="subtle"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={t("instructor.curriculum.moveUp", { title: item.title })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
            aria-label={t("instructor.curriculum.moveDown", { title: item.title })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t("instructor.curriculum.remove", { title: item.title })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {onDrip && !isSection ? (
        <DurationInput
          label={t("instructor.editor.settings.dripfeedDuration")}
          value={item.drip ? { value: item.drip.value, parameter: item.drip.parameter ?? 86400 } : null}
          onChange={onDrip}
        />
      ) : null}
    </Paper>
  );
}

/**
 * The ordered curriculum: drag (pointer or keyboard), up/down buttons, add and remove. Everything,
 * new units, quizzes and assignments included, exists only here until the course is saved.
 */
export function CurriculumBuilder({
  courseId,
  items,
  onChange,
  quizzes,
  unitDrip = false,
}: {
  courseId: string;
  items: BuilderItem[];
  onChange: (items: BuilderItem[]) => void;
  quizzes: { id: string; title: string }[];
  /** The course drips per item, so each item gets its own delay input. */
  unitDrip?: boolean;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    onChange(arrayMove(items, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((i) => i.key === active.id),
      items.findIndex((i) => i.key === over.id),
    );
  };
  const listed = new Set(items.map((i) => i.id));
  return (
    <Stack gap="sm">
      {items.length === 0 ? <p className="muted empty-state">{t("instructor.curriculum.empty")}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => String(items.find((i) => i.key === active.id)?.title ?? ""),
            onDragOver: () => undefined,
            onDragEnd: ({ active, over }) => {
              const title = items.find((i) => i.key === active.id)?.title ?? "";
              const position = items.findIndex((i) => i.key === over?.id) + 1;
              return t("instructor.curriculum.moved", { title, position });
            },
            onDragCancel: () => undefined,
          },
        }}
      >
        <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          <Stack gap={6} data-testid="curriculum-list">
            {items.map((item, index) => (
              <Row
                key={item.key}
                item={item}
                index={index}
                count={items.length}
                courseId={courseId}
                onMove={move}
                onRemove={() => onChange(items.filter((_, i) => i !== index))}
                onPreview={(preview) => onChange(items.map((it, i) => (i === index ? { ...it, preview } : it)))}
                onDrip={
                  unitDrip ? (drip) => onChange(items.map((it, i) => (i === index ? { ...it, drip } : it))) : undefined
                }
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <AddItemControls
        quizzes={quizzes.filter((q) => !listed.has(q.id))}
        onAdd={(kind: NewItemKind, title) =>
          onChange([...items, { key: `new-${crypto.randomUUID()}`, post_type: kind, title }])
        }
        onAddExisting={(quiz) =>
          onChange([...items, { key: quiz.id, id: quiz.id, post_type: "quiz", title: quiz.title }])
        }
      />
    </Stack>
  );
}
