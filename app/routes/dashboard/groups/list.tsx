import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
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
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { siteHasFeature } from "../../../../core/features";
import { GROUP_PRIVACY, type GroupPrivacy } from "../../../../core/groups";
import { useTranslation } from "../../../i18n/use-translation";
import { ApiError, api } from "../../../lib/api";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/list";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The groups screen (issue 15): my groups and the ones I can join; managers set who may create. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !siteHasFeature(context.site.features, "groups"))
    throw new Response("Not found", { status: 404 });
  const m = context.member;
  return {
    title: pageTitle(translatorFor(context, request), "groups.title", context.site.settings.sitetitle),
    manager: m.isOwner || m.caps.includes("manage_options"),
  };
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

type GroupItem = {
  id: string;
  title: string;
  description: string;
  privacy: GroupPrivacy;
  memberCount: number;
  myStatus: string | null;
};

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

export function GroupCard({ g }: { g: GroupItem }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to={`/dashboard/groups/${g.id}`} data-testid="group-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{g.title}</Text>
          <Badge variant="light">{t(`groups.privacyOptions.${g.privacy}`)}</Badge>
        </Group>
        {g.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {g.description}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t("groups.memberCount", { count: g.memberCount })}
          {g.myStatus === "pending"
            ? ` · ${t("groups.requested")}`
            : g.myStatus === "invited"
              ? ` · ${t("groups.invited")}`
              : ""}
        </Text>
      </Stack>
    </Card>
  );
}

export default function Groups({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<"mine" | "discover">("mine");
  const [items, setItems] = useState<GroupItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [settings, setSettings] = useState<{ membersCreate: boolean; canCreate: boolean } | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setItems((await api<{ items: GroupItem[] }>("GET", `/api/v1/groups?scope=${scope}`)).items);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [scope]);
  useEffect(() => {
    setItems(null);
    void load();
  }, [load]);
  useEffect(() => {
    api<{ membersCreate: boolean; canCreate: boolean }>("GET", "/api/v1/groups/settings").then(setSettings, () =>
      setSettings(null),
    );
  }, []);

  async function toggleMembersCreate(on: boolean) {
    await api("PUT", "/api/v1/groups/settings", { membersCreate: on });
    setSettings((s) => (s ? { ...s, membersCreate: on } : s));
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("groups.title")}
        </Title>
        {settings?.canCreate ? (
          <CreateGroup
            onCreated={() => {
              setScope("mine");
              void load();
            }}
          />
        ) : null}
      </Group>
      {d.manager && settings ? (
        <Switch
          label={t("groups.membersCreate")}
          checked={settings.membersCreate}
          onChange={(e) => void toggleMembersCreate(e.currentTarget.checked)}
        />
      ) : null}
      <Tabs value={scope} onChange={(v) => setScope(v === "discover" ? "discover" : "mine")}>
        <Tabs.List>
          <Tabs.Tab value="mine">{t("groups.mine")}</Tabs.Tab>
          <Tabs.Tab value="discover">{t("groups.discover")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : items === null ? (
        <Loader aria-label={t("groups.loading")} />
      ) : items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <IconUsersGroup size={36} aria-hidden className="muted" />
          <Text>{scope === "mine" ? t("groups.emptyMine") : t("groups.emptyDiscover")}</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((g) => (
            <GroupCard key={g.id} g={g} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
