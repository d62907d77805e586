import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { siteHasFeature } from "../../../../core/features";
import { GROUP_PRIVACY, type GroupPrivacy } from "../../../../core/groups";
import { type ListColumn, ListScreen, listHref, parseListParams } from "../../../components/list-kit";
import { useTranslation } from "../../../i18n/use-translation";
import { ApiError, api } from "../../../lib/api";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/list";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/**
 * The groups screen (issue 15): invitations waiting for an answer, then my groups or the ones I can
 * join, searched by title and paged; managers set who may create.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !siteHasFeature(context.site.features, "groups"))
    throw new Response("Not found", { status: 404 });
  const m = context.member;
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, { filters: { scope: ["mine", "discover"] } });
  const scope = params.filters.scope as "mine" | "discover";
  const groups = context.services.groups;
  const [list, invitations, settings] = await Promise.all([
    groups.list(scope, { q: params.q, page: params.page }),
    groups.list("invited", { page: 1 }),
    groups.settings(),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "groups.title", context.site.settings.sitetitle),
    manager: m.isOwner || m.caps.includes("manage_options"),
    scope,
    q: params.q,
    list,
    invitations: invitations.items,
    settings,
  };
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

type GroupItem = Route.ComponentProps["loaderData"]["list"]["items"][number];

function CreateGroup({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [privacy, setPrivacy] = useState<GroupPrivacy>("open");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setError(t("groups.titleRequired"));
    setBusy(true);
    setError(null);
    try {
      await api("POST", "/api/v1/groups", { title, description, privacy });
      setOpen(false);
      setTitle("");
      setDescription("");
      onCreated();
    } catch (err) {
      setError(err instanceof ApiError && err.code === "plan_limit" ? t("groups.planLimit") : (err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t("groups.create")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("groups.create")}>
        <form onSubmit={submit}>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label={t("groups.name")}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              required
              maxLength={120}
              data-autofocus
            />
            <Textarea
              label={t("groups.description")}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            <Select
              label={t("groups.privacy")}
              value={privacy}
              onChange={(v) => setPrivacy((v as GroupPrivacy) ?? "open")}
              data={GROUP_PRIVACY.map((p) => ({ value: p, label: t(`groups.privacyOptions.${p}`) }))}
              allowDeselect={false}
            />
            <Button type="submit" loading={busy}>
              {t("groups.createSubmit")}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The groups a group admin invited me to, each accepted (joining it) or declined here. */
function Invitations({ items }: { items: GroupItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!items.length) return null;
  async function answer(g: GroupItem, accept: boolean) {
    setBusy(`${g.id}:${accept}`);
    setError(null);
    try {
      await api("POST", `/api/v1/groups/${g.id}/${accept ? "join" : "leave"}`);
      if (accept) navigate(`/dashboard/groups/${g.id}`);
      else await revalidator.revalidate();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby="group-invitations" data-testid="group-invitations">
      <Title order={2} size="h4" id="group-invitations">
        {t("groups.invitations")}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t("groups.invitationsHint")}
      </Text>
      {error ? (
        <Alert color="red" role="alert" mb="xs">
          {error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md">
        {items.map((g) => (
          <Card key={g.id} withBorder data-testid="group-invitation">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/dashboard/groups/${g.id}`} fw={600}>
                  {g.title}
                </Anchor>
                <Badge variant="light">{t(`groups.privacyOptions.${g.privacy}`)}</Badge>
              </Group>
              {g.description ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {g.description}
                </Text>
              ) : null}
              <Group gap="xs">
                <Button size="xs" loading={busy === `${g.id}:true`} onClick={() => void answer(g, true)}>
                  {t("groups.accept")}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  loading={busy === `${g.id}:false`}
                  onClick={() => void answer(g, false)}
                >
                  {t("groups.decline")}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

export default function Groups({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [membersCreate, setMembersCreate] = useState(d.settings.membersCreate);
  const [error, setError] = useState<string | null>(null);

  async function toggleMembersCreate(on: boolean) {
    setError(null);
    try {
      await api("PUT", "/api/v1/groups/settings", { membersCreate: on });
      setMembersCreate(on);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  const columns: ListColumn<GroupItem>[] = [
    {
      id: "title",
      header: t("groups.colGroup"),
      cell: ({ row: { original: g } }) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/dashboard/groups/${g.id}`} fw={600}>
            {g.title}
          </Anchor>
          {g.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {g.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "privacy",
      header: t("groups.privacy"),
      cell: ({ row }) => <Badge variant="light">{t(`groups.privacyOptions.${row.original.privacy}`)}</Badge>,
    },
    {
      id: "members",
      header: t("groups.colMembers"),
      meta: { visibleFrom: "sm" },
      cell: ({ row }) => t("groups.memberCount", { count: row.original.memberCount }),
    },
    ...(d.scope === "mine"
      ? [
          {
            id: "status",
            header: t("groups.colStatus"),
            meta: { visibleFrom: "sm" },
            cell: ({ row }) => {
              const g = row.original;
              if (g.myStatus === "pending") return t("groups.requested");
              return g.canAdmin && g.myRole === "admin" ? t("groups.roles.admin") : t("groups.statuses.active");
            },
          } satisfies ListColumn<GroupItem>,
        ]
      : []),
  ];

  return (
    <ListScreen
      title={t("groups.title")}
      create={
        d.settings.canCreate ? (
          <CreateGroup
            onCreated={() => {
              // The new group shows at the top of my groups.
              if (d.scope === "mine" && !d.q && d.list.page === 1) void revalidator.revalidate();
              else navigate("/dashboard/groups");
            }}
          />
        ) : undefined
      }
      before={
        <Stack gap="sm" mb="sm">
          {d.manager ? (
            <Switch
              label={t("groups.membersCreate")}
              checked={membersCreate}
              onChange={(e) => void toggleMembersCreate(e.currentTarget.checked)}
            />
          ) : null}
          <Invitations items={d.invitations} />
          <Tabs
            value={d.scope}
            onChange={(v) =>
              navigate(listHref(params, { scope: v === "discover" ? "discover" : null, q: null }), {
                preventScrollReset: true,
              })
            }
          >
            <Tabs.List>
              <Tabs.Tab value="mine">{t("groups.mine")}</Tabs.Tab>
              <Tabs.Tab value="discover">{t("groups.discover")}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        </Stack>
      }
      toolbar={{
        label: t("groups.search"),
        search: { label: t("groups.search"), value: d.q },
        submitLabel: t("groups.searchSubmit"),
        keep: ["scope"],
      }}
      error={error}
      table={{
        data: d.list.items,
        columns,
        getRowId: (g) => g.id,
        label: d.scope === "mine" ? t("groups.mine") : t("groups.discover"),
        minWidth: 320,
        testId: "groups-table",
        rowAttributes: (g) => ({ "data-group": g.title }),
      }}
      filtered={Boolean(d.q)}
      noMatch={t("groups.noMatch")}
      clearKeep={["scope"]}
      empty={
        <Stack align="center" gap="xs" py="xl">
          <IconUsersGroup size={36} aria-hidden className="muted" />
          <Text>{d.scope === "mine" ? t("groups.emptyMine") : t("groups.emptyDiscover")}</Text>
        </Stack>
      }
      pager={{ page: d.list.page, pages: d.list.pages }}
    />
  );
}
