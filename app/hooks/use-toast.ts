import { createContext, useContext } from "react";

export type ToastTone = "info" | "success" | "error";
export type ToastInput = { message: string; tone?: ToastTone; duration?: number };
export type ToastApi = { show(toast: ToastInput): void; dismiss(id: number): void };

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows a short message in the top corner (spec §9: 5000 ms, drag to dismiss). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider above it");
  return api;
}
