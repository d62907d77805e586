// An appointment type's form fields, read the way the shared schema expects them: the numbers
// with their bounds, no product as null (free), the switch as a boolean.

export const APPOINTMENT_NUMBERS = [
  ["durationMinutes", 5, 480],
  ["bufferBeforeMinutes", 0, 240],
  ["bufferAfterMinutes", 0, 240],
  ["minimumNoticeMinutes", 0, 60 * 24 * 30],
  ["bookingWindowDays", 1, 365],
  ["cancelCutoffHours", 0, 24 * 14],
] as const;

/** The form's fields as the schema reads them (numbers as numbers, no product as null). */
export function typeInputOf(form: FormData) {
  return {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    productId: String(form.get("productId") ?? "") || null,
    provider: String(form.get("provider") ?? "jitsi"),
    active: form.get("active") === "on",
    ...Object.fromEntries(APPOINTMENT_NUMBERS.map(([name]) => [name, Number(form.get(name) ?? "")])),
  };
}
