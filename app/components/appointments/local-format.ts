// Times of appointments in the viewer's own zone. Only the browser knows that zone, so screens
// render these once mounted (the server would format in its own zone).
import { useTranslation } from "../../i18n/use-translation";

export function useLocalFormat() {
  const { i18n } = useTranslation();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    zone,
    day: (iso: string) =>
      new Date(iso).toLocaleDateString(i18n.language, { weekday: "long", day: "numeric", month: "long" }),
    time: (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" }),
    full: (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
  };
}
