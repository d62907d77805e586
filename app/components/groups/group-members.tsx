import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { api } from "../../lib/api";

type Member = { userId: string; name: string; role: "admin" | "member"; status: "active" | "pending" | "invited" };

/** A group's members with their roles; group admins approve requests, promote and remove. */
export function GroupMembers({ groupId, canAdmin, me }: { groupId: string; canAdmin: boolean; me: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setItems((await api<{ items: Member[] }>("GET", `/api/v1/groups/${groupId}/members`)).items);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [groupId]);
  useEffect(() => {
    void load();
  }, [load]);
  async function act(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) {
    setError(null);
    try {
      await api(method, `/api/v1/groups/${groupId}/members/${path}`, body);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  }
  if (!items) return <Text size="sm">{error ?? t("groups.loading")}</Text>;
  return (
    <Stack gap="xs" data-testid="group-members">
      {error ? (
        <Text c="red" role="alert" size="sm">
          {error}
        </Text>
      ) : null}
      {items.map((m) => (
        <Group key={m.userId} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {m.name} {m.role === "admin" ? <Badge size="xs">{t("groups.roles.admin")}</Badge> : null}
            {m.status !== "active" ? (
              <Badge size="xs" color="yellow">
                {t(`groups.statuses.${m.status}`)}
              </Badge>
            ) : null}
          </Text>
          {canAdmin && m.userId !== me ? (
            <Group gap={4}>
              {m.status === "pending" ? (
                <>
                  <Button size="compact-xs" onClick={() => void act("POST", `${m.userId}/approve`)}>
                    {t("groups.approve")}
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => void act("POST", `${m.userId}/decline`)}>
                    {t("groups.decline")}
                  </Button>
                </>
              ) : m.status === "active" ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => void act("PUT", `${m.userId}/role`, { role: m.role === "admin" ? "member" : "admin" })}
                >
                  {m.role === "admin" ? t("groups.demote") : t("groups.promote")}
                </Button>
              ) : null}
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void act("DELETE", m.userId)}>
                {t("groups.remove")}
              </Button>
            </Group>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
