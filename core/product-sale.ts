// A product's scheduled sale (spec §9 course_on_sale): a lower one-time price charged from the start
// of its window until its end. The server decides with its own clock, at checkout too.

export type ProductSale = { price: number; startsAt: Date; endsAt: Date };
export type SaleInput = { price: number; startsAt: string; endsAt: string };
export type SaleProblem = { field: "sale.price" | "sale.startsAt" | "sale.endsAt"; key: string; message: string };

/** True while `now` is inside the window (the start counts, the end does not). */
export const saleActive = (sale: ProductSale | null | undefined, now: Date): sale is ProductSale =>
  Boolean(sale && sale.startsAt.getTime() <= now.getTime() && now.getTime() < sale.endsAt.getTime());

/** What a one-time price costs at `now`: the sale price inside the window, else the price. */
export function chargedAmount(amount: number, sale: ProductSale | null | undefined, now: Date): number {
  return saleActive(sale, now) ? Math.min(sale.price, amount) : amount;
}

/**
 * Checks a sale against the product's price, in this order: a one-time price to discount, a whole
 * sale price of 0 or more below it, two valid dates, the end after the start. The first problem is
 * answered, naming the field and the message key the editor shows.
 */
export function checkSale(
  sale: SaleInput,
  price: { type: string; amount: number } | null | undefined,
): { sale: ProductSale } | { problem: SaleProblem } {
  if (price?.type !== "onetime" || !(price.amount > 0))
    return problem("sale.price", "shop.sale.needsOnetime", "A sale needs a one-time price to discount");
  if (!Number.isInteger(sale.price) || sale.price < 0)
    return problem("sale.price", "shop.sale.wholeAmount", "The sale price is a whole amount, 0 or more");
  if (sale.price >= price.amount)
    return problem("sale.price", "shop.sale.belowPrice", "The sale price must be below the price");
  const startsAt = new Date(sale.startsAt);
  if (Number.isNaN(startsAt.getTime())) return problem("sale.startsAt", "shop.sale.badDate", "Not a valid date");
  const endsAt = new Date(sale.endsAt);
  if (Number.isNaN(endsAt.getTime())) return problem("sale.endsAt", "shop.sale.badDate", "Not a valid date");
  if (endsAt.getTime() <= startsAt.getTime())
    return problem("sale.endsAt", "shop.sale.endAfterStart", "The sale must end after it starts");
  return { sale: { price: sale.price, startsAt, endsAt } };
}

const problem = (field: SaleProblem["field"], key: string, message: string) => ({ problem: { field, key, message } });
