import { imageAt } from "../../lib/images";
import { BlockButton } from "./block-link";

export type HeroProps = {
  heading: string;
  text: string;
  buttonLabel: string;
  buttonLink: string;
  backgroundImage: string;
};

/** A large heading with a line of text, a button and an optional background image. */
export function HeroBlock({ heading, text, buttonLabel, buttonLink, backgroundImage }: HeroProps) {
  const style = backgroundImage
    ? {
        backgroundImage: `linear-gradient(rgb(0 0 0 / 45%), rgb(0 0 0 / 45%)), url("${imageAt(backgroundImage, 1920)}")`,
      }
    : undefined;
  return (
    <section className={`pb-hero${backgroundImage ? " pb-hero--image" : ""}`} style={style}>
      <div className="pb-inner">
        {heading ? <h1>{heading}</h1> : null}
        {text ? <p className="pb-lead">{text}</p> : null}
        <BlockButton label={buttonLabel} href={buttonLink} />
      </div>
    </section>
  );
}
