// Loaders and actions receive what the server built for this request (server/http/load-context.ts).
import type { AtriumLoadContext } from "../server/http/load-context";

declare module "react-router" {
  interface AppLoadContext extends AtriumLoadContext {}
}
