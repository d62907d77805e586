// The payment providers by name. Each online provider is pointed at its API by settings (a base URL
// override exists for local stand-ins in tests), never hard-wired.
import type { PaymentProviderName } from "../../core/currency";
import { offlineProvider } from "./offline";
import { paypalProvider } from "./paypal";
import { razorpayProvider } from "./razorpay";
import { stripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

export type {
  CheckoutInput,
  CheckoutStart,
  PaymentProvider,
  PlanStore,
  ProviderEvent,
  ProviderSettings,
  SavedCharge,
  SavedChargeResult,
  SettingsFields,
  SubscriptionCheckout,
} from "./types";
export { hasRequiredSettings } from "./types";

const registry = new Map<PaymentProviderName, PaymentProvider>([
  ["offline", offlineProvider],
  ["stripe", stripeProvider],
  ["paypal", paypalProvider],
  ["razorpay", razorpayProvider],
]);

/** Adds a provider (stripe, paypal, razorpay register themselves from their modules). */
export function registerProvider(p: PaymentProvider) {
  registry.set(p.name, p);
}

export function providerFor(name: string): PaymentProvider | null {
  return registry.get(name as PaymentProviderName) ?? null;
}
