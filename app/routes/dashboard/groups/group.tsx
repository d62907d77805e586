import { Alert, Badge, Button, Card, Drawer, Grid, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { IconMessages, IconSettings } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { siteHasFeature } from "../../../../core/features";
import { GroupMembers, InviteMember } from "../../../components/groups/group-members";
import { type GroupPost, GroupPostCard } from "../../../components/groups/group-post-card";
import { GroupSettingsPanel } from "../../../components/groups/group-settings";
import { MediaPicker } from "../../../components/media-picker";
import { RichTextEditor } from "../../../components/rich-text-editor";
import { useTranslation } from "../../../i18n/use-translation";
import { ApiError, api } from "../../../lib/api";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/group";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** A group's page (issue 15): the group, its members and the first page of its feed, read here. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.member || !siteHasFeature(context.site.features, "groups"))
    throw new Response("Not found", { status: 404 });
  const title = pageTitle(translatorFor(context, request), "groups.title", context.site.settings.sitetitle);
  const me = context.member.member.userId as string;
  const groups = context.services.groups;
  try {
    const group = await groups.get(params.id);
    const [members, feed, linkOptions] = await Promise.all([
      groups.members(group.id),
      groups.feed(group.id),
      group.canAdmin ? groups.linkOptions(group.id) : null,
    ]);
    return {
      id: params.id,
      me,
      title: `${group.title} · ${title}`,
      found: true as const,
      group,
      members,
      feed,
      linkOptions,
    };
  } catch (err) {
    if ((err as { code?: string }).code === "not_found") return { id: params.id, me, title, found: false as const };
    throw err;
  }
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

type Loaded = Extract<Route.ComponentProps["loaderData"], { found: true }>;
type GroupInfo = Loaded["group"];
type FeedPage = { items: GroupPost[]; nextCursor: string | null };

function Composer({ groupId, onPosted }: { groupId: string; onPosted: (p: GroupPost) => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState("");
  const [image, setImage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onPosted(await api<GroupPost>("POST", `/api/v1/groups/${groupId}/posts`, { body, image: image || null }));
      setBody("");
      setImage("");
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <RichTextEditor label={t("groups.newPost")} value={body} onChange={setBody} minHeight={100} />
        <MediaPicker label={t("groups.image")} value={image} onChange={setImage} accept="image" />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!body && !image}>
            {t("groups.post")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Whether I hear of others' new posts in the group (active members). */
function NotifySwitch({ group, onError }: { group: GroupInfo; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(group.notifyPosts);
  async function change(next: boolean) {
    setOn(next);
    try {
      const r = await api<{ notifyPosts: boolean }>("PUT", `/api/v1/groups/${group.id}/notifications`, {
        notifyPosts: next,
      });
      setOn(r.notifyPosts);
    } catch (err) {
      setOn(!next);
      onError((err as Error).message);
    }
  }
  return (
    <Switch
      label={t("groups.notifyPosts")}
      description={t("groups.notifyPostsHint")}
      checked={on}
      onChange={(e) => void change(e.currentTarget.checked)}
    />
  );
}

/** A group's page: its feed, members and join/leave, and its settings for group admins. */
export function GroupPage({ data: d, chat }: { data: Loaded; chat?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { group, me } = d;
  const id = group.id;
  const [posts, setPosts] = useState<GroupPost[]>(d.feed.items as GroupPost[]);
  const [cursor, setCursor] = useState<string | null>(d.feed.nextCursor);
  const [error, setError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // A fresh read of the page (after a change here) starts the feed again from its first page.
  useEffect(() => {
    setPosts(d.feed.items as GroupPost[]);
    setCursor(d.feed.nextCursor);
  }, [d.feed]);
  const reload = useCallback(async () => {
    await revalidator.revalidate();
  }, [revalidator]);

  async function more() {
    if (!cursor) return;
    try {
      const feed = await api<FeedPage>("GET", `/api/v1/groups/${id}/posts?cursor=${encodeURIComponent(cursor)}`);
      setPosts((p) => [...p, ...feed.items]);
      setCursor(feed.nextCursor);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  async function membership(action: "join" | "leave") {
    setError(null);
    try {
      await api("POST", `/api/v1/groups/${id}/${action}`);
      await reload();
    } catch (err) {
      setError((err as Error).message);
    }
  }
  function changed(index: number, next: GroupPost | null) {
    if (next && next.pinned !== posts[index]?.pinned) return void reload();
    setPosts((list) => (next ? list.map((p, i) => (i === index ? next : p)) : list.filter((_, i) => i !== index)));
  }

  const active = group.myStatus === "active";
  const canTakePart = active || group.canAdmin;
  return (
    <Stack className="page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {group.title}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{t(`groups.privacyOptions.${group.privacy}`)}</Badge>
            <Text size="sm" c="dimmed">
              {t("groups.memberCount", { count: group.memberCount })}
            </Text>
          </Group>
        </Stack>
        <Group>
          {active ? chat : null}
          {group.canAdmin && d.linkOptions ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => setSettingsOpen(true)}
            >
              {t("groups.settings")}
            </Button>
          ) : null}
          {active ? (
            <Button variant="default" onClick={() => void membership("leave")}>
              {t("groups.leave")}
            </Button>
          ) : group.myStatus === "pending" ? (
            <Button variant="default" onClick={() => void membership("leave")}>
              {t("groups.cancelRequest")}
            </Button>
          ) : (
            <>
              <Button onClick={() => void membership("join")}>
                {group.myStatus === "invited"
                  ? t("groups.accept")
                  : group.privacy === "approval"
                    ? t("groups.requestJoin")
                    : t("groups.join")}
              </Button>
              {group.myStatus === "invited" ? (
                <Button variant="default" onClick={() => void membership("leave")}>
                  {t("groups.decline")}
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Group>
      {group.description ? <Text>{group.description}</Text> : null}
      {active ? <NotifySwitch key={String(group.notifyPosts)} group={group} onError={setError} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {canTakePart ? <Composer groupId={id} onPosted={() => void reload()} /> : null}
            {posts.length === 0 ? <Text c="dimmed">{t("groups.emptyFeed")}</Text> : null}
            {posts.map((p, i) => (
              <GroupPostCard
                key={p.id}
                groupId={id}
                post={p}
                canAdmin={group.canAdmin}
                canTakePart={canTakePart}
                onChange={(n) => changed(i, n)}
              />
            ))}
            {cursor ? (
              <Button variant="default" onClick={() => void more()}>
                {t("groups.more")}
              </Button>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t("groups.members")}
            </Title>
            <Stack>
              {group.canAdmin ? <InviteMember groupId={id} onInvited={reload} /> : null}
              <GroupMembers groupId={id} items={d.members} canAdmin={group.canAdmin} me={me} onChange={reload} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {group.canAdmin && d.linkOptions ? (
        <Drawer
          opened={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          title={t("groups.settings")}
          position="right"
          size="md"
        >
          <GroupSettingsPanel
            key={group.id}
            group={group}
            options={d.linkOptions}
            onSaved={reload}
            onDeleted={() => navigate("/dashboard/groups")}
          />
        </Drawer>
      ) : null}
    </Stack>
  );
}

/** Opens the group's conversation in Messages (its members brought in step with the group's). */
function GroupChatButton({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  async function openChat() {
    setBusy(true);
    setFailed(null);
    try {
      const { chatId } = await api<{ chatId: string }>("POST", `/api/v1/groups/${groupId}/chat`);
      navigate(`/dashboard/messages?chat_id=${chatId}`);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : t("groups.chatFailed"));
      setBusy(false);
    }
  }
  return (
    <Stack gap={2}>
      <Button variant="light" leftSection={<IconMessages size={16} aria-hidden />} loading={busy} onClick={openChat}>
        {t("groups.openChat")}
      </Button>
      {failed ? (
        <Text size="xs" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function GroupRoute({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!d.found)
    return (
      <div className="page">
        <Alert color="yellow">{t("groups.notFound")}</Alert>
      </div>
    );
  return <GroupPage key={d.id} data={d} chat={<GroupChatButton groupId={d.id} />} />;
}
