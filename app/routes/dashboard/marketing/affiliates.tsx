import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import { AffiliateForm } from "../../../components/affiliate/affiliate-form";
import { type CommissionItem, CommissionsTable } from "../../../components/affiliate/commissions-table";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { Pager } from "../../../components/pager";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { PlanRefusal } from "../../../components/plan-refusal";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/affiliates";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The owner's affiliate programme: affiliates and their terms, and the commissions they earned. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "affiliate.manageTitle", context.site.settings.sitetitle);
  // The programme is the `commissions` plan feature: without it the screen says which plan has it.
  const locked = planLock(context.site.settings.plan, "commissions");
  if (locked) return { title, locked, affiliates: [], commissions: [], page: 1, pages: 1 };
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const m = context.services.affiliate.manage;
  const [affiliates, commissions] = await Promise.all([
    m.list().catch(asPageError),
    m.commissions(page).catch(asPageError),
  ]);
  return {
    title,
    locked: null,
    affiliates,
    commissions: commissions.items,
    page,
    pages: Math.max(1, Math.ceil(commissions.total / commissions.perPage)),
  };
}

const int = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n) : undefined;
};

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  const m = context.services.affiliate.manage;
  const id = String(form.get("id") ?? "");
  const terms = () => ({
    code: String(form.get("code") ?? "").trim() || undefined,
    commissionType: form.get("commissionType") === "flat" ? ("flat" as const) : ("percentage" as const),
    commissionValue: int(form.get("commissionValue")),
    autoApprove: form.get("autoApprove") === "on",
    oneTimePayout: form.get("oneTimePayout") === "on",
  });
  switch (form.get("intent")) {
    case "create":
      return runAction(() => m.create({ email: String(form.get("email") ?? ""), ...terms() }));
    case "update":
      return runAction(() => m.update(id, terms()));
    case "delete":
      return runAction(() => m.remove(id));
    case "approve":
      return runAction(() => m.approve(id));
    case "pay":
      return runAction(() => m.pay(id));
    default:
      return unknownIntent();
  }
}

function CommissionActions({ c }: { c: CommissionItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  if (c.paidAt) return null;
  const intent = c.approved ? "pay" : "approve";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={c.id} />
      <Button type="submit" size="compact-sm" variant="light" loading={fetcher.state !== "idle"}>
        {t(c.approved ? "affiliate.markPaid" : "affiliate.approve")}
      </Button>
    </fetcher.Form>
  );
}

export default function ManageAffiliates({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Stack gap="lg">
        <Title order={1}>{t("affiliate.manageTitle")}</Title>
        {d.locked ? <PlanRefusal result={d.locked} /> : null}
        {d.locked ? null : <ManageProgramme d={d} />}
      </Stack>
    </div>
  );
}

function ManageProgramme({ d }: { d: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  return (
    <>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t("affiliate.form.add")}
        </Title>
        <AffiliateForm intent="create" />
      </Card>
      <section aria-labelledby="affiliates">
        <Title order={2} size="h3" id="affiliates" mb="sm">
          {t("affiliate.affiliates")}
        </Title>
        {d.affiliates.length === 0 ? (
          <p className="muted empty-state">{t("affiliate.noAffiliates")}</p>
        ) : (
          <Stack gap="sm">
            {d.affiliates.map((a) => (
              <Card key={a.id} withBorder data-testid="affiliate-row">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>
                    {a.memberName}{" "}
                    <Text span c="dimmed">
                      {a.memberEmail}
                    </Text>
                  </Text>
                  <ConfirmDeleteButton
                    id={a.id}
                    label={t("affiliate.remove")}
                    ariaLabel={t("affiliate.removeNamed", { name: a.memberName ?? a.code })}
                    dialogTitle={t("affiliate.removeTitle")}
                    message={t("affiliate.removeMessage")}
                    cancelLabel={t("affiliate.cancel")}
                  />
                </Group>
                <AffiliateForm
                  intent="update"
                  initial={{
                    id: a.id,
                    code: a.code,
                    commissionType: a.commissionType,
                    commissionValue: a.commissionValue,
                    autoApprove: a.autoApprove,
                    oneTimePayout: a.oneTimePayout,
                  }}
                />
              </Card>
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="commissions">
        <Title order={2} size="h3" id="commissions" mb="sm">
          {t("affiliate.commissions")}
        </Title>
        <CommissionsTable items={d.commissions} showAffiliate actions={(c) => <CommissionActions c={c} />} />
        <Pager page={d.page} pages={d.pages} to={(p) => `?page=${p}`} />
      </section>
    </>
  );
}
