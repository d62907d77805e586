import { IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { ToastTone } from "../hooks/use-toast";
import { dragDismisses } from "../lib/toast-drag";

/**
 * One toast. It closes itself after `duration` ms (paused while pointed at or dragged), on its
 * close button, or when dragged sideways further than 80 % of its width; a shorter drag springs back.
 */
export function ToastItem({
  message,
  tone,
  duration,
  onDismiss,
}: {
  message: string;
  tone: ToastTone;
  duration: number;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [dx, setDx] = useState(0);
  const [paused, setPaused] = useState(false);
  // The provider passes a new function on every render; neither the timer nor the drag should restart for that.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismiss.current(), duration);
    return () => window.clearTimeout(timer);
  }, [paused, duration]);

  // Pointer handling on the element itself: drag with mouse, pen or finger.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let start: { x: number; pointer: number } | null = null;
    let offset = 0;
    const down = (e: PointerEvent) => {
      if ((e.target as HTMLElement).closest("button")) return;
      start = { x: e.clientX, pointer: e.pointerId };
      el.setPointerCapture(e.pointerId);
      setPaused(true);
    };
    const move = (e: PointerEvent) => {
      if (start?.pointer !== e.pointerId) return;
      offset = e.clientX - start.x;
      setDx(offset);
    };
    const up = (e: PointerEvent) => {
      if (start?.pointer !== e.pointerId) return;
      start = null;
      if (dragDismisses(offset, el.offsetWidth)) {
        dismiss.current();
        return;
      }
      offset = 0;
      setDx(0);
      setPaused(false);
    };
    const enter = () => setPaused(true);
    const leave = () => {
      if (!start) setPaused(false);
    };
    el.addEventListener("pointerdown", down);
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("mouseenter", enter);
    el.addEventListener("mouseleave", leave);
    return () => {
      el.removeEventListener("pointerdown", down);
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      el.removeEventListener("mouseenter", enter);
      el.removeEventListener("mouseleave", leave);
    };
  }, []);

  const width = ref.current?.offsetWidth || 1;
  return (
    <div
      ref={ref}
      className={`toast toast-${tone}${dx ? " dragging" : ""}`}
      style={{
        transform: dx ? `translateX(${dx}px)` : undefined,
        opacity: dx ? Math.max(0.2, 1 - Math.abs(dx) / width) : undefined,
      }}
    >
      <p>{message}</p>
      <button type="button" className="icon-button" aria-label={t("toast.close")} onClick={onDismiss}>
        <IconX size={16} aria-hidden />
      </button>
    </div>
  );
}
