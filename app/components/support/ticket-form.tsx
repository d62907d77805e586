import { Alert, Button, Group, NativeSelect, Paper, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MESSAGE_MAX, SUBJECT_MAX, TICKET_CATEGORIES, ZOpenTicket } from "../../../core/support-tickets";
import { useTranslation } from "../../i18n/use-translation";
import { AttachmentField } from "./attachment-field";

export type TicketFieldErrors = Partial<Record<"category" | "subject" | "message" | "attachments" | "site", string>>;

/** The fields a failed check names, as the translation keys the form shows under each field. */
export function ticketFieldErrors(fields: Record<string, string> | null | undefined): TicketFieldErrors {
  const out: TicketFieldErrors = {};
  for (const field of Object.keys(fields ?? {})) {
    const name = field.split(".")[0] as keyof TicketFieldErrors;
    if (["category", "subject", "message", "attachments", "site"].includes(name)) out[name] = `tickets.errors.${name}`;
  }
  return out;
}

type Props = {
  /** The sites the ticket can be about; a choice is offered when there are several. */
  sites: { accountId: string; title: string; slug: string }[];
  /** Files can be attached from the media library of the site the form is on. */
  canAttach: boolean;
  errors: TicketFieldErrors;
  failed: boolean;
};

/** "New ticket": category, subject, message and attachments, checked here with the server's schema. */
export function TicketForm({ sites, canAttach, errors: serverErrors, failed }: Props) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [errors, setErrors] = useState<TicketFieldErrors>(serverErrors);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const r = ZOpenTicket.safeParse({
      category: form.get("category"),
      subject: form.get("subject"),
      message: form.get("message"),
      attachments: form.getAll("attachments"),
    });
    const found = r.success
      ? {}
      : ticketFieldErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), ""])));
    setErrors(found);
    if (!r.success) e.preventDefault();
  };
  const shown = { ...serverErrors, ...errors };
  const err = (name: keyof TicketFieldErrors) => (shown[name] ? t(shown[name] as string) : undefined);
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-labelledby="new-ticket-heading">
      <Title order={2} size="h3" id="new-ticket-heading" mb="sm">
        {t("tickets.newTicket")}
      </Title>
      {failed ? (
        <Alert color="red" role="alert" mb="sm">
          {t("tickets.openFailed")}
        </Alert>
      ) : null}
      <Form method="post" noValidate onSubmit={submit}>
        <input type="hidden" name="intent" value="open" />
        <Stack gap="sm">
          {sites.length > 1 ? (
            <NativeSelect
              name="site"
              label={t("tickets.site")}
              data={sites.map((s) => ({ value: s.accountId, label: `${s.title} (${s.slug})` }))}
              error={err("site")}
            />
          ) : (
            <input type="hidden" name="site" value={sites[0]?.accountId ?? ""} />
          )}
          <NativeSelect
            name="category"
            label={t("tickets.category")}
            required
            defaultValue=""
            data={[
              { value: "", label: t("tickets.categoryPlaceholder"), disabled: true },
              ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.subjects.${c}`) })),
            ]}
            error={err("category")}
            data-autofocus
          />
          <TextInput
            name="subject"
            label={t("tickets.subject")}
            required
            maxLength={SUBJECT_MAX}
            error={err("subject")}
          />
          <Textarea
            name="message"
            label={t("tickets.message")}
            required
            autosize
            minRows={5}
            maxLength={MESSAGE_MAX}
            error={err("message")}
          />
          {canAttach ? <AttachmentField error={err("attachments")} /> : null}
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {t("tickets.send")}
            </Button>
            <Button component={Link} to="/dashboard/tickets" variant="default">
              {t("tickets.cancel")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
