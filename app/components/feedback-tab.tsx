import { Button, Popover, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconMessageReport } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useToast } from "../hooks/use-toast";
import { ApiError, api } from "../lib/api";

/** Spec §9 ticket categories, the feedback subjects. */
export const FEEDBACK_SUBJECTS = ["siteDown", "setup", "issue", "bug", "feature"] as const;
type Subject = (typeof FEEDBACK_SUBJECTS)[number];

/**
 * The feedback tab on the dashboard's edge (spec §2, §5): a category first, then the message;
 * sending disables the button; a toast confirms. It goes to the platform's staff.
 */
export function FeedbackTab({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [opened, setOpened] = useState(false);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!subject || !message.trim()) return;
    setSending(true);
    setError(null);
    try {
      await api("POST", "/api/emails/account/feedback", { account_id: accountId, subject, message: message.trim() });
      toast.show({ message: t("feedback.sent"), tone: "success" });
      setOpened(false);
      setSubject(null);
      setMessage("");
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? t("errors.rateLimited") : t("errors.generic"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="left-end" width={320} trapFocus withArrow shadow="md">
      <Popover.Target>
        <button type="button" className="feedback-tab" aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
          <IconMessageReport size={16} aria-hidden />
          <span>{t("feedback.tab")}</span>
        </button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="sm">
            <Text fw={600}>{t("feedback.title")}</Text>
            <Select
              label={t("feedback.category")}
              placeholder={t("feedback.categoryPlaceholder")}
              data={FEEDBACK_SUBJECTS.map((s) => ({ value: s, label: t(`feedback.subjects.${s}`) }))}
              value={subject}
              onChange={(v) => setSubject(v as Subject | null)}
              comboboxProps={{ withinPortal: false }}
              required
            />
            <Textarea
              label={t("feedback.message")}
              description={subject ? undefined : t("feedback.chooseFirst")}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              disabled={!subject}
              autosize
              minRows={4}
              maxRows={10}
              maxLength={5000}
              required
            />
            {error ? (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            ) : null}
            <Button type="submit" disabled={!subject || !message.trim() || sending} loading={sending}>
              {t("feedback.send")}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
