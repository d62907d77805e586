// What the commerce screens call from loaders and actions.
import type { Context } from "hono";
import type { AppEnv } from "./env";

export function affiliateServices(_c: Context<AppEnv>) {
  return {};
}
