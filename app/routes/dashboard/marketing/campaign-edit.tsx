import { Anchor, Stack } from "@mantine/core";
import { Link, redirect } from "react-router";
import { CampaignEditor } from "../../../components/marketing/campaign-editor";
import { CampaignReport } from "../../../components/marketing/campaign-stats";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/campaign-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** One campaign: written while a draft or scheduled; once sending or sent, its stats and recipients. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "campaigns.editTitle", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "emails");
  if (locked) return { title, locked, campaign: null, lists: [], size: 0, recipients: null, me: "" };
  const s = context.services.campaigns;
  const campaign = await s.get(params.id).catch(asPageError);
  const [lists, size, recipients] = await Promise.all([
    s.lists(),
    s.audienceSize(campaign.audience),
    campaign.editable ? Promise.resolve(null) : s.recipients(campaign.id, { perPage: 50 }),
  ]);
  return {
    title,
    locked: null,
    campaign,
    lists: lists.map((l) => ({ value: l.id, label: `${l.name} (${l.contacts})` })),
    size: size.recipients,
    recipients,
    me: context.user?.email ?? "",
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const s = context.services.campaigns;
  const { intent, payload: p } = await readIntent(request);
  const id = params.id;
  const audience = () => ({ listIds: strs(p.listIds), tags: strs(p.tags) });
  switch (intent) {
    case "save":
      return runAction(() =>
        s.update(id, {
          name: str(p.name),
          subject: str(p.subject),
          preheader: str(p.preheader),
          fromName: str(p.fromName),
          bodyHtml: str(p.bodyHtml),
          audience: audience(),
        }),
      );
    case "size":
      return runAction(() => s.audienceSize(audience()));
    case "preview":
      return runAction(() => s.preview(id));
    case "test":
      return runAction(() => s.test(id, str(p.to)));
    case "send":
      return runAction(() => s.send(id));
    case "schedule":
      return runAction(() => s.schedule(id, str(p.scheduledAt)));
    case "unschedule":
      return runAction(() => s.unschedule(id));
    case "pause":
      return runAction(() => s.pause(id));
    case "resume":
      return runAction(() => s.resume(id));
    case "duplicate": {
      const r = await runAction(() => s.duplicate(id));
      if (r instanceof Response || !("ok" in r) || !r.ok) return r;
      throw redirect(`/dashboard/manage/marketing/emails/campaigns/${r.value.id}`);
    }
    case "delete": {
      const r = await runAction(() => s.remove(id));
      if (r instanceof Response || !("ok" in r) || !r.ok) return r;
      throw redirect("/dashboard/manage/marketing/emails");
    }
    default:
      return unknownIntent();
  }
}

export type CampaignEditData = Route.ComponentProps["loaderData"];

export default function CampaignEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/manage/marketing/emails" size="sm">
          {t("campaigns.back")}
        </Anchor>
        <EmailTabs active="campaigns" />
        {d.locked ? <PlanRefusal result={d.locked} /> : null}
        {d.campaign ? (
          d.campaign.editable ? (
            <CampaignEditor key={d.campaign.id} d={d} campaign={d.campaign} />
          ) : (
            <CampaignReport d={d} campaign={d.campaign} />
          )
        ) : null}
      </Stack>
    </div>
  );
}
