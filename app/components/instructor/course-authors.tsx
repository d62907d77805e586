import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";

type Author = { userId: string; name: string };
type Result = { ok: boolean; value: { authors?: Author[] } | null; message: string | null };

/** The course's instructors: the author stays; co-instructors are added by user id and removed. */
export function CourseAuthors({ authors, authorId }: { authors: Author[]; authorId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const [userId, setUserId] = useState("");
  const r = fetcher.data;
  const list = r?.ok && r.value?.authors ? r.value.authors : authors;
  const send = (intent: "addAuthor" | "removeAuthor", id: string) =>
    fetcher.submit({ intent, payload: { userId: id } }, { method: "post", encType: "application/json" });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t("instructor.editor.authors.title")}</Text>
      {list.map((a) => (
        <Group key={a.userId} gap="xs">
          <Text>{a.name || a.userId}</Text>
          {a.userId !== authorId ? (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => send("removeAuthor", a.userId)}>
              {t("instructor.editor.authors.remove", { name: a.name || a.userId })}
            </Button>
          ) : null}
        </Group>
      ))}
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t("instructor.editor.authors.userId")}
          value={userId}
          onChange={(e) => setUserId(e.currentTarget.value)}
          error={r && !r.ok ? r.message : null}
        />
        <Button
          variant="default"
          disabled={!userId.trim()}
          loading={fetcher.state !== "idle"}
          onClick={() => send("addAuthor", userId.trim())}
        >
          {t("instructor.editor.authors.add")}
        </Button>
      </Group>
    </Stack>
  );
}
