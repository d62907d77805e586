import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { IconPin, IconPinnedOff } from "@tabler/icons-react";
import { useState } from "react";
import { GROUP_REACTIONS, type GroupReaction } from "../../../core/groups";
import { useTranslation } from "../../i18n/use-translation";
import { api } from "../../lib/api";

export type GroupPost = {
  id: string;
  author: { userId: string; name: string };
  body: string;
  pinned: boolean;
  createdAt: string;
  commentCount: number;
  reactions: Record<string, number>;
  myReactions: GroupReaction[];
};
type Comment = { id: string; author?: { name: string }; body: string; createdAt: string };

const EMOJI: Record<GroupReaction, string> = { like: "👍", love: "❤️", laugh: "😂", wow: "😮" };

/** One post of a group's feed: its (server-sanitised) body, reactions, comments, and pin for admins. */
export function GroupPostCard({
  groupId,
  post,
  canAdmin,
  canTakePart,
  onChange,
}: {
  groupId: string;
  post: GroupPost;
  canAdmin: boolean;
  canTakePart: boolean;
  onChange: (post: GroupPost | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const base = `/api/v1/groups/${groupId}/posts/${post.id}`;
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function react(kind: GroupReaction) {
    const on = !post.myReactions.includes(kind);
    onChange(await api<GroupPost>(on ? "PUT" : "DELETE", `${base}/reactions/${kind}`));
  }
  async function pin() {
    onChange(await api<GroupPost>("PUT", `${base}/pin`, { pinned: !post.pinned }));
  }
  async function showComments() {
    setComments((await api<{ items: Comment[] }>("GET", `${base}/comments`)).items);
  }
  async function comment(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await api("POST", `${base}/comments`, { body: draft });
      setDraft("");
      await showComments();
      onChange({ ...post, commentCount: post.commentCount + 1 });
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <Card withBorder data-testid="group-post" data-pinned={post.pinned}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {post.author.name}{" "}
            <Text span size="xs" c="dimmed">
              {new Date(post.createdAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
            </Text>
          </Text>
          <Group gap={4}>
            {post.pinned ? <Badge leftSection={<IconPin size={12} aria-hidden />}>{t("groups.pinned")}</Badge> : null}
            {canAdmin ? (
              <ActionIcon
                variant="subtle"
                onClick={() => void pin()}
                aria-label={post.pinned ? t("groups.unpin") : t("groups.pin")}
              >
                {post.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
              </ActionIcon>
            ) : null}
          </Group>
        </Group>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the body was sanitised and masked on the way in */}
        <div className="rich-text" data-testid="group-post-body" dangerouslySetInnerHTML={{ __html: post.body }} />
        <Group gap={4}>
          {GROUP_REACTIONS.map((kind) => (
            <Button
              key={kind}
              size="compact-sm"
              variant={post.myReactions.includes(kind) ? "light" : "subtle"}
              disabled={!canTakePart}
              aria-pressed={post.myReactions.includes(kind)}
              onClick={() => void react(kind)}
            >
              {/* Spoken as "Like 3": the reaction's word stands for the emoji, the count as shown. */}
              <span aria-hidden>{EMOJI[kind]}</span>
              <VisuallyHidden>{t(`groups.reactions.${kind}`)}</VisuallyHidden> {post.reactions[kind] ?? 0}
            </Button>
          ))}
          <Button size="compact-sm" variant="subtle" onClick={() => void showComments()}>
            {t("groups.comments", { count: post.commentCount })}
          </Button>
        </Group>
        {comments ? (
          <Stack gap={4} pl="md">
            {comments.map((c) => (
              <Text key={c.id} size="sm">
                <b>{c.author?.name}</b>{" "}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: comments are sanitised and masked on the way in */}
                <span dangerouslySetInnerHTML={{ __html: c.body }} />
              </Text>
            ))}
            {canTakePart ? (
              <form onSubmit={comment}>
                <Group align="end" wrap="nowrap">
                  <Textarea
                    label={t("groups.commentLabel")}
                    value={draft}
                    onChange={(e) => setDraft(e.currentTarget.value)}
                    maxLength={2000}
                    autosize
                    style={{ flex: 1 }}
                    error={error}
                  />
                  <Button type="submit" disabled={!draft.trim()}>
                    {t("groups.send")}
                  </Button>
                </Group>
              </form>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
