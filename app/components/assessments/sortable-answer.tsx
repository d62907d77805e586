// A sorting question's answer: drag the items (mouse, touch, or keyboard with space and arrows) or
// move one with its up and down buttons.
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
import { ActionIcon, Group, Paper, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconGripVertical } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

type Props = { items: string[]; onChange: (items: string[]) => void; label: string; disabled?: boolean };

function Row({
  id,
  index,
  count,
  move,
  disabled,
}: {
  id: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id, disabled });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="sortable-item"
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t("assessments.take.dragItem", { item: id })}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Text style={{ flex: 1 }}>{id}</Text>
        <ActionIcon
          variant="default"
          aria-label={t("assessments.take.moveUp", { item: id })}
          disabled={disabled || index === 0}
          onClick={() => move(index, index - 1)}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t("assessments.take.moveDown", { item: id })}
          disabled={disabled || index === count - 1}
          onClick={() => move(index, index + 1)}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

export function SortableAnswer({ items, onChange, label, disabled }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(items.indexOf(String(active.id)), items.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 6 }}>
          {items.map((item, i) => (
            <li key={item}>
              <Row id={item} index={i} count={items.length} move={move} disabled={disabled} />
            </li>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
