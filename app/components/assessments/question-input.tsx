// One question's control, by type: radio, checkboxes, true/false, text, a select per left item for
// matching, a sortable list, a number, or an essay box. Answers use the shapes core/quiz marks.
import { Checkbox, Fieldset, NativeSelect, NumberInput, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import type { Answer } from "../../../core/quiz";
import type { StudentQuestion } from "../../../core/quiz-view";
import { SortableAnswer } from "./sortable-answer";

type Props = { question: StudentQuestion; value: Answer | undefined; onChange: (a: Answer) => void; label: string };

export function QuestionInput({ question: q, value, onChange, label }: Props) {
  const { t } = useTranslation();
  switch (q.type) {
    case "single":
      return (
        <Radio.Group
          label={label}
          value={typeof value === "number" ? String(value) : null}
          onChange={(v) => onChange(Number(v))}
        >
          <Stack gap="xs" mt="xs">
            {q.options.map((o, i) => (
              <Radio key={o} value={String(i)} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "multiple":
      return (
        <Checkbox.Group
          label={label}
          value={Array.isArray(value) ? (value as number[]).map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
        >
          <Stack gap="xs" mt="xs">
            {q.options.map((o, i) => (
              <Checkbox key={o} value={String(i)} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "truefalse":
      return (
        <Radio.Group
          label={label}
          value={typeof value === "boolean" ? String(value) : null}
          onChange={(v) => onChange(v === "true")}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="true" label={t("assessments.take.true")} />
            <Radio value="false" label={t("assessments.take.false")} />
          </Stack>
        </Radio.Group>
      );
    case "fillblank":
      return (
        <TextInput
          label={label}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "numeric":
      return (
        <NumberInput
          label={label}
          value={typeof value === "number" ? value : ""}
          onChange={(v) => onChange(typeof v === "number" ? v : v === "" ? null : Number(v))}
          decimalScale={6}
        />
      );
    case "essay":
      return (
        <Textarea
          label={label}
          autosize
          minRows={5}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "matching": {
      const chosen = Array.isArray(value) ? (value as string[]) : q.left.map(() => "");
      return (
        <Fieldset
          legend={
            <Text fw={500} size="sm">
              {label}
            </Text>
          }
          variant="unstyled"
        >
          <Stack gap="xs">
            {q.left.map((left, i) => (
              <NativeSelect
                key={left}
                label={left}
                value={chosen[i] ?? ""}
                data={[
                  { value: "", label: t("assessments.take.choose") },
                  ...q.right.map((r) => ({ value: r, label: r })),
                ]}
                onChange={(e) => {
                  const next = q.left.map((_, j) => chosen[j] ?? "");
                  next[i] = e.currentTarget.value;
                  onChange(next);
                }}
              />
            ))}
          </Stack>
        </Fieldset>
      );
    }
    case "sorting": {
      const items = Array.isArray(value) && value.length === q.items.length ? (value as string[]) : q.items;
      return (
        <Fieldset
          legend={
            <Text fw={500} size="sm">
              {label}
            </Text>
          }
          variant="unstyled"
        >
          <SortableAnswer items={items} onChange={onChange} label={label} />
        </Fieldset>
      );
    }
  }
}
