// Per-site API keys for integrations. A key acts as the member who created it, on that site only;
// only its SHA-256 is stored and the key itself is shown once.
export { apiKeys } from "./service";
export type { ApiKeyView } from "./service";
