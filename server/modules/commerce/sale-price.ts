// A product's scheduled sale as stored (sale_price, sale_starts_at, sale_ends_at): what a product row
// costs at a moment, and the columns an editor's sale input becomes (checked by core/product-sale.ts).
import { priceOf, type ProductMetadata } from "../../../core/product";
import { chargedAmount, checkSale, type ProductSale, type SaleInput } from "../../../core/product-sale";
import { fieldError } from "../../errors";

/** The product's sale from its row (null when none is scheduled). */
export const saleOf = (r: {
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}): ProductSale | null =>
  r.salePrice !== null && r.saleStartsAt && r.saleEndsAt
    ? { price: r.salePrice, startsAt: r.saleStartsAt, endsAt: r.saleEndsAt }
    : null;

/** What a product row costs at `now` (null without a price): the sale price inside its window. */
export function productCharge(
  r: { metadata: ProductMetadata | null; salePrice: number | null; saleStartsAt: Date | null; saleEndsAt: Date | null },
  now = new Date(),
): number | null {
  const price = priceOf(r.metadata);
  if (!price) return null;
  return price.type === "onetime" ? chargedAmount(price.amount, saleOf(r), now) : price.amount;
}

/** The sale columns for an input (null clears them); a problem is a 422 naming the field. */
export function saleColumns(input: SaleInput | null, metadata: ProductMetadata) {
  if (input === null) return { salePrice: null, saleStartsAt: null, saleEndsAt: null };
  const checked = checkSale(input, metadata.price);
  if ("problem" in checked) throw fieldError("validation_failed", checked.problem.field, checked.problem.message);
  return { salePrice: checked.sale.price, saleStartsAt: checked.sale.startsAt, saleEndsAt: checked.sale.endsAt };
}
