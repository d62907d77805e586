import { responsiveImage } from "../../lib/images";

export type ImageProps = { src: string; alt: string; caption: string };

/** One picture with its description for screen readers and an optional caption. */
export function ImageBlock({ src, alt, caption }: ImageProps) {
  if (!src) return null;
  const img = responsiveImage(src, { sizes: "(max-width: 960px) 100vw, 960px", maxWidth: 2048 });
  return (
    <figure className="pb-image pb-inner">
      <img {...img} alt={alt} loading="lazy" decoding="async" />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
