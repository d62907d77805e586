import { Alert, Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconMessages } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { siteHasFeature } from "../../../../core/features";
import { GroupMembers } from "../../../components/groups/group-members";
import { type GroupPost, GroupPostCard } from "../../../components/groups/group-post-card";
import { MediaPicker } from "../../../components/media-picker";
import { RichTextEditor } from "../../../components/rich-text-editor";
import { useTranslation } from "../../../i18n/use-translation";
import { ApiError, api } from "../../../lib/api";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/group";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.member || !siteHasFeature(context.site.features, "groups"))
    throw new Response("Not found", { status: 404 });
  return {
    id: params.id,
    me: context.member.member.userId as string,
    title: pageTitle(translatorFor(context, request), "groups.title", context.site.settings.sitetitle),
  };
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

type GroupInfo = {
  id: string;
  title: string;
  description: string;
  privacy: "open" | "approval" | "private";
  memberCount: number;
  myStatus: "active" | "pending" | "invited" | null;
  canAdmin: boolean;
};

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

/** A group's page: its feed, members and join/leave. `chat` is where a group chat button goes. */
export function GroupPage({ id, me, chat }: { id: string; me: string; chat?: ReactNode }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<GroupInfo | null>(null);
  const [posts, setPosts] = useState<GroupPost[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);

  const load = useCallback(async () => {
    try {
      const g = await api<GroupInfo>("GET", `/api/v1/groups/${id}`);
      setGroup(g);
      const feed = await api<{ items: GroupPost[]; nextCursor: string | null }>("GET", `/api/v1/groups/${id}/posts`);
      setPosts(feed.items);
      setCursor(feed.nextCursor);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setNotFound(true);
      else setError((err as Error).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function more() {
    if (!cursor) return;
    const feed = await api<{ items: GroupPost[]; nextCursor: string | null }>(
      "GET",
      `/api/v1/groups/${id}/posts?cursor=${encodeURIComponent(cursor)}`,
    );
    setPosts((p) => [...p, ...feed.items]);
    setCursor(feed.nextCursor);
  }
  async function membership(action: "join" | "leave") {
    setError(null);
    try {
      await api("POST", `/api/v1/groups/${id}/${action}`);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  }
  function changed(index: number, next: GroupPost | null) {
    if (next && next.pinned !== posts[index]?.pinned) return void load();
    setPosts((list) => (next ? list.map((p, i) => (i === index ? next : p)) : list.filter((_, i) => i !== index)));
  }

  if (notFound) return <Alert color="yellow">{t("groups.notFound")}</Alert>;
  if (!group)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : (
      <Loader aria-label={t("groups.loading")} />
    );
  const active = group.myStatus === "active";
  const canTakePart = active || group.canAdmin;
  return (
    <Stack>
      <Group justify="space-between">
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
          {active ? (
            <Button variant="default" onClick={() => void membership("leave")}>
              {t("groups.leave")}
            </Button>
          ) : group.myStatus === "pending" ? (
            <Button variant="default" onClick={() => void membership("leave")}>
              {t("groups.cancelRequest")}
            </Button>
          ) : (
            <Button onClick={() => void membership("join")}>
              {group.privacy === "approval" && group.myStatus !== "invited"
                ? t("groups.requestJoin")
                : t("groups.join")}
            </Button>
          )}
        </Group>
      </Group>
      {group.description ? <Text>{group.description}</Text> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {canTakePart ? <Composer groupId={id} onPosted={() => void load()} /> : null}
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
            <GroupMembers groupId={id} canAdmin={group.canAdmin} me={me} />
          </Card>
        </Grid.Col>
      </Grid>
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
  return <GroupPage key={d.id} id={d.id} me={d.me} chat={<GroupChatButton groupId={d.id} />} />;
}
