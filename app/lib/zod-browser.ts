// What `import { z } from "zod"` gives a module in the browser (scripts/vite/zod-jitless.ts points
// the bare name here, for the browser build only). Zod builds its object parsers with
// `new Function` unless told not to, and probes for it when a schema is made; the pages'
// Content-Security-Policy forbids evaluating strings, so zod is switched to its no-eval mode before
// any module can make a schema. The server keeps the faster compiled parsers. Only pages that use
// zod load it: the public pages' shared bundle does not.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { z as default } from "zod/v4";
