// Read-only stars for a rating: five star outlines in the empty colour, with the filled stars laid
// over them and cut at the rating's share (4.5 of 5 fills 90 %). Two small SVGs and no script, where
// the interface library's rating draws a hidden radio, label and two SVGs per star and half-star:
// a course page with its reviews rendered 6 KB of markup per rating.

/** One star in a 24-unit square, drawn with relative steps so that it can be moved along the row. */
const STAR = "M12 2.5l2.94 6.06 6.56.95-4.75 4.63 1.12 6.54-5.87-3.08-5.87 3.08 1.12-6.54-4.75-4.63 6.56-.95z";
/** The five stars side by side, one path. */
const FIVE = Array.from({ length: 5 }, (_, i) => STAR.replace(/^M12/, `M${12 + i * 24}`)).join("");

function Row() {
  return (
    <svg viewBox="0 0 120 24" aria-hidden="true" focusable="false">
      <path d={FIVE} />
    </svg>
  );
}

type Props = {
  /** 0 to 5; halves and finer are shown as they are. */
  value: number;
  size?: "xs" | "sm";
  /** Names the stars for screen readers; without it they are decoration (the rating is said next to them). */
  label?: string;
};

export function Stars({ value, size = "sm", label }: Props) {
  const share = `${(Math.max(0, Math.min(5, value)) / 5) * 100}%`;
  return (
    <span
      className="stars"
      data-size={size}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <Row />
      <span className="stars-filled" style={{ width: share }}>
        <Row />
      </span>
    </span>
  );
}
