import { preload } from "react-dom";
import { responsiveImage } from "../lib/images";

const SIZES = "(min-width: 62em) 900px, 100vw";

/**
 * The wide picture at the top of a course, product or blog post: usually the page's largest
 * element, so the browser is told about it in the document's <head> (a preload with the same
 * srcset, which React hoists there) and fetches it before the scripts, at the width the screen shows.
 */
export function CoverImage({ src }: { src: string }) {
  const image = responsiveImage(src, { sizes: SIZES });
  preload(image.src, {
    as: "image",
    fetchPriority: "high",
    ...(image.srcSet ? { imageSrcSet: image.srcSet, imageSizes: image.sizes } : {}),
  });
  return (
    <img
      {...image}
      alt=""
      fetchPriority="high"
      style={{ width: "100%", height: "auto", borderRadius: 8, aspectRatio: "16 / 9", objectFit: "cover" }}
    />
  );
}
