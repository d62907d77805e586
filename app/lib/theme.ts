// Light, Dark and Night (spec §2). Mantine knows two colour schemes; Night is Mantine's dark scheme
// plus data-theme="night" on <html>, which styles.css turns into darker, warmer (low-blue)
// colours. The choice is kept in local storage under one key, read before the first paint by
// a small script in <head>, so a page never flashes in the wrong theme.
import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

export const THEME_STORAGE_KEY = "theme";
/** The sidebar's open state (spec §2: default open unless stored false). */
export const SIDEBAR_STORAGE_KEY = "sidebar-open";

export const THEMES = ["light", "dark", "night"] as const;
export type ThemeName = (typeof THEMES)[number];

export const isThemeName = (v: unknown): v is ThemeName => typeof v === "string" && THEMES.includes(v as ThemeName);
export const schemeOf = (theme: ThemeName): "light" | "dark" => (theme === "light" ? "light" : "dark");

/** Runs in <head> before the body is painted: theme attributes and the collapsed sidebar. */
export const THEME_SCRIPT = `(function(){try{var d=document.documentElement,t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t!=="dark"&&t!=="night")t="light";d.setAttribute("data-mantine-color-scheme",t==="light"?"light":"dark");d.setAttribute("data-theme",t);if(localStorage.getItem(${JSON.stringify(
  SIDEBAR_STORAGE_KEY,
)})==="false")d.setAttribute("data-sidebar","closed")}catch(e){}})();`;

export function readTheme(): ThemeName {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeName(stored) ? stored : "light";
  } catch {
    return "light";
  }
}

/** Stores the theme and applies it to the document; Mantine is told by the caller. */
export function writeTheme(theme: ThemeName) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private windows may refuse storage; the theme still applies to this page.
  }
  document.documentElement.setAttribute("data-theme", theme);
}

/**
 * Mantine's colour-scheme storage on our key: "night" reads as dark, and Mantine writing "dark"
 * while Night is chosen keeps Night.
 */
export function themeColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((e: StorageEvent) => void) | null = null;
  return {
    get: (fallback: MantineColorScheme) => (typeof window === "undefined" ? fallback : schemeOf(readTheme())),
    set: (value: MantineColorScheme) => {
      if (value === "auto") return;
      if (value === "dark" && readTheme() === "night") return;
      writeTheme(value);
    },
    subscribe: (update) => {
      onStorage = (e) => {
        if (e.key !== THEME_STORAGE_KEY) return;
        const theme = isThemeName(e.newValue) ? e.newValue : "light";
        document.documentElement.setAttribute("data-theme", theme);
        update(schemeOf(theme));
      };
      window.addEventListener("storage", onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener("storage", onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing stored, nothing to clear
      }
    },
  };
}
