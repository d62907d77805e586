import { NativeSelect } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useToast } from "../../hooks/use-toast";

const STATUSES = Array.from({ length: 10 }, (_, i) => i);

/** The enrolment status (0–9), saved on change; the spec's toast confirms it (courses.courseStatusUpdated). */
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
      data={STATUSES.map((s) => ({ value: String(s), label: t("learning.statusValue", { status: s }) }))}
      onChange={(e) =>
        fetcher.submit({ intent: "status", studentId, status: e.currentTarget.value }, { method: "post" })
      }
      data-testid="student-status"
    />
  );
}
