// The CSS variables of the interface theme, worked out once. Mantine's provider recomputes them on
// every render (hundreds of colour conversions a page on the server); the theme never changes while
// the process runs, so root.tsx renders this string and tells the provider not to.
import {
  type CSSVariablesResolver,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type MantineThemeOverride,
  mergeMantineTheme,
} from "@mantine/core";

type Vars = Record<string, string>;
const changedFrom = (values: Vars, defaults: Vars) =>
  Object.fromEntries(Object.entries(values).filter(([key, value]) => defaults[key] !== value));

/**
 * What Mantine's provider would put in its <style> for `theme` and `resolver` (its
 * cssVariablesResolver prop): only what differs from Mantine's own stylesheet.
 */
export function mantineVariablesCss(theme: MantineThemeOverride, resolver?: CSSVariablesResolver): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const extra = resolver?.(merged);
  const resolved = extra
    ? {
        variables: { ...base.variables, ...extra.variables },
        light: { ...base.light, ...extra.light },
        dark: { ...base.dark, ...extra.dark },
      }
    : base;
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  return convertCssVariables({
    variables: changedFrom(resolved.variables, defaults.variables),
    light: changedFrom(resolved.light, defaults.light),
    dark: changedFrom(resolved.dark, defaults.dark),
  });
}
