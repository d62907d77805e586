export type FaqItem = { question: string; answer: string };
export type FaqProps = { heading: string; items: FaqItem[] };

/** Questions that open to show their answers (plain <details>, keyboard-usable without script). */
export function FaqBlock({ heading, items }: FaqProps) {
  return (
    <section className="pb-faq pb-inner">
      {heading ? <h2>{heading}</h2> : null}
      {(items ?? []).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is its identity
        <details key={i}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
