import { Alert, Button, Group, Input, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconPhoto, IconSearch } from "@tabler/icons-react";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { MediaKind } from "../../core/upload-types";
import { useMediaUploads } from "../hooks/use-media-uploads";
import { listMedia, type MediaItem } from "../lib/media-client";
import { FileDropZone } from "./file-drop-zone";
import { MediaGrid } from "./media-grid";
import { UploadQueue } from "./upload-queue";

type Props = {
  label: string;
  /** The chosen file's URL (a media library URL or any https address); "" = none. */
  value: string;
  onChange: (url: string) => void;
  /** A hidden form field with the URL, for plain <Form> posts. */
  name?: string;
  /** Only files of this kind can be picked. */
  accept?: "image" | "video" | "any";
};

const ACCEPT_ATTR = { image: "image/*", video: "video/*", any: undefined } as const;

/** Picks a file for a field (cover image, social image, an image block): from the library, a new upload, or a pasted URL. */
export function MediaPicker({ label, value, onChange, name, accept = "any" }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [opened, setOpened] = useState(false);

  const showPreview = accept === "image" && /^\/media\/|^https:\/\//.test(value);
  return (
    <Stack gap={6}>
      <Input.Wrapper label={label} id={inputId}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            id={inputId}
            value={value}
            placeholder="https://"
            onChange={(e) => onChange(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button variant="light" onClick={() => setOpened(true)} leftSection={<IconPhoto size={16} aria-hidden />}>
            {t("media.picker.choose")}
          </Button>
          {value ? (
            <Button variant="subtle" color="gray" onClick={() => onChange("")}>
              {t("media.picker.clear")}
            </Button>
          ) : null}
        </Group>
      </Input.Wrapper>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {showPreview ? (
        <img
          src={value.startsWith("/media/") ? `${value.split("?")[0]}?w=640` : value}
          alt=""
          style={{ maxWidth: 160, maxHeight: 100, objectFit: "contain", borderRadius: 4 }}
        />
      ) : null}
      <MediaLibraryDialog
        opened={opened}
        onClose={() => setOpened(false)}
        accept={accept}
        selectedUrl={value}
        onPick={(item) => {
          onChange(item.url);
          setOpened(false);
        }}
      />
    </Stack>
  );
}

/**
 * The media library in a dialog: upload, search and pick one file. The picker above uses it for a
 * field; a screen that wants the file itself (its id) opens it directly.
 */
export function MediaLibraryDialog({
  opened,
  onClose,
  onPick,
  accept = "any",
  selectedUrl = "",
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (item: MediaItem) => void;
  accept?: "image" | "video" | "any";
  selectedUrl?: string;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [q, setQ] = useState("");
  const kind: MediaKind | undefined = accept === "any" ? undefined : accept;

  const load = useCallback(
    async (search: string) => {
      setFailed(false);
      const r = await listMedia({ kind, q: search || undefined, per_page: 48 });
      if (r.ok) setItems(r.value.items);
      else {
        setItems([]);
        setFailed(true);
      }
    },
    [kind],
  );
  useEffect(() => {
    if (opened) void load("");
  }, [opened, load]);

  const uploads = useMediaUploads(
    useCallback(
      (item: MediaItem) => {
        if (!kind || item.kind === kind) setItems((list) => [item, ...(list ?? [])]);
      },
      [kind],
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t("media.picker.title")} size="xl">
      <Stack gap="md">
        <FileDropZone onFiles={uploads.upload} accept={ACCEPT_ATTR[accept]} compact />
        <UploadQueue entries={uploads.entries} onClear={uploads.clear} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void load(q);
          }}
          style={{ display: "flex", gap: 8, alignItems: "flex-end" }}
        >
          <TextInput
            label={t("media.search.label")}
            type="search"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            {t("media.search.submit")}
          </Button>
        </form>
        {failed ? (
          <Alert color="red" role="alert">
            {t("media.picker.loadFailed")}
          </Alert>
        ) : items === null ? (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label={t("media.picker.loading")} />
          </Group>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t("media.picker.empty")}
          </Text>
        ) : (
          <MediaGrid items={items} onOpen={onPick} selectedId={items.find((i) => i.url === selectedUrl)?.id ?? null} />
        )}
      </Stack>
    </Modal>
  );
}
