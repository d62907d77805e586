import { Alert, Button, Divider, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { GROUP_PRIVACY, type GroupPrivacy } from "../../../core/groups";
import { useTranslation } from "../../i18n/use-translation";
import { api } from "../../lib/api";

export type GroupSettingsGroup = {
  id: string;
  title: string;
  description: string;
  privacy: GroupPrivacy;
  courseId: string | null;
  membershipId: string | null;
};
export type GroupLinkOptions = {
  courses: { id: string; title: string }[];
  memberships: { id: string; title: string }[];
};

/** The "not linked" choice (Select options need a value). */
const NONE = "none";

/**
 * A group admin's settings: name, description and privacy; the course and membership whose people
 * the group holds (linking adds them, unlinking keeps everyone); and deleting the group.
 */
export function GroupSettingsPanel({
  group,
  options,
  onSaved,
  onDeleted,
}: {
  group: GroupSettingsGroup;
  options: GroupLinkOptions;
  onSaved: () => Promise<void> | void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(group.title);
  const [description, setDescription] = useState(group.description);
  const [privacy, setPrivacy] = useState<GroupPrivacy>(group.privacy);
  const [courseId, setCourseId] = useState(group.courseId ?? NONE);
  const [membershipId, setMembershipId] = useState(group.membershipId ?? NONE);
  const [busy, setBusy] = useState<"details" | "links" | "delete" | null>(null);
  const [notice, setNotice] = useState<{ part: "details" | "links"; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(part: "details" | "links" | "delete", fn: () => Promise<string | null>) {
    setBusy(part);
    setError(null);
    setNotice(null);
    try {
      const text = await fn();
      if (text && part !== "delete") setNotice({ part, text });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }
  const saveDetails = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(t("groups.titleRequired"));
    void run("details", async () => {
      await api("PATCH", `/api/v1/groups/${group.id}`, { title, description, privacy });
      await onSaved();
      return t("groups.saved");
    });
  };
  const saveLinks = (e: React.FormEvent) => {
    e.preventDefault();
    void run("links", async () => {
      const { added } = await api<{ added: number }>("PUT", `/api/v1/groups/${group.id}/link`, {
        courseId: courseId === NONE ? null : courseId,
        membershipId: membershipId === NONE ? null : membershipId,
      });
      await onSaved();
      return t("groups.linkAdded", { count: added });
    });
  };
  const remove = () =>
    void run("delete", async () => {
      await api("DELETE", `/api/v1/groups/${group.id}`);
      setConfirming(false);
      onDeleted();
      return null;
    });

  const none = { value: NONE, label: t("groups.noLink") };
  return (
    <Stack data-testid="group-settings">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <form onSubmit={saveDetails}>
        <Stack gap="sm">
          <TextInput
            label={t("groups.name")}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={120}
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
            onChange={(v) => setPrivacy((v as GroupPrivacy) ?? privacy)}
            data={GROUP_PRIVACY.map((p) => ({ value: p, label: t(`groups.privacyOptions.${p}`) }))}
            allowDeselect={false}
          />
          <SaveRow
            label={t("groups.save")}
            busy={busy === "details"}
            saved={notice?.part === "details" ? notice.text : null}
          />
        </Stack>
      </form>
      <Divider />
      <form onSubmit={saveLinks}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("groups.links")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("groups.linkHint")}
          </Text>
          <Select
            label={t("groups.linkCourse")}
            value={courseId}
            onChange={(v) => setCourseId(v ?? NONE)}
            data={[none, ...options.courses.map((c) => ({ value: c.id, label: c.title }))]}
            searchable
            allowDeselect={false}
          />
          <Select
            label={t("groups.linkMembership")}
            value={membershipId}
            onChange={(v) => setMembershipId(v ?? NONE)}
            data={[none, ...options.memberships.map((m) => ({ value: m.id, label: m.title }))]}
            searchable
            allowDeselect={false}
          />
          <SaveRow
            label={t("groups.saveLinks")}
            busy={busy === "links"}
            saved={notice?.part === "links" ? notice.text : null}
          />
        </Stack>
      </form>
      <Divider />
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t("groups.deleteGroup")}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("groups.confirmDeleteTitle", { title: group.title })}
      >
        <Stack>
          <Text>{t("groups.confirmDelete")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("groups.cancel")}
            </Button>
            <Button color="red" loading={busy === "delete"} onClick={remove}>
              {t("groups.deleteGroup")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A form's save button, and what its last save said. */
function SaveRow({ label, busy, saved }: { label: string; busy: boolean; saved: string | null }) {
  return (
    <>
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          {label}
        </Button>
      </Group>
      {saved ? (
        <Text size="sm" c="teal" role="status">
          {saved}
        </Text>
      ) : null}
    </>
  );
}
