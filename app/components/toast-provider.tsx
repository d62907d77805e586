import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { ToastContext, type ToastInput, type ToastTone } from "../hooks/use-toast";
import { ToastItem } from "./toast-item";

/** Spec §9: toasts show for 5000 ms by default. */
export const TOAST_DURATION = 5000;

type Toast = { id: number; message: string; tone: ToastTone; duration: number };

/** The toast overlay: messages stack in the top corner and hide themselves after their duration. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const toast = {
      id: next.current++,
      message: input.message,
      tone: input.tone ?? "info",
      duration: input.duration ?? TOAST_DURATION,
    };
    setToasts((all) => [...all.slice(-4), toast]);
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-live="polite" aria-label={t("toast.region")}>
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            message={toast.message}
            tone={toast.tone}
            duration={toast.duration}
            onDismiss={() => dismiss(toast.id)}
          />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
