import { Anchor, Badge, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";

export type StudentDetailData = {
  student: { studentId: string; name: string; email: string; progress: number; status: number; marks: number };
  items: { id: string; postType: string; title: string; start: number | null; complete: number | null }[];
};

/** One student's curriculum on the manage screen: start and completion times, links to their submissions. */
export function StudentDetail({ courseId, detail }: { courseId: string; detail: StudentDetailData }) {
  const { t, i18n } = useTranslation();
  const when = (s: number | null) => (s ? new Date(s * 1000).toLocaleString(i18n.language) : "—");
  return (
    <Card withBorder mb="lg" component="section" aria-labelledby="student-detail">
      <Stack gap="xs">
        <Title order={2} size="h4" id="student-detail">
          {detail.student.name || detail.student.email}
        </Title>
        <Text size="sm" c="dimmed">
          {detail.student.email} · {t("learning.percentComplete", { progress: detail.student.progress })}
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("learning.manage.item")}</Table.Th>
                <Table.Th>{t("learning.manage.started")}</Table.Th>
                <Table.Th>{t("learning.manage.completed")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.postType === "quiz" ? (
                      <Anchor component={Link} to={`/dashboard/instructor/submissions/quizzes/?id=${i.id}`}>
                        {i.title}
                      </Anchor>
                    ) : i.postType === "assignments" ? (
                      <Anchor component={Link} to={`/dashboard/instructor/submissions/assignments/?id=${i.id}`}>
                        {i.title}
                      </Anchor>
                    ) : (
                      i.title
                    )}{" "}
                    <Badge size="xs" variant="outline">
                      {t(`learning.types.${i.postType}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{when(i.start)}</Table.Td>
                  <Table.Td>{when(i.complete)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {/* Spec §4 "course evaluated": the instructor's marks for the whole course. */}
        <Form method="post">
          <input type="hidden" name="intent" value="marks" />
          <input type="hidden" name="studentId" value={detail.student.studentId} />
          <Group align="flex-end" gap="sm">
            <NumberInput
              name="marks"
              label={t("learning.manage.courseMarks")}
              defaultValue={detail.student.marks}
              min={0}
              max={100}
              allowDecimal={false}
              w={180}
            />
            <Button type="submit" variant="default">
              {t("learning.manage.saveMarks")}
            </Button>
          </Group>
        </Form>
        <Anchor component={Link} to={`/dashboard/instructor/course/${courseId}/manage`} size="sm">
          {t("learning.manage.allStudents")}
        </Anchor>
      </Stack>
    </Card>
  );
}
