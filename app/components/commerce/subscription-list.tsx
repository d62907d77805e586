// Placeholder: the member's subscriptions (with cancel at period end) are being built.
export function SubscriptionList() {
  return null;
}
