// Amounts are integer minor units plus a currency (ARCHITECTURE.md, Data). Spec §9: shown with no
// decimals by default; a currency's own digits (0, 2 or 3) apply when asked for. One rule for the
// server and the browser: core/currency.ts.
export { formatMoney } from "../../core/currency";
