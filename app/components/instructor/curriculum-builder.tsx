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
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
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

/** The controls of a row that focus can be sent back to after a change of the list. */
type RowControl = "handle" | "up" | "down";

function Row({
  item,
  index,
  count,
  courseId,
  onMove,
  onRemove,
  onRename,
  onPreview,
  onDrip,
}: {
  item: BuilderItem;
  index: number;
  count: number;
  courseId: string;
  onMove: (from: number, to: number, control: RowControl) => void;
  onRemove: () => void;
  /** Present for sections and for items not saved yet (a saved item is renamed in its own editor). */
  onRename?: () => void;
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
      data-key={item.key}
      data-type={item.post_type}
      data-title={item.title}
      role="listitem"
    >
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <ActionIcon
            variant="subtle"
            aria-label={t("instructor.curriculum.dragHandle", { title: item.title })}
            {...attributes}
            {...listeners}
            data-control="handle"
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
          {onRename ? (
            <ActionIcon
              variant="subtle"
              onClick={onRename}
              aria-label={t("instructor.curriculum.rename", { title: item.title })}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          <ActionIcon
            variant="subtle"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1, "up")}
            aria-label={t("instructor.curriculum.moveUp", { title: item.title })}
            data-control="up"
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1, "down")}
            aria-label={t("instructor.curriculum.moveDown", { title: item.title })}
            data-control="down"
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

/** A small dialog renaming a section or an item not saved yet. */
function RenameDialog({
  item,
  onClose,
  onRename,
}: {
  item: BuilderItem | null;
  onClose: () => void;
  onRename: (title: string) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  useEffect(() => setTitle(item?.title ?? ""), [item]);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item ? t("instructor.curriculum.rename", { title: item.title }) : ""}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) onRename(title.trim());
          onClose();
        }}
      >
        <Stack>
          <TextInput
            label={t("instructor.curriculum.titleLabel")}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={200}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("instructor.cancel")}
            </Button>
            <Button type="submit">{t("instructor.curriculum.renameAction")}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The ordered curriculum: drag (pointer or keyboard), up/down buttons, add, rename and remove, each
 * announced in a live region, with focus kept on the moved item or sent to the next one after a
 * removal. Everything, new units, quizzes and assignments included, exists only here until the
 * course is saved.
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
  const root = useRef<HTMLDivElement>(null);
  // Where focus goes once the changed list is drawn: a control of one row, or the first add button.
  const focusNext = useRef<{ key: string; control: RowControl } | "add" | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [renaming, setRenaming] = useState<BuilderItem | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves once the changed list is drawn
  useEffect(() => {
    const target = focusNext.current;
    if (!target || !root.current) return;
    focusNext.current = null;
    const el =
      target === "add"
        ? root.current.querySelector<HTMLElement>("[data-testid=curriculum-add] button")
        : root.current.querySelector<HTMLElement>(`[data-key="${target.key}"] [data-control="${target.control}"]`);
    el?.focus();
  }, [items]);

  const titleOf = (key: unknown) => items.find((i) => i.key === key)?.title ?? "";
  const positionOf = (key: unknown) => items.findIndex((i) => i.key === key) + 1;
  const move = (from: number, to: number, control?: RowControl) => {
    if (to < 0 || to >= items.length) return;
    const item = items[from];
    // The arrow that was pressed, unless the item reached the end it points at: then the other one.
    if (control) {
      const atEnd = (control === "up" && to === 0) || (control === "down" && to === items.length - 1);
      focusNext.current = { key: item.key, control: atEnd ? (control === "up" ? "down" : "up") : control };
      if (items.length === 1) focusNext.current = { key: item.key, control: "handle" };
    }
    onChange(arrayMove(items, from, to));
    setAnnouncement(t("instructor.curriculum.movedTo", { title: item.title, position: to + 1, total: items.length }));
  };
  const remove = (index: number) => {
    const item = items[index];
    const next = items[index + 1] ?? items[index - 1];
    focusNext.current = next ? { key: next.key, control: "handle" } : "add";
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(t("instructor.curriculum.removed", { title: item.title }));
  };
  const append = (item: BuilderItem) => {
    onChange([...items, item]);
    setAnnouncement(
      t("instructor.curriculum.added", { title: item.title, position: items.length + 1, total: items.length + 1 }),
    );
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
    <Stack gap="sm" ref={root}>
      {items.length === 0 ? <p className="muted empty-state">{t("instructor.curriculum.empty")}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t("instructor.curriculum.dragInstructions") },
          announcements: {
            onDragStart: ({ active }) => t("instructor.curriculum.pickedUp", { title: titleOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over
                ? t("instructor.curriculum.over", {
                    title: titleOf(active.id),
                    position: positionOf(over.id),
                    total: items.length,
                  })
                : undefined,
            onDragEnd: ({ active, over }) =>
              t("instructor.curriculum.movedTo", {
                title: titleOf(active.id),
                position: positionOf(over?.id ?? active.id),
                total: items.length,
              }),
            onDragCancel: ({ active }) => t("instructor.curriculum.dragCancelled", { title: titleOf(active.id) }),
          },
        }}
      >
        <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          <Stack gap={6} data-testid="curriculum-list" role="list" aria-label={t("instructor.editor.tabs.curriculum")}>
            {items.map((item, index) => (
              <Row
                key={item.key}
                item={item}
                index={index}
                count={items.length}
                courseId={courseId}
                onMove={move}
                onRemove={() => remove(index)}
                onRename={item.post_type === "section" || !item.id ? () => setRenaming(item) : undefined}
                onPreview={(preview) => onChange(items.map((it, i) => (i === index ? { ...it, preview } : it)))}
                onDrip={
                  unitDrip ? (drip) => onChange(items.map((it, i) => (i === index ? { ...it, drip } : it))) : undefined
                }
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="curriculum-announcer">
        {announcement}
      </VisuallyHidden>
      <RenameDialog
        item={renaming}
        onClose={() => setRenaming(null)}
        onRename={(title) => {
          const key = renaming?.key;
          onChange(items.map((it) => (it.key === key ? { ...it, title } : it)));
          setAnnouncement(t("instructor.curriculum.renamed", { title }));
        }}
      />
      <AddItemControls
        quizzes={quizzes.filter((q) => !listed.has(q.id))}
        onAdd={(kind: NewItemKind, title) => append({ key: `new-${crypto.randomUUID()}`, post_type: kind, title })}
        onAddExisting={(quiz) => append({ key: quiz.id, id: quiz.id, post_type: "quiz", title: quiz.title })}
      />
    </Stack>
  );
}
