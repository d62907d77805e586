import { useRef, useState } from "react";
import { useScrollFrame } from "./use-scroll-frame";

/** Spec §9: the header gets a shadow after 20 px of scroll… */
export const HEADER_SHADOW_AFTER = 20;
/** …and a sticky header hides while scrolling down past 100 px (it returns on scrolling up). */
export const HEADER_HIDE_AFTER = 100;

export function headerScrollState(y: number, lastY: number, sticky: boolean) {
  return {
    shadow: y > HEADER_SHADOW_AFTER,
    hidden: sticky && y > HEADER_HIDE_AFTER && y > lastY,
  };
}

/** Whether the header casts a shadow and whether a sticky header is tucked away right now. */
export function useScrollHeader(sticky: boolean) {
  const [state, setState] = useState({ shadow: false, hidden: false });
  const lastY = useRef(0);
  useScrollFrame((y) => {
    const next = headerScrollState(y, lastY.current, sticky);
    lastY.current = y;
    setState((prev) => (prev.shadow === next.shadow && prev.hidden === next.hidden ? prev : next));
  });
  return state;
}
