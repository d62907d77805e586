// Dates and times in a system e-mail, written the way its reader's language writes them.

/** The zone's short name as the language writes it ("UTC", "GMT+1", "CET"). */
export function zoneName(at: Date, lang: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** A long date and a short time in `timeZone`, followed by the zone's name. */
export function mailDateTime(at: Date, lang: string, timeZone = "UTC"): string {
  const formatted = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone }).format(at);
  return `${formatted} ${zoneName(at, lang, timeZone)}`;
}

/** A meeting's start: weekday, date and time in the reader's own zone, zone named. */
export function mailMeetingTime(at: Date, lang: string, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}
