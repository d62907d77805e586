import { NativeSelect } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { ENROLMENT_STATUS_VALUES, isEnrolmentStatus } from "../../../core/enrolment-status";
import { useToast } from "../../hooks/use-toast";
import { enrolmentStatusLabel } from "../../lib/enrolment-status";

/** The named enrolment statuses, saved on change; the spec's toast confirms it (courses.courseStatusUpdated). */
export function StudentStatusSelect({ studentId, name, status }: { studentId: string; name: string; status: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; intent?: string; message?: string | null }>();
  const toast = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    const d = fetcher.data;
    if (fetcher.state !== "idle" || !d || shown.current === d || d.intent !== "status") return;
    shown.current = d;
    toast.show(
      d.ok
        ? { message: t("courses.courseStatusUpdated"), tone: "success" }
        : { message: d.message ?? t("errors.generic"), tone: "error" },
    );
  }, [fetcher.state, fetcher.data, toast, t]);
  return (
    <NativeSelect
      size="xs"
      aria-label={t("learning.manage.statusOf", { name })}
      value={String(fetcher.formData?.get("status") ?? status)}
      data={[
        ...ENROLMENT_STATUS_VALUES,
        // A status stored before the names existed stays shown until it is changed.
        ...(isEnrolmentStatus(status) ? [] : [status]),
      ].map((s) => ({ value: String(s), label: enrolmentStatusLabel(s, t) }))}
      onChange={(e) =>
        fetcher.submit({ intent: "status", studentId, status: e.currentTarget.value }, { method: "post" })
      }
      data-testid="student-status"
    />
  );
}
