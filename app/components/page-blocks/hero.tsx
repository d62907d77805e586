import { responsiveImage } from "../../lib/images";
import { BlockButton } from "./block-link";

export type HeroProps = {
  heading: string;
  text: string;
  buttonLabel: string;
  buttonLink: string;
  backgroundImage: string;
};

/**
 * A large heading with a line of text, a button and an optional background picture. The picture is
 * an <img> at the width the screen needs, fetched first (it is usually the largest thing on the
 * page), rather than a CSS background the browser finds only after the styles are applied.
 */
export function HeroBlock({ heading, text, buttonLabel, buttonLink, backgroundImage }: HeroProps) {
  const image = backgroundImage ? responsiveImage(backgroundImage, { sizes: "100vw", maxWidth: 2048 }) : null;
  return (
    <section className={`pb-hero${image ? " pb-hero--image" : ""}`}>
      {image ? <img {...image} alt="" className="pb-hero-picture" fetchPriority="high" decoding="async" /> : null}
      <div className="pb-inner">
        {heading ? <h1>{heading}</h1> : null}
        {text ? <p className="pb-lead">{text}</p> : null}
        <BlockButton label={buttonLabel} href={buttonLink} />
      </div>
    </section>
  );
}
