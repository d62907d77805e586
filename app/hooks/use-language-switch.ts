import { useCallback, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useRevalidator } from "react-router";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "../i18n/languages";
import { ApiError, api } from "../lib/api";
import { writeCookie } from "../lib/cookies";
import { useToast } from "./use-toast";

/**
 * Changes the interface language: a member's choice is saved on their membership
 * (PATCH /api/v1/me/preferences), a visitor's in the `lang` cookie; then the page's data is
 * reloaded, so the server-chosen language (and the text it renders) follows.
 */
export function useLanguageSwitch(signedIn: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const change = useCallback(
    async (lang: string) => {
      setBusy(true);
      writeCookie(LANGUAGE_COOKIE, lang, LANGUAGE_COOKIE_MAX_AGE / 86400);
      try {
        if (signedIn) await api("PATCH", "/api/v1/me/preferences", { language: lang });
      } catch (err) {
        // Without the preferences endpoint the cookie alone carries the choice.
        if (!(err instanceof ApiError && (err.missing || err.status === 403))) {
          toast.show({ message: t("errors.generic"), tone: "error" });
        }
      }
      await revalidator.revalidate();
      setBusy(false);
    },
    [signedIn, revalidator, toast, t],
  );
  return { change, busy };
}
