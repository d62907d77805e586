import { IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { useTheme } from "../hooks/use-theme";

/** The public pages' dark/light switch. Both icons are rendered; CSS shows the one that fits. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const dark = theme !== "light";
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={t("theme.toggle")}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? "light" : "dark")}
    >
      <IconMoon size={20} className="show-in-light" aria-hidden />
      <IconSun size={20} className="show-in-dark" aria-hidden />
    </button>
  );
}
