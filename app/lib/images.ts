// Responsive images (spec §9 image widths). Media-library files are served at /media/{id}/{name};
// adding ?w=<width> returns the image resized to that width in a modern format (AVIF or WebP, by
// the browser's Accept header), cached. Other addresses are used as they are.
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Whether the address is a media-library file this server can resize. */
export const isLibraryImage = (src: string) => src.startsWith("/media/");

/** The address of the image at one of the §9 widths (the smallest one at least as wide as asked). */
export function imageAt(src: string, width: number): string {
  if (!isLibraryImage(src)) return src;
  const w = IMAGE_WIDTHS.find((x) => x >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const [path] = src.split("?");
  return `${path}?w=${w}`;
}

/** srcset and sizes for an <img>: every §9 width up to `maxWidth`, for library images only. */
export function responsiveImage(
  src: string,
  opts: { sizes?: string; maxWidth?: number } = {},
): { src: string; srcSet?: string; sizes?: string } {
  if (!isLibraryImage(src)) return { src };
  const widths = IMAGE_WIDTHS.filter((w) => w <= (opts.maxWidth ?? 3840));
  return {
    src: imageAt(src, widths[0] ?? 640),
    srcSet: widths.map((w) => `${imageAt(src, w)} ${w}w`).join(", "),
    sizes: opts.sizes ?? "100vw",
  };
}
