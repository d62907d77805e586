import { useEffect, useRef } from "react";

/** Calls `onFrame(scrollY)` now and at most once an animation frame while the window scrolls. */
export function useScrollFrame(onFrame: (y: number) => void) {
  const callback = useRef(onFrame);
  callback.current = onFrame;
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      callback.current(window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
