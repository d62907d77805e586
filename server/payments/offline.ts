// The embedded default provider: bank transfer or cash. The order waits; the owner marks it paid.
import { AppError } from "../errors";
import type { PaymentProvider } from "./types";

export const offlineProvider: PaymentProvider = {
  name: "offline",
  // The bank details or cash instructions buyers are shown; nothing is needed to take orders.
  settingsFields: { config: ["instructions"], secrets: [], required: [] },
  configured: () => true,
  async startCheckout() {
    return { kind: "pending", providerRef: null };
  },
  async paymentStatus() {
    // Only the owner knows whether the transfer arrived.
    return { paid: false };
  },
  async verifyWebhook() {
    throw new AppError("invalid_signature", "The offline provider sends no messages");
  },
  async refund() {
    // Money went outside the platform; the owner returns it the same way.
  },
  async cancelSubscription() {},
};
