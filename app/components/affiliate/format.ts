// Dates on the affiliate and subscription screens: the same text on the server and in the browser
// (UTC), so hydration never disagrees.
export const formatDay = (iso: string | null | undefined, language: string) =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)) : "";
