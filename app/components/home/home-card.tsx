import type { ReactNode } from "react";

/** One panel of the home: a titled region (a landmark for screen readers) with an optional tour target. */
export function HomeCard(props: { id: string; title: string; tour?: string; wide?: boolean; children: ReactNode }) {
  return (
    <section
      className={props.wide ? "home-card wide" : "home-card"}
      aria-labelledby={`home-${props.id}`}
      data-tour={props.tour}
      data-testid={`home-${props.id}`}
    >
      <h2 id={`home-${props.id}`}>{props.title}</h2>
      {props.children}
    </section>
  );
}
