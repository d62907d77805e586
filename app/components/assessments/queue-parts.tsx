// Pieces both submissions queues share: each queue's address and headings, the list of items one
// may evaluate (with pending counts), the status filter, a submission's status badge and the
// confirmed reset button. The screen they make up is submission-queue.tsx.
import { Badge, Button, Group, Modal, NativeSelect, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";

export const QUEUE_FILTERS = ["pending", "evaluated", "all"] as const;
export type QueueFilterValue = (typeof QUEUE_FILTERS)[number];

/** Each queue's address, its heading (and page title) and the link back to its list of items. */
export const QUEUES = {
  quiz: {
    base: "/dashboard/instructor/submissions/quizzes",
    title: "assessments.queue.quizTitle",
    back: "assessments.queue.allQuizzes",
  },
  assignment: {
    base: "/dashboard/instructor/submissions/assignments",
    title: "assessments.queue.assignmentTitle",
    back: "assessments.queue.allAssignments",
  },
} as const;
export type QueueKind = keyof typeof QUEUES;

export function EvaluableList({
  items,
  base,
}: {
  items: { id: string; title: string; pending: number }[];
  base: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted empty-state">{t("assessments.queue.nothing")}</p>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("assessments.columns.title")}</Table.Th>
            <Table.Th>{t("assessments.columns.pending")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Link to={`${base}?id=${i.id}&status=pending`}>{i.title}</Link>
              </Table.Td>
              <Table.Td>{i.pending > 0 ? <Badge color="yellow">{i.pending}</Badge> : 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function QueueFilter({ id, status }: { id: string; status: QueueFilterValue }) {
  const { t } = useTranslation();
  return (
    <Form method="get" aria-label={t("assessments.queue.filter")}>
      <input type="hidden" name="id" value={id} />
      <Group align="flex-end" gap="sm" mb="md">
        <NativeSelect
          name="status"
          label={t("assessments.queue.show")}
          defaultValue={status}
          data={QUEUE_FILTERS.map((s) => ({ value: s, label: t(`assessments.queue.filters.${s}`) }))}
        />
        <Button type="submit" variant="default">
          {t("assessments.queue.apply")}
        </Button>
      </Group>
    </Form>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status >= 3) return <Badge color="green">{t("assessments.status.evaluated")}</Badge>;
  if (status === 2) return <Badge color="yellow">{t("assessments.status.pending")}</Badge>;
  return <Badge color="gray">{t("assessments.status.started")}</Badge>;
}

/** Resets one student's work after a confirmation (it deletes their submissions). */
export function ResetButton({ fields, name }: { fields: Record<string, string>; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="subtle" color="red" onClick={() => setOpen(true)}>
        {t("assessments.queue.reset")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("assessments.queue.resetTitle")}>
        <Text mb="md">{t("assessments.queue.resetText", { name })}</Text>
        <Form method="post" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="reset" />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("assessments.common.cancel")}
            </Button>
            <Button type="submit" color="red">
              {t("assessments.queue.resetConfirm")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </>
  );
}

export const formatWhen = (iso: string | null, lang: string) =>
  iso ? new Date(iso).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }) : "—";
