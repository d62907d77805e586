// Charging again the card a buyer saved at a Stripe Checkout (an offer after purchase): the first
// session's PaymentIntent holds the customer and payment method; the new PaymentIntent is confirmed
// at once, off-session. A decline or a bank asking for authentication is an answer, not an error:
// the order waits and the buyer pays it on Stripe's page.
import type Stripe from "stripe";
import type { SavedCharge, SavedChargeResult } from "./types";

type Obj = Record<string, unknown>;
const idOf = (v: unknown): string | null =>
  typeof v === "string" && v
    ? v
    : v && typeof v === "object" && typeof (v as Obj).id === "string"
      ? ((v as Obj).id as string)
      : null;

/** A PaymentIntent id (an off-session charge) rather than a Checkout Session id. */
export const isPaymentIntentRef = (ref: string) => ref.startsWith("pi_");

/** The customer and payment method saved by the checkout (session) or charge (intent) `ref`. */
async function savedMethod(stripe: Stripe, ref: string) {
  let intentId = ref;
  let customer: string | null = null;
  if (!isPaymentIntentRef(ref)) {
    const session = (await stripe.checkout.sessions.retrieve(ref)) as unknown as Obj;
    customer = idOf(session.customer);
    intentId = idOf(session.payment_intent) ?? "";
  }
  if (!intentId) return null;
  const intent = (await stripe.paymentIntents.retrieve(intentId)) as unknown as Obj;
  customer = idOf(intent.customer) ?? customer;
  const method = idOf(intent.payment_method);
  return customer && method ? { customer, method } : null;
}

export async function chargeSavedCard(stripe: Stripe, input: SavedCharge): Promise<SavedChargeResult> {
  const saved = await savedMethod(stripe, input.fromRef);
  if (!saved) return { status: "unavailable", providerRef: null };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        customer: saved.customer,
        payment_method: saved.method,
        off_session: true,
        confirm: true,
        description: input.description,
        metadata: { order_id: input.orderId, account_id: input.accountId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (intent.status === "succeeded") return { status: "paid", providerRef: intent.id };
    return { status: "action_required", providerRef: intent.id };
  } catch (err) {
    const e = err as { type?: string; code?: string; raw?: { payment_intent?: { id?: string } } };
    if (e.type !== "StripeCardError") throw err;
    const ref = e.raw?.payment_intent?.id ?? null;
    return { status: e.code === "authentication_required" ? "action_required" : "declined", providerRef: ref };
  }
}
