import { Button, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFocusWhenNew } from "../hooks/use-focus-when-new";

type Props = {
  onFiles: (files: File[]) => void;
  /** The file input's accept attribute, e.g. "image/*". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A shorter box (the picker's). */
  compact?: boolean;
  /** Take the keyboard when the screen was opened to add files (`?new=1`). */
  focusWhenNew?: boolean;
};

/** Drop files here, or press the button (or Enter/Space on the zone) to choose them. */
export function FileDropZone({ onFiles, accept, multiple = true, disabled, compact, focusWhenNew }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const chooseButton = useFocusWhenNew<HTMLButtonElement>();
  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    // The zone is a drop target; the real control inside it is the button, so there is one tab stop.
    // biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop only; the button is the control
    <div
      className={`file-drop-zone${over ? " is-over" : ""}${compact ? " is-compact" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      style={{
        border: `2px dashed ${over ? "var(--mantine-color-blue-6)" : "var(--mantine-color-gray-4)"}`,
        borderRadius: "var(--mantine-radius-md)",
        padding: compact ? "0.75rem" : "1.5rem 1rem",
        textAlign: "center",
        background: over ? "var(--mantine-color-blue-light)" : undefined,
      }}
    >
      {!compact ? (
        <>
          <Text fw={600}>{t("media.drop.title")}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t("media.drop.hint")}
          </Text>
        </>
      ) : null}
      <Button
        ref={focusWhenNew ? chooseButton : undefined}
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={open}
        disabled={disabled}
        variant="light"
      >
        {t("media.drop.choose")}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={accept}
        data-testid="file-input"
        aria-label={t("media.drop.choose")}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
