// Spec §9 price display, in one place: "Free" for free courses, "private" when a course has no
// price (private access). The shop will add real prices here.
export type PriceSource = { access: "free" | "private" };

/** The i18n key of a course's price label. */
export const priceLabelKey = (course: PriceSource) => (course.access === "free" ? "catalog.free" : "catalog.private");
