export type Testimonial = { quote: string; name: string; role: string };
export type TestimonialsProps = { heading: string; items: Testimonial[] };

/** What people say, as quotes with their name and role. */
export function TestimonialsBlock({ heading, items }: TestimonialsProps) {
  return (
    <section className="pb-testimonials pb-inner">
      {heading ? <h2>{heading}</h2> : null}
      <div className="pb-grid">
        {(items ?? []).map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is its identity
          <figure key={i} className="pb-card">
            <blockquote>{item.quote}</blockquote>
            <figcaption>
              <strong>{item.name}</strong>
              {item.role ? <span>{item.role}</span> : null}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
