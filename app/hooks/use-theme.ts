import { useMantineColorScheme } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { readTheme, schemeOf, type ThemeName, writeTheme } from "../lib/theme";

/** The current theme (Light, Dark or Night) and a setter that stores and applies it. */
export function useTheme(): [ThemeName, (theme: ThemeName) => void] {
  const { setColorScheme } = useMantineColorScheme();
  // The server cannot know the stored theme; the page is already painted in it by the head script.
  const [theme, setThemeState] = useState<ThemeName>("light");
  useEffect(() => setThemeState(readTheme()), []);
  const setTheme = useCallback(
    (next: ThemeName) => {
      writeTheme(next);
      setThemeState(next);
      setColorScheme(schemeOf(next));
    },
    [setColorScheme],
  );
  return [theme, setTheme];
}
