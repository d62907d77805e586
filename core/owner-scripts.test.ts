import { describe, expect, it } from "vitest";
import { ownerScriptsRunOn, readOwnerScripts, uncoveredOrigins } from "./owner-scripts";

describe("readOwnerScripts", () => {
  it("reads inline code as the browser does, external sources and frames", () => {
    const html = [
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1&amp;l=dl"></script>',
      "<script>\r\n  window.dataLayer = [];\r\n</script>",
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<script type='module'>import('/x.js')</script>",
      '<div data-x="<script>not a script</script>"></div>',
      '<iframe src="https://calendar.example.org/embed" title="x"></iframe>',
      "<SCRIPT>if (a < b) { done() }</SCRIPT >",
    ].join("\n");
    expect(readOwnerScripts(html)).toEqual({
      inline: ["\n  window.dataLayer = [];\n", "import('/x.js')", "if (a < b) { done() }"],
      scriptSources: ["https://www.googletagmanager.com/gtag/js?id=G-1&l=dl"],
      frameSources: ["https://calendar.example.org/embed"],
    });
  });

  it("ends a script at the first </script, as the parser does", () => {
    expect(readOwnerScripts("<script>var s = '</script>'; x()</script>").inline).toEqual(["var s = '"]);
  });
});

describe("uncoveredOrigins", () => {
  const scripts = readOwnerScripts(
    [
      '<script src="https://cdn.example.com/a.js"></script>',
      '<script src="//widgets.example.net/w.js"></script>',
      '<script src="/media/own.js"></script>',
      '<script src="data:text/javascript,alert(1)"></script>',
      '<iframe src="https://maps.example.org/embed"></iframe>',
    ].join(""),
  );
  it("names each origin the allow-lists miss, and nothing for the site's own files", () => {
    expect(uncoveredOrigins(scripts, { script_origins: [], frame_origins: [] })).toEqual({
      scripts: ["https://cdn.example.com", "https://widgets.example.net", "data:"],
      frames: ["https://maps.example.org"],
    });
    expect(
      uncoveredOrigins(scripts, {
        script_origins: ["https://cdn.example.com", "https://*.example.net"],
        frame_origins: ["https://maps.example.org"],
      }),
    ).toEqual({ scripts: ["data:"], frames: [] });
  });
});

describe("ownerScriptsRunOn", () => {
  it("runs them on the public site only, never on sign-in pages or screens", () => {
    for (const p of ["/", "/blog/hello", "/about", "/course/x", "/login-help"])
      expect(ownerScriptsRunOn(p), p).toBe(true);
    for (const p of ["/login", "/login/two-factor", "/signup", "/dashboard", "/dashboard/pages/1", "/checkout"]) {
      expect(ownerScriptsRunOn(p), p).toBe(false);
    }
  });
});
