// Spec §4 drip feed: delay = value × parameter seconds, counted per item index, per section
// (multiplied by the number of earlier sections) or per unit (each item's own delay), from the
// enrolment start, the section's first item start, or the previous item's start.
import { durationSeconds } from "./course-duration";
import type { CourseSettings, CurriculumDataItem, CurriculumItem } from "./curriculum";

type Position = {
  index: number;
  sectionIndex: number;
  indexInSection: number;
  previousId: string | null;
  sectionFirstId: string | null;
};

function positionOf(curriculum: readonly CurriculumItem[], itemId: string): Position | null {
  let index = -1;
  let sectionIndex = -1;
  let indexInSection = -1;
  let previousId: string | null = null;
  let sectionFirstId: string | null = null;
  for (const item of curriculum) {
    if (item.post_type === "section" || !item.id) {
      sectionIndex += 1;
      indexInSection = -1;
      sectionFirstId = null;
      continue;
    }
    index += 1;
    indexInSection += 1;
    if (indexInSection === 0) sectionFirstId = item.id;
    if (item.id === itemId) {
      return { index, sectionIndex: Math.max(0, sectionIndex), indexInSection, previousId, sectionFirstId };
    }
    previousId = item.id;
  }
  return null;
}

const startOf = (data: readonly CurriculumDataItem[], id: string | null) =>
  id ? (data.find((d) => d.id === id)?.start ?? null) : null;

/**
 * When an item opens (unix seconds), or null while its reference start is not known yet (the
 * previous item or the section's first item has not been opened). Without drip: the enrolment start.
 */
export function dripAvailableAt(
  curriculum: readonly CurriculumItem[],
  data: readonly CurriculumDataItem[],
  settings: CourseSettings,
  itemId: string,
  enrolmentStart: number,
): number | null {
  const pos = positionOf(curriculum, itemId);
  if (!pos) return null;
  if (!settings.dripfeed) return enrolmentStart;
  const item = curriculum.find((i) => i.id === itemId);
  const perUnit = Boolean(settings.dripFeedUnitDuration);
  const delay = (perUnit ? durationSeconds(item?.drip) : durationSeconds(settings.dripfeedDuration)) ?? 0;
  const point = settings.dripFeedStartingPoint ?? "enrolment";

  if (settings.dripFeedsection && !perUnit) {
    // Whole sections open together, one delay per earlier section.
    if (pos.sectionIndex === 0) return enrolmentStart;
    return enrolmentStart + pos.sectionIndex * delay;
  }
  if (pos.index === 0) return enrolmentStart;
  if (point === "previous") {
    const previousStart = startOf(data, pos.previousId);
    return previousStart == null ? null : previousStart + delay;
  }
  if (point === "section") {
    // A section's first item opens with the enrolment; the rest count from when it was opened.
    if (pos.indexInSection === 0) return enrolmentStart;
    const sectionStart = startOf(data, pos.sectionFirstId);
    return sectionStart == null ? null : sectionStart + (perUnit ? 1 : pos.indexInSection) * delay;
  }
  return enrolmentStart + (perUnit ? 1 : pos.index) * delay;
}

/** True when the item has dripped open at `nowSeconds`. */
export function isDripOpen(
  curriculum: readonly CurriculumItem[],
  data: readonly CurriculumDataItem[],
  settings: CourseSettings,
  itemId: string,
  enrolmentStart: number,
  nowSeconds: number,
): boolean {
  const at = dripAvailableAt(curriculum, data, settings, itemId, enrolmentStart);
  return at != null && at <= nowSeconds;
}

/**
 * The items that dripped open after the enrolment started and are open at `nowSeconds` (those open
 * from the start were never held back, so their opening is not news): drip_lesson_available.
 */
export function drippedOpen(
  curriculum: readonly CurriculumItem[],
  data: readonly CurriculumDataItem[],
  settings: CourseSettings,
  enrolmentStart: number,
  nowSeconds: number,
): string[] {
  if (!settings.dripfeed) return [];
  const opened: string[] = [];
  for (const item of curriculum) {
    if (item.post_type === "section" || !item.id) continue;
    const at = dripAvailableAt(curriculum, data, settings, item.id, enrolmentStart);
    if (at != null && at > enrolmentStart && at <= nowSeconds) opened.push(item.id);
  }
  return opened;
}
