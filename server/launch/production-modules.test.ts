import { describe, expect, it } from "vitest";
import { productionUrl } from "./production-modules";

describe("the built server's module hook", () => {
  it("sends React Router's development build to its production build", () => {
    expect(productionUrl("file:///srv/app/node_modules/react-router/dist/development/index.mjs")).toBe(
      "file:///srv/app/node_modules/react-router/dist/production/index.mjs",
    );
    expect(productionUrl("file:///srv/app/node_modules/react-router/dist/development/chunk-H4DAEOV7.mjs")).toBe(
      "file:///srv/app/node_modules/react-router/dist/production/chunk-H4DAEOV7.mjs",
    );
  });

  it("leaves every other module where it is", () => {
    for (const url of [
      "file:///srv/app/node_modules/react-router/dist/production/index.mjs",
      "file:///srv/app/node_modules/react-dom/cjs/react-dom-server.node.development.js",
      "file:///srv/app/dist/development/index.mjs",
      "node:fs",
    ])
      expect(productionUrl(url)).toBeNull();
  });
});
