import { BlockButton } from "./block-link";

export type PricingTier = { name: string; price: string; features: string; buttonLabel: string; buttonLink: string };
export type PricingTableProps = { heading: string; tiers: PricingTier[] };

/** Plans side by side: name, price, one feature per line, and a button each. */
export function PricingTableBlock({ heading, tiers }: PricingTableProps) {
  return (
    <section className="pb-pricing pb-inner">
      {heading ? <h2>{heading}</h2> : null}
      <div className="pb-grid">
        {(tiers ?? []).map((tier, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is its identity
          <div key={i} className="pb-card pb-tier">
            <h3>{tier.name}</h3>
            <p className="pb-price">{tier.price}</p>
            <ul>
              {(tier.features ?? "")
                .split("\n")
                .map((f) => f.trim())
                .filter(Boolean)
                .map((f) => (
                  <li key={f}>{f}</li>
                ))}
            </ul>
            <BlockButton label={tier.buttonLabel} href={tier.buttonLink} />
          </div>
        ))}
      </div>
    </section>
  );
}
