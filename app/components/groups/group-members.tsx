import { Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { api } from "../../lib/api";

export type GroupMember = {
  userId: string;
  name: string;
  role: "admin" | "member";
  status: "active" | "pending" | "invited";
};

/**
 * A group's members with their roles; group admins approve or decline join requests, promote,
 * remove and withdraw invitations. `onChange` reloads the list after a change.
 */
export function GroupMembers({
  groupId,
  items,
  canAdmin,
  me,
  onChange,
}: {
  groupId: string;
  items: GroupMember[];
  canAdmin: boolean;
  me: string;
  onChange: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  async function act(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) {
    setError(null);
    try {
      await api(method, `/api/v1/groups/${groupId}/members/${path}`, body);
      await onChange();
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <Stack gap="xs" data-testid="group-members">
      {error ? (
        <Text c="red" role="alert" size="sm">
          {error}
        </Text>
      ) : null}
      {items.map((m) => (
        <Group key={m.userId} justify="space-between" wrap="wrap" gap={4} data-member={m.name}>
          <Text size="sm" component="div">
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
                  <Button
                    size="compact-xs"
                    onClick={() => void act("POST", `${m.userId}/approve`)}
                    aria-label={`${t("groups.approve")}: ${m.name}`}
                  >
                    {t("groups.approve")}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void act("POST", `${m.userId}/decline`)}
                    aria-label={`${t("groups.decline")}: ${m.name}`}
                  >
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
              {m.status !== "pending" ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void act("DELETE", m.userId)}
                  aria-label={`${t("groups.remove")}: ${m.name}`}
                >
                  {t("groups.remove")}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

type Candidate = { userId: string; name: string; slug: string };

/** A group admin finds a member of the site by name and invites them; they are told in the bell. */
export function InviteMember({ groupId, onInvited }: { groupId: string; onInvited: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Candidate[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api<{ items: Candidate[] }>("GET", `/api/v1/groups/${groupId}/candidates?q=${encodeURIComponent(search)}`).then(
        (r) => {
          if (live) setFound(r.items);
        },
        (err) => {
          if (live) setError((err as Error).message);
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [groupId, search]);

  async function invite(e: React.FormEvent) {
    e.preventDefault();
    const who = found.find((c) => c.userId === picked);
    if (!who) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await api("POST", `/api/v1/groups/${groupId}/members/${who.userId}/invite`);
      setDone(t("groups.inviteSent", { name: who.name }));
      setPicked(null);
      setSearch("");
      await onInvited();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // The picked member stays among the options while the search text shows their name.
  const options = found.map((c) => ({ value: c.userId, label: c.name }));
  return (
    <form onSubmit={invite} data-testid="group-invite">
      <Stack gap={6}>
        <Select
          label={t("groups.invite")}
          placeholder={t("groups.inviteSearch")}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          value={picked}
          onChange={setPicked}
          data={options}
          filter={({ options: o }) => o}
          nothingFoundMessage={t("groups.noCandidates")}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            loading={busy}
            disabled={!picked}
            leftSection={<IconUserPlus size={14} aria-hidden />}
          >
            {t("groups.inviteSubmit")}
          </Button>
        </Group>
        {done ? (
          <Text size="sm" c="teal" role="status">
            {done}
          </Text>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
