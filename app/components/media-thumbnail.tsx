import { IconFileText, IconMusic, IconVideo } from "@tabler/icons-react";
import { thumbnailOf, type MediaItem } from "../lib/media-client";

type Props = { item: MediaItem; height?: number };

/** A library file's picture: the image at thumbnail width, or an icon for its kind. */
export function MediaThumbnail({ item, height = 120 }: Props) {
  const src = thumbnailOf(item);
  const box = {
    height,
    width: "100%",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    background: "var(--mantine-color-gray-1)",
    borderRadius: "var(--mantine-radius-sm)",
    overflow: "hidden",
  } as const;
  if (src) {
    return (
      <div style={box}>
        <img
          src={src}
          alt={item.alt}
          loading="lazy"
          style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
        />
      </div>
    );
  }
  const Icon = item.kind === "video" ? IconVideo : item.kind === "audio" ? IconMusic : IconFileText;
  return (
    <div style={box}>
      <Icon size={40} stroke={1.5} aria-hidden color="var(--mantine-color-gray-6)" />
    </div>
  );
}
