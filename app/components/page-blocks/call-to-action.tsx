import { BlockButton } from "./block-link";

export type CallToActionProps = { heading: string; text: string; buttonLabel: string; buttonLink: string };

/** A highlighted band asking the visitor to do one thing. */
export function CallToActionBlock({ heading, text, buttonLabel, buttonLink }: CallToActionProps) {
  return (
    <section className="pb-cta">
      <div className="pb-inner">
        {heading ? <h2>{heading}</h2> : null}
        {text ? <p>{text}</p> : null}
        <BlockButton label={buttonLabel} href={buttonLink} />
      </div>
    </section>
  );
}
