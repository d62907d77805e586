// A module resolution hook for the built server. React Router's package points Node at its
// development build whatever NODE_ENV says (its `exports` have no production condition), so a
// production server would run the development build's checks and warnings on every render. This
// hook sends every import of it, from the server and from the React Router build alike, to the
// production build that ships beside it, so both keep sharing one copy of the module.
import type { ResolveHook } from "node:module";

const DEVELOPMENT_BUILD = /\/node_modules\/(react-router|@react-router\/[^/]+)\/dist\/development\//;

/** The production build's address for a module of React Router's development build, else null. */
export function productionUrl(url: string): string | null {
  const m = DEVELOPMENT_BUILD.exec(url);
  return m ? url.replace(m[0], m[0].replace("/dist/development/", "/dist/production/")) : null;
}

export const resolve: ResolveHook = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  const url = productionUrl(resolved.url);
  return url ? { ...resolved, url } : resolved;
};
