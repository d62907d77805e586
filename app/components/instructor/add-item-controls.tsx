import { Button, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

export type NewItemKind = "section" | "unit" | "quiz" | "assignments";

const LABEL: Record<NewItemKind, string> = {
  section: "instructor.curriculum.addSection",
  unit: "instructor.curriculum.addUnit",
  quiz: "instructor.curriculum.addQuiz",
  assignments: "instructor.curriculum.addAssignment",
};

/** "Add section / unit / quiz / assignment" (a small modal asking the title) and "Add existing quiz". */
export function AddItemControls({
  quizzes,
  onAdd,
  onAddExisting,
}: {
  quizzes: { id: string; title: string }[];
  onAdd: (kind: NewItemKind, title: string) => void;
  onAddExisting: (quiz: { id: string; title: string }) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NewItemKind | "existing" | null>(null);
  const [title, setTitle] = useState("");
  const [quizId, setQuizId] = useState("");
  const close = () => {
    setKind(null);
    setTitle("");
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (kind === "existing") {
      const quiz = quizzes.find((q) => q.id === quizId) ?? quizzes[0];
      if (quiz) onAddExisting(quiz);
    } else if (kind && title.trim()) {
      onAdd(kind, title.trim());
    }
    close();
  };
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="curriculum-add">
        {(Object.keys(LABEL) as NewItemKind[]).map((k) => (
          <Button
            key={k}
            variant="light"
            size="sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setKind(k)}
          >
            {t(LABEL[k])}
          </Button>
        ))}
        <Button variant="default" size="sm" onClick={() => setKind("existing")}>
          {t("instructor.curriculum.addExisting")}
        </Button>
      </Group>
      <Modal
        opened={kind !== null}
        onClose={close}
        title={kind === "existing" ? t("instructor.curriculum.addExisting") : kind ? t(LABEL[kind]) : ""}
        centered
      >
        <form onSubmit={submit}>
          <Stack>
            {kind === "existing" ? (
              quizzes.length ? (
                <NativeSelect
                  label={t("instructor.curriculum.pickQuiz")}
                  value={quizId || quizzes[0].id}
                  onChange={(e) => setQuizId(e.currentTarget.value)}
                  data={quizzes.map((q) => ({ value: q.id, label: q.title }))}
                />
              ) : (
                <p className="muted">{t("instructor.curriculum.noQuizzes")}</p>
              )
            ) : (
              <TextInput
                label={t("instructor.curriculum.titleLabel")}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                required
                maxLength={200}
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("instructor.cancel")}
              </Button>
              <Button type="submit" disabled={kind === "existing" && !quizzes.length}>
                {t("instructor.add")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
