import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MESSAGE_MAX, TICKET_STATUSES, ZTicketReply } from "../../../core/support-tickets";
import { AttachmentField } from "../../components/support/attachment-field";
import { ticketFieldErrors } from "../../components/support/ticket-form";
import { TicketStatusBadge } from "../../components/support/ticket-status-badge";
import { TicketThread } from "../../components/support/ticket-thread";
import { Toast } from "../../components/owner-orders/toast";
import { useTranslation } from "../../i18n/use-translation";
import { unknownIntent } from "../../lib/action-result";
import { asPageError, notFound, runAction } from "../../lib/instructor.server";
import type { Route } from "./+types/ticket";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** One ticket with its thread; a ticket the person may not reach (another site's) is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const service = context.services.tickets;
  if (!service.mode) throw notFound();
  const { replies, ...ticket } = await service.get(params.id).catch(asPageError);
  // Attachments are files of the ticket's site: linked on its own address from wherever this is read.
  const origin = context.siteUrl(ticket.site);
  return {
    title: `${ticket.subject} · ${context.site.settings.sitetitle}`,
    staff: service.mode === "staff",
    ticket,
    siteUrl: origin,
    replies: replies.map((r) => ({
      ...r,
      attachments: r.attachments.map((a) => ({ mediaId: a.mediaId, filename: a.filename, href: `${origin}${a.url}` })),
    })),
    canAttach: service.mode === "owner" && !context.site.isPlatform,
    opened: new URL(request.url).searchParams.has("opened"),
  };
}

/** A reply (either side) or a status change (staff: any; the owner: resolved). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const service = context.services.tickets;
  if (!service.mode) throw notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const at = Date.now();
  if (intent === "reply") {
    const result = await runAction(() =>
      service.reply(params.id, {
        message: String(form.get("message") ?? ""),
        attachments: form.getAll("attachments").map(String),
      }),
    );
    return "ok" in result && result.ok ? { ok: true as const, intent, at } : result;
  }
  if (intent === "status") {
    const result = await runAction(() => service.setStatus(params.id, String(form.get("status") ?? "")));
    return "ok" in result && result.ok ? { ok: true as const, intent, at } : result;
  }
  return unknownIntent();
}

type Answer =
  | { ok: true; intent: string; at: number }
  | { ok: false; fields: Record<string, string>; error?: { code: string } }
  | undefined;

export default function Ticket({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const answer = actionData as Answer;
  const serverErrors = answer && !answer.ok ? ticketFieldErrors(answer.fields) : {};
  const [errors, setErrors] = useState<ReturnType<typeof ticketFieldErrors>>({});
  const shown = { ...serverErrors, ...errors };
  const checkReply = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const r = ZTicketReply.safeParse({ message: form.get("message"), attachments: form.getAll("attachments") });
    setErrors(
      r.success ? {} : ticketFieldErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), ""]))),
    );
    if (!r.success) e.preventDefault();
  };
  const toast = answer?.ok
    ? t(answer.intent === "reply" ? "tickets.replied" : "tickets.statusChanged")
    : answer && !answer.ok && !Object.keys(answer.fields ?? {}).length
      ? t("tickets.actionFailed")
      : null;
  const { ticket } = d;
  return (
    <Stack gap="lg" className="page">
      <Anchor component={Link} to="/dashboard/tickets" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t("tickets.back")}
        </Group>
      </Anchor>
      {d.opened ? (
        <Alert color="green" role="status" icon={<IconCheck size={16} aria-hidden />}>
          {t("tickets.sent")}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {ticket.subject}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text c="dimmed" size="sm">
          {t(`feedback.subjects.${ticket.category}`)} ·{" "}
          {t("tickets.openedOn", {
            date: new Date(ticket.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
          })}
          {d.staff ? (
            <>
              {" · "}
              <Anchor href={d.siteUrl} target="_blank" rel="noreferrer" underline="always">
                {ticket.site.title}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Stack>
      <section aria-labelledby="thread-heading">
        <Title order={2} size="h4" id="thread-heading" mb="sm">
          {t("tickets.thread")}
        </Title>
        <TicketThread replies={d.replies} />
      </section>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reply-heading">
        <Title order={2} size="h4" id="reply-heading" mb="sm">
          {t("tickets.reply")}
        </Title>
        <Form method="post" noValidate onSubmit={checkReply} key={answer?.ok ? answer.at : "reply"}>
          <input type="hidden" name="intent" value="reply" />
          <Stack gap="sm">
            <Textarea
              name="message"
              label={t("tickets.replyLabel")}
              required
              autosize
              minRows={4}
              maxLength={MESSAGE_MAX}
              error={shown.message ? t(shown.message) : undefined}
            />
            {d.canAttach ? <AttachmentField error={shown.attachments ? t(shown.attachments) : undefined} /> : null}
            <Group>
              <Button type="submit" loading={busy}>
                {t("tickets.sendReply")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      {d.staff ? (
        <Form method="post" key={`status-${ticket.status}`}>
          <input type="hidden" name="intent" value="status" />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              name="status"
              label={t("tickets.statusLabel")}
              defaultValue={ticket.status}
              data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.status.${s}`) }))}
            />
            <Button type="submit" variant="default" disabled={busy}>
              {t("tickets.changeStatus")}
            </Button>
          </Group>
        </Form>
      ) : ticket.status !== "resolved" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="resolved" />
          <Button
            type="submit"
            variant="light"
            color="green"
            disabled={busy}
            leftSection={<IconCheck size={16} aria-hidden />}
          >
            {t("tickets.markResolved")}
          </Button>
        </Form>
      ) : null}
      <Toast message={toast} color={answer?.ok ? "green" : "red"} stamp={answer} />
    </Stack>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
