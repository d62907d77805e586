import { SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import type { MediaItem } from "../lib/media-client";
import { MediaThumbnail } from "./media-thumbnail";

type Props = { items: MediaItem[]; onOpen: (item: MediaItem) => void; selectedId?: string | null };

/** The library as a grid of thumbnails; each opens the file's details (or picks it, in the picker). */
export function MediaGrid({ items, onOpen, selectedId }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
      spacing="sm"
      component="ul"
      aria-label={t("media.grid.label")}
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <UnstyledButton
            onClick={() => onOpen(item)}
            aria-label={t("media.grid.open", { name: item.filename })}
            aria-pressed={selectedId === undefined ? undefined : selectedId === item.id}
            data-testid="media-tile"
            style={{
              display: "block",
              width: "100%",
              padding: 6,
              borderRadius: "var(--mantine-radius-md)",
              border: `2px solid ${selectedId === item.id ? "var(--mantine-color-blue-6)" : "var(--mantine-color-gray-3)"}`,
            }}
          >
            <MediaThumbnail item={item} />
            <Text size="xs" mt={4} truncate title={item.filename}>
              {item.filename}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
