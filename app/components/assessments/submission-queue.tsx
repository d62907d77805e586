// One submissions queue screen, a quiz's or an assignment's. Without an item chosen: the items one
// may evaluate. With one: its submissions under the status filter (student, status, marks, when,
// evaluate or view, reset) and the evaluation drawer, which holds the screen's own fields (what the
// student gave, the marks) followed by feedback and save.
import { Alert, Button, Drawer, Group, Stack, Textarea } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { type ListColumn, ListScreen } from "../list-kit";
import {
  EvaluableList,
  formatWhen,
  QUEUES,
  QueueFilter,
  type QueueFilterValue,
  type QueueKind,
  ResetButton,
  StatusBadge,
} from "./queue-parts";

/** What every queue's rows carry. */
export type QueueRow = {
  id: string;
  studentId: string;
  studentName: string;
  status: number;
  marks: number | null;
  submittedAt: string | null;
};

export type SubmissionQueueProps<T extends QueueRow, O extends { id: string; studentName: string }> = {
  /** Which queue: its address, heading and back link (QUEUES). */
  kind: QueueKind;
  data: {
    id: string | null;
    status: QueueFilterValue;
    evaluable: { id: string; title: string; pending: number }[];
    /** The chosen item's title and submissions; null while none is chosen. */
    queue: { title: string; items: T[] } | null;
    open: O | null;
  };
  minWidth: number;
  /** Columns shown after the student's. */
  extraColumns?: ListColumn<T>[];
  /** A row's highest marks. */
  maxMarks: (row: T) => number | null;
  /** Whether a row has an evaluate / view link (every row unless told). */
  canOpen?: (row: T) => boolean;
  /** The fields the reset posts for a row's student. */
  resetFields: (row: T) => Record<string, string>;
  /** A refused action: shown above the list while no submission is open. */
  failure: { message: string } | null;
  /** A refusal to show under the drawer's form (one not shown on a field). */
  formError: string | null;
  /** The open submission's fields before the feedback. */
  children: (open: O) => ReactNode;
  /** The open submission's feedback so far. */
  feedback: (open: O) => string;
};

export function SubmissionQueue<T extends QueueRow, O extends { id: string; studentName: string }>({
  kind,
  data: d,
  minWidth,
  extraColumns = [],
  maxMarks,
  canOpen = () => true,
  resetFields,
  failure,
  formError,
  children,
  feedback,
}: SubmissionQueueProps<T, O>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const { base, title, back } = QUEUES[kind];
  const queue = d.queue;
  const here = `${base}?id=${d.id}&status=${d.status}`;
  if (!queue) {
    return (
      <div className="page">
        <div className="page-heading">
          <h1>{t(title)}</h1>
        </div>
        <EvaluableList items={d.evaluable} base={base} />
      </div>
    );
  }
  const open = d.open;
  const columns: ListColumn<T>[] = [
    { id: "student", header: t("assessments.columns.student"), cell: ({ row }) => row.original.studentName },
    ...extraColumns,
    {
      id: "status",
      header: t("assessments.columns.status"),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: "marks",
      header: t("assessments.columns.marks"),
      cell: ({ row: { original: r } }) => (r.marks === null ? "—" : `${r.marks}/${maxMarks(r)}`),
    },
    {
      id: "submitted",
      header: t("assessments.columns.submitted"),
      cell: ({ row }) => formatWhen(row.original.submittedAt, i18n.language),
    },
    {
      id: "actions",
      header: t("assessments.columns.actions"),
      cell: ({ row: { original: r } }) => (
        <Group gap="xs" wrap="nowrap">
          {canOpen(r) && (
            <Button size="xs" component={Link} to={`${here}&submission=${r.id}`}>
              {r.status >= 3 ? t("assessments.queue.view") : t("assessments.queue.evaluate")}
            </Button>
          )}
          <ResetButton name={r.studentName} fields={resetFields(r)} />
        </Group>
      ),
    },
  ];
  return (
    <ListScreen
      above={<Link to={base}>{t(back)}</Link>}
      title={queue.title}
      before={<QueueFilter id={d.id ?? ""} status={d.status} />}
      error={failure && !open ? failure.message : null}
      table={{ data: queue.items, columns, getRowId: (r) => r.id, label: queue.title, minWidth }}
      empty={t("assessments.queue.empty")}
      after={
        <Drawer
          opened={Boolean(open)}
          onClose={() => navigate(here)}
          position="right"
          size="lg"
          title={open?.studentName ?? ""}
        >
          {open && (
            <Form method="post" key={open.id}>
              <input type="hidden" name="intent" value="evaluate" />
              <input type="hidden" name="submissionId" value={open.id} />
              <Stack gap="md">
                {children(open)}
                <Textarea
                  name="feedback"
                  label={t("assessments.result.feedback")}
                  defaultValue={feedback(open)}
                  autosize
                  minRows={3}
                />
                {formError !== null && (
                  <Alert color="red" role="alert">
                    {formError}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" loading={busy}>
                    {t("assessments.queue.saveEvaluation")}
                  </Button>
                </Group>
              </Stack>
            </Form>
          )}
        </Drawer>
      }
    />
  );
}
