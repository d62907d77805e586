import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { clearTourMarker, runGuidedTour } from "../lib/guided-tour";
import { routeExists } from "../lib/implemented-routes";
import { resumeStep, shouldAutoStart, TOUR_STEPS } from "../lib/tour-steps";

/**
 * Starts the tour by itself on the dashboard home (onboarding on, no marker), and gives the
 * top bar's restart button its action.
 */
export function useGuidedTour({ enabled, isPlatform }: { enabled: boolean; isPlatform: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  const pendingRestart = useRef(false);
  const exists = useCallback((path: string) => routeExists(path, isPlatform), [isPlatform]);

  const start = useCallback(
    (startAt: number) => {
      runGuidedTour({ t, startAt, exists, navigate }).catch((err) => console.error("guided tour failed", err));
    },
    [t, exists, navigate],
  );

  useEffect(() => {
    if (location.pathname !== "/dashboard") return;
    if (pendingRestart.current) {
      pendingRestart.current = false;
      start(0);
      return;
    }
    if (started.current || !enabled) return;
    let store: Storage | null = null;
    try {
      store = window.localStorage;
    } catch {
      store = null;
    }
    if (!shouldAutoStart(true, store)) return;
    started.current = true;
    start(resumeStep(store, TOUR_STEPS.length));
  }, [location.pathname, enabled, start]);

  const restart = useCallback(() => {
    clearTourMarker();
    if (location.pathname === "/dashboard") start(0);
    else {
      pendingRestart.current = true;
      navigate("/dashboard");
    }
  }, [location.pathname, navigate, start]);

  return { restart };
}
