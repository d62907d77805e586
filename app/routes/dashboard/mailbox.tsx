import { Alert, Anchor, Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { MailboxTable } from "../../components/mailbox-table";
import { Toast } from "../../components/owner-orders/toast";
import { Pager } from "../../components/pager";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { unknownIntent } from "../../lib/action-result";
import { asPageError, notFound, runAction } from "../../lib/instructor.server";
import type { Route } from "./+types/mailbox";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const FILTERS = ["all", "failed", "retrying", "queued", "sent", "stored"] as const;
type Filter = (typeof FILTERS)[number];
const PER_PAGE = 50;

/** Staff only: every e-mail the platform wrote, the mailbox when no SMTP server is configured. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.services.mail.isStaff) throw notFound();
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const raw = url.searchParams.get("status") ?? "all";
  const status: Filter = (FILTERS as readonly string[]).includes(raw) ? (raw as Filter) : "all";
  const { items, total, failed } = await context.services.mail
    .recent(page, status === "all" ? null : status)
    .catch(asPageError);
  const title = pageTitle(translatorFor(context, request), "mailbox.title", context.site.settings.sitetitle);
  return {
    title,
    items,
    total,
    failed,
    page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    status,
    transport: context.services.mail.transport(),
  };
}

/** Resend: a failed (or retrying) message is queued again at once. Anyone but staff gets a 404. */
export async function action({ context, request }: Route.ActionArgs) {
  if (!context.services.mail.isStaff) throw notFound();
  const form = await request.formData();
  if (form.get("intent") !== "resend") return unknownIntent();
  const id = String(form.get("id") ?? "");
  const result = await runAction(() => context.services.mail.resend(id));
  return "ok" in result ? { ...result, at: Date.now() } : result;
}

export default function Mailbox({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...(d.status !== "all" ? { status: d.status } : {}), ...extra })}`;
  const result = actionData as { ok: true; at: number } | { ok: false; message: string; at?: number } | undefined;
  const toast = result ? (result.ok ? t("mailbox.resent") : result.message || t("mailbox.resendFailed")) : null;
  return (
    <div className="page">
      <h1>{t("mailbox.title")}</h1>
      <p className="alert info">{d.transport === "smtp" ? t("mailbox.transportSmtp") : t("mailbox.transportOutbox")}</p>
      {d.failed > 0 ? (
        <Alert color="red" mb="md" title={t("mailbox.failedTitle", { n: d.failed })}>
          {t("mailbox.failedHint")}{" "}
          {d.status !== "failed" ? (
            <Anchor component={Link} to="?status=failed">
              {t("mailbox.showFailed")}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      <Group gap="xs" mb="sm" wrap="wrap" role="navigation" aria-label={t("mailbox.statusFilter")}>
        {FILTERS.map((s) => (
          <Button
            key={s}
            component={Link}
            to={s === "all" ? "?" : `?status=${s}`}
            size="compact-sm"
            radius="xl"
            variant={d.status === s ? "filled" : "default"}
            aria-current={d.status === s ? "page" : undefined}
          >
            {t(`mailbox.filters.${s}`)}
          </Button>
        ))}
      </Group>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{d.status === "all" ? t("mailbox.empty") : t("mailbox.noMatch")}</p>
      ) : (
        <MailboxTable items={d.items} />
      )}
      <p className="muted">{t("mailbox.total", { n: d.total })}</p>
      <Pager page={d.page} pages={d.pages} to={(p) => query({ page: String(p) })} />
      <Toast message={toast} color={result?.ok ? "green" : "red"} stamp={result} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
