// A datetime-local field shows and takes dates in the browser's own time; the server keeps ISO.
const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO date as the datetime-local field shows it. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The field's value as an ISO date ("" when empty or not a date). */
export function fromLocalInput(local: string): string {
  if (!local) return "";
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}
