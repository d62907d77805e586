import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A small dropdown for public pages, without a positioning library: a button that shows a list
 * below it. Escape and a click or focus elsewhere close it (disclosure pattern, keyboard friendly).
 */
export function DisclosureMenu({
  label,
  button,
  children,
  className = "",
}: {
  label: string;
  button: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const el = root.current;
    if (!open || !el) return;
    const onPointer = (e: PointerEvent) => {
      if (!el.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    el.addEventListener("keydown", onKey);
    el.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      el.removeEventListener("keydown", onKey);
      el.removeEventListener("focusout", onFocusOut);
    };
  }, [open]);

  return (
    <div ref={root} className={`disclosure ${className}`}>
      <button
        ref={trigger}
        type="button"
        className="disclosure-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      <div id={id} className="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
