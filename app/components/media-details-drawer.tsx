import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Drawer,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconCheck, IconCopy, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { formatBytes } from "../../core/upload-types";
import { deleteMedia, type MediaItem, updateAlt } from "../lib/media-client";
import { TranscriptEditor } from "./ai/transcript-editor";

type Props = {
  item: MediaItem | null;
  onClose: () => void;
  /** After a change was saved or the file deleted: the list reloads. */
  onChanged: () => void;
};

/** One file: preview, address to copy, alternative text, facts, and delete (after a confirmation). */
export function MediaDetailsDrawer({ item, onClose, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const [alt, setAlt] = useState(item?.alt ?? "");
  const [state, setState] = useState<"idle" | "saving" | "saved" | "error">("idle");
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState(false);
  const [origin, setOrigin] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when another file opens
  useEffect(() => {
    setAlt(item?.alt ?? "");
    setState("idle");
    setDeleteError(false);
  }, [item?.id]);
  useEffect(() => setOrigin(window.location.origin), []);

  const save = async () => {
    if (!item) return;
    setState("saving");
    const r = await updateAlt(item.id, alt);
    setState(r.ok ? "saved" : "error");
    if (r.ok) onChanged();
  };
  const remove = async () => {
    if (!item) return;
    const r = await deleteMedia(item.id);
    setConfirming(false);
    if (!r.ok) {
      setDeleteError(true);
      return;
    }
    onChanged();
    onClose();
  };
  const address = item ? `${origin}${item.url}` : "";

  return (
    <>
      <Drawer
        opened={item !== null}
        onClose={onClose}
        position="right"
        size="md"
        title={t("media.details.title")}
        closeButtonProps={{ "aria-label": t("media.details.close") }}
      >
        {item ? (
          <Stack gap="md">
            {item.kind === "image" ? (
              <img
                src={item.mime === "image/svg+xml" || item.mime === "image/bmp" ? item.url : `${item.url}?w=640`}
                alt={item.alt}
                style={{ maxWidth: "100%", maxHeight: 280, objectFit: "contain", alignSelf: "center" }}
              />
            ) : item.kind === "video" ? (
              // biome-ignore lint/a11y/useMediaCaption: a preview of the uploaded file; captions are the author's to add where it is used
              <video src={item.url} controls style={{ maxWidth: "100%" }} />
            ) : item.kind === "audio" ? (
              // biome-ignore lint/a11y/useMediaCaption: as above
              <audio src={item.url} controls style={{ width: "100%" }} />
            ) : null}
            <Text fw={600} style={{ wordBreak: "break-all" }}>
              {item.filename}
            </Text>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t("media.details.url")}
                value={address}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  >
                    {copied ? t("media.details.copied") : t("media.details.copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Anchor href={item.url} target="_blank" rel="noopener" size="sm">
              {t("media.details.open")}
            </Anchor>
            {item.kind === "image" ? (
              <Stack gap={6}>
                <Textarea
                  label={t("media.details.alt")}
                  description={t("media.details.altHint")}
                  value={alt}
                  maxLength={1000}
                  autosize
                  minRows={2}
                  onChange={(e) => {
                    setAlt(e.currentTarget.value);
                    setState("idle");
                  }}
                />
                <Group gap="sm">
                  <Button onClick={save} loading={state === "saving"} disabled={alt === item.alt && state !== "error"}>
                    {t("media.details.saveAlt")}
                  </Button>
                  <span role="status">
                    {state === "saved" ? (
                      <Text size="sm" c="green">
                        {t("media.details.saved")}
                      </Text>
                    ) : state === "error" ? (
                      <Text size="sm" c="red">
                        {t("media.details.saveFailed")}
                      </Text>
                    ) : null}
                  </span>
                </Group>
              </Stack>
            ) : null}
            <dl className="facts">
              <dt>{t("media.details.type")}</dt>
              <dd>{item.mime}</dd>
              <dt>{t("media.details.size")}</dt>
              <dd>{formatBytes(item.size)}</dd>
              {item.width && item.height ? (
                <>
                  <dt>{t("media.details.dimensions")}</dt>
                  <dd>
                    {item.width} × {item.height}
                  </dd>
                </>
              ) : null}
              <dt>{t("media.details.uploaded")}</dt>
              <dd>{new Date(item.createdAt).toLocaleString(i18n.language)}</dd>
            </dl>
            {item.kind === "audio" || item.kind === "video" ? (
              <TranscriptEditor key={item.id} mediaId={item.id} />
            ) : null}
            {deleteError ? (
              <Alert color="red" role="alert">
                {t("media.details.deleteFailed")}
              </Alert>
            ) : null}
            <Group>
              <Button
                color="red"
                variant="outline"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t("media.details.delete")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Drawer>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("media.details.confirmTitle")} centered>
        <Text mb="md">{t("media.details.confirmBody", { name: item?.filename ?? "" })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t("media.details.cancel")}
          </Button>
          <Button color="red" onClick={remove} data-autofocus>
            {t("media.details.confirmDelete")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
