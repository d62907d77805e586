import { videoEmbedUrl } from "../../../core/page-blocks";

export type VideoProps = { url: string; title: string };

/** An uploaded video file, or a YouTube/Vimeo video through its privacy-friendly player. */
export function VideoBlock({ url, title }: VideoProps) {
  if (!url) return null;
  const embed = videoEmbedUrl(url);
  return (
    <div className="pb-video pb-inner">
      {embed ? (
        <iframe
          src={embed}
          title={title || "Video"}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: captions come with the uploaded file when it has them
        <video controls preload="metadata" src={url} title={title || undefined} />
      )}
    </div>
  );
}
