import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link, redirect } from "react-router";
import { InvitationsList } from "../../components/invitations-list";
import { InviteMemberForm } from "../../components/invite-member-form";
import { MemberAvatar } from "../../components/member-avatar";
import { MemberRoleForm } from "../../components/member-role-form";
import { RemoveMemberButton } from "../../components/remove-member-button";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { isRefusal } from "../../lib/action-result";
import {
  memberAction,
  memberRefusal,
  requireMemberManager,
  unknownMemberIntent,
} from "../../lib/manage-members.server";
import type { Route } from "./+types/manage-user";
import { isUuid } from "../../../core/uuid";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Without ?id: invite someone and see open invitations. With ?id: that member. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireMemberManager(context);
  const t = translatorFor(context, request);
  const id = new URL(request.url).searchParams.get("id");
  const mm = context.services.manageMembers;
  const roles = (await mm.roles()).map((r) => ({ name: r.name }));
  if (id) {
    if (!isUuid(id)) throw new Response("Not found", { status: 404 });
    let member: Awaited<ReturnType<typeof mm.get>>;
    try {
      member = await mm.get(id);
    } catch (err) {
      if (!isRefusal(err)) throw err;
      throw new Response("Not found", { status: 404 });
    }
    return {
      view: "member" as const,
      title: pageTitle(t, "users.detailTitle", `${member.name} · ${context.site.settings.sitetitle}`),
      roles,
      selfUserId: context.user!.id,
      member: {
        id: member.id,
        userId: member.userId,
        name: member.name,
        email: member.email,
        slug: member.slug,
        role: member.role,
        createdAt: member.createdAt,
        isOwner: member.isOwner,
      },
    };
  }
  const invitations = await mm.invitations.list();
  return {
    view: "invite" as const,
    title: pageTitle(t, "users.invite.title", context.site.settings.sitetitle),
    roles,
    defaultRole: roles.some((r) => r.name === "student") ? "student" : (roles[0]?.name ?? ""),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      role: i.role,
      sentCount: i.sentCount,
      lastSentAt: i.lastSentAt,
      expiresAt: i.expiresAt,
      expired: i.expired,
    })),
  };
}

/** Invite, resend, cancel; and on a member: change role, remove (then back to the list). */
export async function action({ context, request }: Route.ActionArgs) {
  requireMemberManager(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const mm = context.services.manageMembers;
  switch (intent) {
    case "invite": {
      const input = {
        email: String(form.get("email") ?? ""),
        name: String(form.get("name") ?? "").trim() || undefined,
        role: String(form.get("role") ?? ""),
      };
      try {
        const out = await mm.invitations.invite(input);
        return { ok: true as const, intent, email: out.email };
      } catch (err) {
        return memberRefusal(err, intent);
      }
    }
    case "resend":
      return memberAction(intent, id, () => mm.invitations.resend(id));
    case "cancel":
      return memberAction(intent, id, () => mm.invitations.cancel(id));
    case "role":
      return memberAction(intent, id, () => mm.setRole(id, String(form.get("role") ?? "")));
    case "remove": {
      const out = await memberAction(intent, id, () => mm.remove(id));
      if ("ok" in out) throw redirect("/dashboard/manage/users?removed=1");
      return out;
    }
    default:
      return unknownMemberIntent(intent);
  }
}

export default function ManageUser({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const back = (
    <Anchor component={Link} to="/dashboard/manage/users">
      {t("users.backToList")}
    </Anchor>
  );
  if (d.view === "member") {
    const m = d.member;
    const self = m.userId === d.selfUserId;
    return (
      <div className="page">
        <Stack gap="md" maw={640}>
          {back}
          <Group gap="md" wrap="nowrap">
            <MemberAvatar userId={m.userId} name={m.name} size={72} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1}>{m.name}</Title>
              <Text c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {m.email}
              </Text>
            </Stack>
          </Group>
          <Paper withBorder p="md">
            <dl className="facts">
              <dt>{t("users.publicProfile")}</dt>
              <dd>
                <Anchor component={Link} to={`/members/${encodeURIComponent(m.slug)}`}>
                  /members/{m.slug}
                </Anchor>
              </dd>
              <dt>{t("users.joined")}</dt>
              <dd>{new Date(m.createdAt).toLocaleDateString(i18n.language, { dateStyle: "long" })}</dd>
            </dl>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t("users.role")}
              </Title>
              <MemberRoleForm memberId={m.id} memberName={m.name} role={m.role} roles={d.roles} isOwner={m.isOwner} />
              {m.isOwner ? (
                <Text size="sm" c="dimmed">
                  {t("users.ownerHelp")}
                </Text>
              ) : null}
            </Stack>
          </Paper>
          {m.isOwner || self ? null : (
            <div>
              <RemoveMemberButton memberId={m.id} memberName={m.name} />
            </div>
          )}
        </Stack>
      </div>
    );
  }
  return (
    <div className="page">
      <Stack gap="lg" maw={720}>
        {back}
        <Title order={1}>{t("users.invite.title")}</Title>
        <Paper withBorder p="md">
          <InviteMemberForm roles={d.roles} defaultRole={d.defaultRole} />
        </Paper>
        <Title order={2} size="h3">
          {t("users.invitations.title")}
        </Title>
        <InvitationsList items={d.invitations} />
      </Stack>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
