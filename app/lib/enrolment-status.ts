// An enrolment status as people read it (core/enrolment-status.ts names them): "Started", not "2".
import type { TFunction } from "../i18n";
import { enrolmentStatusName } from "../../core/enrolment-status";

/** The status's name in the reader's language; a value without a name (stored before names existed) as its number. */
export function enrolmentStatusLabel(status: number, t: TFunction): string {
  const name = enrolmentStatusName(status);
  return name ? t(`learning.statuses.${name}`) : t("learning.statusValue", { status });
}
