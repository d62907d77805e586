// A member's tags on the owner's member screen (decisions 0038, 0044: members are contacts): the
// tags of the contact with the member's e-mail, and a dialog that adds and removes them. Saving
// sends only what changed, so a tag given meanwhile elsewhere is kept.
import { Anchor, Badge, Button, Group, Modal, TagsInput, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { useResultToast } from "./marketing/use-result-toast";

export function MemberTags({
  memberId,
  memberName,
  memberEmail,
  tags,
}: {
  memberId: string;
  memberName: string;
  memberEmail: string;
  tags: string[];
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string[]>(tags);
  const fetcher = useFetcher();
  useResultToast(fetcher, (d) => {
    if (!(d as { ok?: boolean }).ok) return null;
    setOpened(false);
    return t("audienceFields.members.saved", { name: memberName });
  });
  const add = value.filter((x) => !tags.includes(x));
  const remove = tags.filter((x) => !value.includes(x));
  const errors = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <Group gap={4} wrap="wrap" data-member-tags={memberId}>
      {tags.length ? (
        tags.map((tag) => (
          <Badge key={tag} variant="outline" size="sm" tt="none">
            {tag}
          </Badge>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          setValue(tags);
          setOpened(true);
        }}
        aria-label={`${t("audienceFields.members.edit")}: ${memberName}`}
      >
        {t("audienceFields.members.edit")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("audienceFields.members.editNamed", { name: memberName })}
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="tags" />
          <input type="hidden" name="id" value={memberId} />
          {add.map((x) => (
            <input key={`a-${x}`} type="hidden" name="add" value={x} />
          ))}
          {remove.map((x) => (
            <input key={`r-${x}`} type="hidden" name="remove" value={x} />
          ))}
          <TagsInput
            label={t("audienceFields.members.tags")}
            description={t("audienceFields.members.hint")}
            value={value}
            onChange={setValue}
            maxTags={50}
            error={errors.tags}
            data-autofocus
          />
          {/* The member's own fields and history are on its contact's page. */}
          <Anchor
            component={Link}
            to={`/dashboard/manage/marketing/emails/contacts?q=${encodeURIComponent(memberEmail)}`}
            size="sm"
            mt="xs"
            display="inline-block"
          >
            {t("audienceFields.members.contactLink")}
          </Anchor>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("audienceFields.save")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </Group>
  );
}
