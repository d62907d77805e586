// How a course is offered (spec §2 price display: the price, or 'private' when there is none): one
// rule for the catalogue card and the course page alike.
//   free     the course is open: members enrol from its page (even when a product also grants it)
//   sold     at least one published product with a price grants it, directly or through a
//            membership that includes the course (one-time or subscription prices)
//   private  neither: the instructor enrols students
import { type PriceDuration, priceOf, type ProductMetadata } from "./product";

export type OfferPrice = {
  type: "onetime" | "subscription";
  amount: number;
  duration: PriceDuration | null;
  /** During a sale: the regular price, shown struck through beside the sale amount. */
  regular?: number;
};
export type OfferProduct = { id: string; title: string; slug: string; image: string | null; price: OfferPrice };
export type OfferMembership = { id: string; title: string; products: OfferProduct[] };

export type CourseOffer =
  | { kind: "free" }
  | { kind: "private" }
  | {
      kind: "sold";
      /** Products that grant the course itself, cheapest first. */
      products: OfferProduct[];
      /** Memberships that include the course, each with the products that grant it, cheapest first. */
      memberships: OfferMembership[];
      /** The cheapest way in: what the page's main button buys. */
      cheapest: OfferProduct;
      /** Whether the ways in have more than one price (the card then says "from"). */
      severalPrices: boolean;
    };

/** A published product as the rule reads it: its price is in metadata (spec §3). */
export type SellingProduct = {
  id: string;
  title: string;
  slug: string;
  image: string | null;
  metadata: ProductMetadata;
  /** What it costs now when a sale is on (below the price); absent otherwise. */
  saleAmount?: number | null;
};

export type OfferSource = {
  access: "free" | "private";
  /** Published products whose courses include this one. */
  products: SellingProduct[];
  /** Memberships whose courses include this one, with the published products granting each. */
  memberships: { id: string; title: string; products: SellingProduct[] }[];
};

const onSale = (p: SellingProduct, amount: number) => typeof p.saleAmount === "number" && p.saleAmount < amount;

function priced(products: SellingProduct[]): OfferProduct[] {
  const out: OfferProduct[] = [];
  for (const p of products) {
    const price = priceOf(p.metadata);
    if (!price) continue;
    out.push({
      id: p.id,
      title: p.title,
      slug: p.slug,
      image: p.image,
      price: {
        type: price.type,
        amount: onSale(p, price.amount) ? (p.saleAmount as number) : price.amount,
        duration: price.type === "subscription" ? (price.duration ?? null) : null,
        ...(onSale(p, price.amount) ? { regular: price.amount } : {}),
      },
    });
  }
  // Cheapest first; equal prices keep a stable order by title.
  return out.sort((a, b) => a.price.amount - b.price.amount || a.title.localeCompare(b.title));
}

const sameTerms = (a: OfferPrice, b: OfferPrice) =>
  a.type === b.type &&
  a.amount === b.amount &&
  (a.duration?.value ?? 0) === (b.duration?.value ?? 0) &&
  (a.duration?.parameter ?? 0) === (b.duration?.parameter ?? 0);

export function courseOffer(source: OfferSource): CourseOffer {
  if (source.access === "free") return { kind: "free" };
  const products = priced(source.products);
  const memberships = source.memberships
    .map((m) => ({ id: m.id, title: m.title, products: priced(m.products) }))
    .filter((m) => m.products.length > 0)
    .sort((a, b) => a.products[0].price.amount - b.products[0].price.amount || a.title.localeCompare(b.title));
  const all = [...products, ...memberships.flatMap((m) => m.products)];
  if (all.length === 0) return { kind: "private" };
  const cheapest = all.reduce((best, p) => (p.price.amount < best.price.amount ? p : best));
  return {
    kind: "sold",
    products,
    memberships,
    cheapest,
    severalPrices: all.some((p) => !sameTerms(p.price, cheapest.price)),
  };
}

/** A priced product back in the shape the cart takes (spec §3 metadata.price). */
export const offerMetadata = (p: OfferProduct): ProductMetadata => ({
  price: { type: p.price.type, amount: p.price.amount, duration: p.price.duration },
});
