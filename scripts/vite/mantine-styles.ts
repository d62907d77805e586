// Each Mantine component brings its own stylesheet into the browser build, instead of every page
// loading all of Mantine's styles (about 33 KB compressed, most of it for components a visitor's
// page never draws). A component's class names live in `<Name>.module.mjs`, loaded exactly when
// the component is; its rules are in `@mantine/core/styles/<Name>.css`, so that module imports
// them. The import is appended after the module's own, so a component's dependencies' styles come
// before its own, as Mantine requires. The root keeps the three global sheets (baseline, variables,
// global classes).
import type { Plugin } from "vite";

const MODULE = /\/node_modules\/@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.mjs$/;

export function mantineStyles(): Plugin {
  return {
    name: "atrium-mantine-styles",
    enforce: "pre",
    transform(code, id) {
      if (this.environment?.name !== "client") return null;
      const m = id.split("?")[0].match(MODULE);
      if (!m) return null;
      return { code: `${code}\nimport "@mantine/core/styles/${m[1]}.css";\n`, map: null };
    },
  };
}
