// A course's curriculum (spec §3 course_meta `curriculum`) and a student's record of it
// (course_students.curriculum_data). Sections carry no id; units, quizzes and assignments do, and
// only items with an id count toward progress, lock and drip.

export const CURRICULUM_POST_TYPES = ["section", "unit", "quiz", "assignments"] as const;
export type CurriculumPostType = (typeof CURRICULUM_POST_TYPES)[number];

/** How long something lasts: value × parameter seconds (parameter = seconds per unit). */
export type Duration = { value: number; parameter?: number | null };

export type CurriculumItem = {
  /** The unit, quiz or assignment id; absent on sections. */
  id?: string;
  post_type: CurriculumPostType;
  title: string;
  /** Per-unit drip delay (used when the course drips per unit). */
  drip?: Duration | null;
  /** Free preview on the public course page. */
  preview?: boolean;
};

/** One entry of course_students.curriculum_data; times are unix seconds. */
export type CurriculumDataItem = {
  id: string;
  post_type: CurriculumPostType;
  /** When the student completed it; absent while not complete. */
  complete?: number | null;
  /** When the student first opened it. */
  start?: number | null;
};

/** Spec §3 course settings. */
export type CourseSettings = {
  unitLock?: boolean;
  /** Drip on/off; the delay is dripfeedDuration. */
  dripfeed?: boolean;
  dripfeedDuration?: Duration | null;
  /** Reference time of the delay: the enrolment start, the section's first item start, or the previous item's start. */
  dripFeedStartingPoint?: DripStartingPoint;
  /** Drip per section (delay × number of earlier sections). */
  dripFeedsection?: boolean;
  /** Drip per unit (each item's own `drip` duration). */
  dripFeedUnitDuration?: boolean;
};

export const DRIP_STARTING_POINTS = ["enrolment", "section", "previous"] as const;
export type DripStartingPoint = (typeof DRIP_STARTING_POINTS)[number];

/** Items that count: those with an id (not sections). */
export const countedItems = (curriculum: readonly CurriculumItem[]) =>
  curriculum.filter((i): i is CurriculumItem & { id: string } => Boolean(i.id) && i.post_type !== "section");

export function isItemComplete(data: readonly CurriculumDataItem[], id: string): boolean {
  return data.some((d) => d.id === id && d.complete != null && d.complete > 0);
}

/** Spec §4: percentage of items with an id that are complete, rounded down (0 for an empty course). */
export function courseProgress(curriculum: readonly CurriculumItem[], data: readonly CurriculumDataItem[]): number {
  const items = countedItems(curriculum);
  if (items.length === 0) return 0;
  const done = items.filter((i) => isItemComplete(data, i.id)).length;
  return Math.floor((done / items.length) * 100);
}

/** Replaces the entry of `id` where it stands (or appends it), so an unchanged record stays equal. */
function putEntry(data: readonly CurriculumDataItem[], entry: CurriculumDataItem): CurriculumDataItem[] {
  const at = data.findIndex((d) => d.id === entry.id);
  return at < 0 ? [...data, entry] : data.map((d, i) => (i === at ? entry : d));
}

/** Records a completion (or removes it) and returns the new curriculum_data; other entries are kept. */
export function markItem(
  data: readonly CurriculumDataItem[],
  item: { id: string; post_type: CurriculumPostType },
  complete: boolean,
  nowSeconds: number,
): CurriculumDataItem[] {
  const found = data.find((d) => d.id === item.id);
  if (!complete && !found) return [...data];
  const entry: CurriculumDataItem = { ...(found ?? { id: item.id, post_type: item.post_type, start: nowSeconds }) };
  if (complete) entry.complete = found?.complete ?? nowSeconds;
  else delete entry.complete;
  return putEntry(data, entry);
}

/** Records the first opening of an item (its `start`); an item already started keeps its time. */
export function markStarted(
  data: readonly CurriculumDataItem[],
  item: { id: string; post_type: CurriculumPostType },
  nowSeconds: number,
): CurriculumDataItem[] {
  if (data.some((d) => d.id === item.id && d.start != null)) return [...data];
  const found = data.find((d) => d.id === item.id);
  return putEntry(data, { ...(found ?? { id: item.id, post_type: item.post_type }), start: nowSeconds });
}

/**
 * Spec §4 unit lock: an item is open if it is already complete, is the first item, or the previous
 * non-section item is complete. Without unit lock every item is open.
 */
export function isUnlockedByLock(
  curriculum: readonly CurriculumItem[],
  data: readonly CurriculumDataItem[],
  itemId: string,
  unitLock: boolean | undefined,
): boolean {
  if (!unitLock) return true;
  const items = countedItems(curriculum);
  const index = items.findIndex((i) => i.id === itemId);
  if (index < 0) return false;
  if (index === 0 || isItemComplete(data, itemId)) return true;
  return isItemComplete(data, items[index - 1].id);
}
