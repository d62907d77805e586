import { createTheme, MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { atriumCssVariables, atriumTheme } from "./mantine-theme";
import { mantineVariablesCss } from "./mantine-variables";

describe("mantineVariablesCss", () => {
  it("is exactly what Mantine's provider would render for the theme", () => {
    const theme = createTheme({ primaryColor: "indigo", defaultRadius: "md", fontFamily: "Inter, sans-serif" });
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme, withGlobalClasses: false }));
    const mantine = html.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1];
    expect(mantine).toBeTruthy();
    expect(mantineVariablesCss(theme)).toBe(mantine);
    expect(mantineVariablesCss(theme)).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
  });

  it("follows the interface's readable-colour resolver exactly", () => {
    const theme = atriumTheme({ close: "Close" });
    const html = renderToStaticMarkup(
      createElement(MantineProvider, { theme, cssVariablesResolver: atriumCssVariables, withGlobalClasses: false }),
    );
    const mantine = html.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1];
    expect(mantineVariablesCss(theme, atriumCssVariables)).toBe(mantine);
    expect(mantine).toContain("--mantine-color-dimmed");
  });
});
