/** Spec §9: a toast dragged sideways past 80 % of its width is dismissed. */
export const DRAG_DISMISS_RATIO = 0.8;

/** Whether a sideways drag of `dx` pixels dismisses a toast `width` pixels wide. */
export const dragDismisses = (dx: number, width: number) => Math.abs(dx) > width * DRAG_DISMISS_RATIO;
