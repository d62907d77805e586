// /dashboard/courses/quiz/:id?course=: a quiz's intro (instructions, questions, time limit,
// attempts left, pass mark, previous results), then the attempt and its result. Inside a course
// the server checks enrolment, unit lock and drip; without one the quiz must be assigned.
import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link, redirect, useRevalidator } from "react-router";
import { type AttemptData, QuizRunner } from "../../../components/assessments/quiz-runner";
import { QuizResult } from "../../../components/assessments/quiz-result";
import { ApiError, api } from "../../../lib/api";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { StoredHtml } from "../../../components/assessments/stored-html";
import type { Route } from "./+types/quiz";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.user) throw new Response("Not found", { status: 404 });
  const courseId = new URL(request.url).searchParams.get("course");
  if (!isUuid(params.id) || (courseId && !isUuid(courseId))) throw new Response("Not found", { status: 404 });
  const tr = translatorFor(context, request);
  try {
    const intro = await context.services.assessments.quizIntro(params.id, courseId);
    return {
      title: `${intro.title} · ${context.site.settings.sitetitle}`,
      intro,
      blocked: null,
      courseId,
      userId: context.user.id,
    };
  } catch (err) {
    const e = err as AppErrorLike;
    if (e?.code === "item_locked" || e?.code === "enrolment_expired") {
      return {
        title: pageTitle(tr, "assessments.quiz.title", context.site.settings.sitetitle),
        intro: null,
        blocked: e.code,
        courseId,
        userId: context.user.id,
      };
    }
    if (e?.code === "not_found") {
      // Not assigned: a link without its course (an older notification) finds the student's course.
      const found = courseId ? null : await context.services.assessments.courseOfItem(params.id);
      if (found) throw redirect(`/dashboard/courses/quiz/${params.id}?course=${found}`);
      throw new Response("Not found", { status: 404 });
    }
    throw err;
  }
}

export default function QuizScreen({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<AttemptData | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  // Inside a course back to its player; an assigned quiz back to the member's assigned quizzes.
  const back = (
    <Button
      component={Link}
      to={d.courseId ? `/dashboard/courses/${d.courseId}` : `/dashboard/courses/quizzes/${d.userId}`}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {d.courseId ? t("assessments.quiz.backToCourse") : t("assessments.quiz.backToAssigned")}
    </Button>
  );
  if (!d.intro) {
    return (
      <div className="page">
        {back}
        <Alert color="yellow" role="alert" title={t("assessments.quiz.title")}>
          {d.blocked === "enrolment_expired" ? t("assessments.errors.expired") : t("assessments.errors.locked")}
        </Alert>
      </div>
    );
  }
  const intro = d.intro;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setAttempt(await api<AttemptData>("POST", `/api/v1/quizzes/${intro.id}/attempts`, { courseId: d.courseId }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("assessments.errors.generic"));
    } finally {
      setStarting(false);
    }
  };
  const finished = attempt?.result ? attempt : null;
  // The intro counted attempts before this one; a resumed attempt was already counted.
  const usedNow = intro.openAttemptId ? 0 : 1;
  const retakeAllowed = intro.attemptsLeft === null || intro.attemptsLeft - usedNow > 0;
  const retake = () => {
    setAttempt(null);
    revalidator.revalidate();
    void start();
  };
  return (
    <div className="page">
      {back}
      <div className="page-heading">
        <h1>{intro.title}</h1>
      </div>
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      {finished?.result ? (
        <Stack>
          <QuizResult result={finished.result} questions={finished.questions} />
          <Group>
            {back}
            {retakeAllowed && (
              <Button variant="default" onClick={retake} loading={starting}>
                {t("assessments.quiz.retake")}
              </Button>
            )}
          </Group>
        </Stack>
      ) : attempt ? (
        <QuizRunner attempt={attempt} onDone={setAttempt} />
      ) : (
        <Stack gap="md">
          {intro.content && <StoredHtml html={intro.content} />}
          <Paper withBorder p="md">
            <List spacing={4}>
              <List.Item>{t("assessments.quiz.questions", { count: intro.questionCount })}</List.Item>
              <List.Item>
                {intro.timeLimit
                  ? t("assessments.quiz.timeLimit", { minutes: Math.ceil(intro.timeLimit / 60) })
                  : t("assessments.quiz.noTimeLimit")}
              </List.Item>
              <List.Item>
                {intro.attemptsLeft === null
                  ? t("assessments.quiz.attemptsUnlimited")
                  : t("assessments.quiz.attemptsLeft", { count: intro.attemptsLeft })}
              </List.Item>
              <List.Item>{t("assessments.quiz.passMark", { percent: intro.passMark })}</List.Item>
            </List>
          </Paper>
          {intro.canStart ? (
            <Group>
              <Button onClick={start} loading={starting}>
                {intro.openAttemptId
                  ? t("assessments.quiz.continue")
                  : intro.attemptsUsed
                    ? t("assessments.quiz.retake")
                    : t("assessments.quiz.start")}
              </Button>
            </Group>
          ) : (
            <Text c="dimmed">{t("assessments.quiz.noAttemptsLeft")}</Text>
          )}
          <h2>{t("assessments.quiz.previous")}</h2>
          {intro.previous.length === 0 ? (
            <p className="muted empty-state">{t("assessments.quiz.noPrevious")}</p>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("assessments.columns.attempt")}</Table.Th>
                    <Table.Th>{t("assessments.columns.marks")}</Table.Th>
                    <Table.Th>{t("assessments.columns.status")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {intro.previous.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.attempt}</Table.Td>
                      <Table.Td>
                        {p.marks}/{p.maxMarks} ({p.percent}%)
                      </Table.Td>
                      <Table.Td>
                        {p.status < 3 ? (
                          <Badge color="yellow">{t("assessments.result.awaiting")}</Badge>
                        ) : (
                          <Badge color={p.passed ? "green" : "red"}>
                            {p.passed ? t("assessments.result.passed") : t("assessments.result.failed")}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </div>
  );
}
