import { IconArrowUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useScrollFrame } from "../hooks/use-scroll-frame";

/** Spec §9: the button appears after 200 px of scroll. */
export const BACK_TO_TOP_AFTER = 200;
const R = 20;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** Back to the top, with a ring that fills as the page is read. */
export function BackToTop() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  useScrollFrame((y) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    setProgress(y > BACK_TO_TOP_AFTER ? Math.min(1, max > 0 ? y / max : 1) : null);
  });
  if (progress === null) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t("nav.backToTop")}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <svg viewBox="0 0 48 48" width={48} height={48} aria-hidden>
        <circle cx={24} cy={24} r={R} className="track" />
        <circle
          cx={24}
          cy={24}
          r={R}
          className="bar"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
        />
      </svg>
      <IconArrowUp size={18} className="arrow" aria-hidden />
    </button>
  );
}
