import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { CoInstructorPicker } from "./co-instructor-picker";

type Author = { userId: string; name: string };
type Result = { ok: boolean; value: { authors?: Author[] } | null; message: string | null };

/** The course's instructors: the author stays; co-instructors are found by name or e-mail, and removed. */
export function CourseAuthors({ authors, authorId }: { authors: Author[]; authorId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
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
      <CoInstructorPicker
        onPick={(userId) => send("addAuthor", userId)}
        exclude={list.map((a) => a.userId)}
        busy={fetcher.state !== "idle"}
        error={r && !r.ok ? r.message : null}
      />
    </Stack>
  );
}
