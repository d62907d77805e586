import { Button, Group, Pagination, Stack, Text, Title } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, redirect, useNavigate } from "react-router";
import { MembersFilter } from "../../components/members-filter";
import { MembersTable } from "../../components/members-table";
import { Notice } from "../../components/notice";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { runAction } from "../../lib/instructor.server";
import { memberAction, requireMemberManager, unknownMemberIntent } from "../../lib/manage-members.server";
import type { Route } from "./+types/manage-users";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** The site's members for its managers: search, role filter, pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireMemberManager(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const role = url.searchParams.get("role") ?? "";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const mm = context.services.manageMembers;
  const [roles, result] = await Promise.all([
    mm.roles(),
    mm.search({ q: q || undefined, role: role || undefined, page, perPage: PER_PAGE }),
  ]);
  // Members are contacts (decision 0038): whoever manages the contacts sees and edits their tags.
  const audience = context.services.audience;
  const tags = audience.canManage ? await audience.tags.ofMembers(result.items.map((m) => m.email ?? "")) : null;
  return {
    title: pageTitle(translatorFor(context, request), "users.title", context.site.settings.sitetitle),
    q,
    role,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    total: result.total,
    items: result.items.map((m) => ({
      id: m.id,
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      createdAt: m.createdAt,
      isOwner: m.isOwner,
    })),
    roles: roles.map((r) => ({ name: r.name })),
    selfUserId: context.user!.id,
    tags,
    removed: url.searchParams.get("removed") === "1",
  };
}

/** Role changes and removals from the list. */
export async function action({ context, request }: Route.ActionArgs) {
  requireMemberManager(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const mm = context.services.manageMembers;
  if (intent === "tags") {
    if (!context.services.audience.canManage) throw new Response("Not found", { status: 404 });
    return runAction(() =>
      context.services.audience.tags.setForMember(id, {
        add: form.getAll("add").map(String),
        remove: form.getAll("remove").map(String),
      }),
    );
  }
  if (intent === "role") return memberAction(intent, id, () => mm.setRole(id, String(form.get("role") ?? "")));
  if (intent === "remove") {
    const out = await memberAction(intent, id, () => mm.remove(id));
    if (!("ok" in out)) return out;
    // Back to the same list (its row is gone) with a notice that says so.
    const url = new URL(request.url);
    url.searchParams.set("removed", "1");
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return unknownMemberIntent(intent);
}

export default function ManageUsers({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filtered = Boolean(d.q || d.role);
  const goTo = (page: number) => {
    const params = new URLSearchParams();
    // Paging on from a removal no longer repeats its notice.
    if (d.q) params.set("q", d.q);
    if (d.role) params.set("role", d.role);
    if (page > 1) params.set("page", String(page));
    navigate(`?${params}`);
  };
  return (
    <div className="page">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t("users.title")}</Title>
          <Button component={Link} to="/dashboard/manage/user" leftSection={<IconUserPlus size={16} aria-hidden />}>
            {t("users.invite.title")}
          </Button>
        </Group>
        {d.removed ? <Notice messageKey="users.removedNotice" tone="ok" /> : null}
        <MembersFilter q={d.q} role={d.role} roles={d.roles} />
        <Text size="sm" c="dimmed" role="status">
          {t("users.count", { count: d.total })}
        </Text>
        {d.items.length === 0 ? (
          <Text data-testid="members-empty">{filtered ? t("users.noMatch") : t("users.empty")}</Text>
        ) : (
          <MembersTable items={d.items} roles={d.roles} selfUserId={d.selfUserId} tags={d.tags ?? undefined} />
        )}
        {d.pages > 1 ? (
          <Pagination
            total={d.pages}
            value={d.page}
            onChange={goTo}
            getControlProps={(control) => ({
              "aria-label": t(
                control === "previous" ? "common.previous" : control === "next" ? "common.next" : "common.pages",
              ),
            })}
            getItemProps={(page) => ({ "aria-label": t("common.pageOf", { page, pages: d.pages }) })}
          />
        ) : null}
      </Stack>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
