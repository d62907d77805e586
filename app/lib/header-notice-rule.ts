/** Spec §4: a header notice shows unless it is before its start or past its expiry (or dismissed). */
export function isNoticeActive(notice: { start: string | null; expire: string | null }, now = Date.now()): boolean {
  if (notice.start && now < Date.parse(notice.start)) return false;
  if (notice.expire && now > Date.parse(notice.expire)) return false;
  return true;
}
