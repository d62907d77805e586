import { Alert, Anchor, Button, Card, Drawer, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { IconCertificate, IconListDetails } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { CourseOutline, lockedReason } from "../../../components/learning/course-outline";
import { UnitContent } from "../../../components/learning/unit-content";
import { asRefusal } from "../../../lib/action-result";
import { translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/player";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

type AppErrorLike = {
  code?: string;
  message?: string;
  details?: { reason?: "lock" | "drip"; opensAt?: number | null };
};
const notFound = () => new Response("Not found", { status: 404 });

/** The course player (spec §2 /dashboard/courses/{courseId}); ?item= picks the item shown. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.member) throw notFound();
  const wanted = new URL(request.url).searchParams.get("item");
  const page = await context.services.learning.page(params.courseId, wanted).catch((e: AppErrorLike) => {
    if (e?.code === "not_found") throw notFound();
    throw e;
  });
  const t = translatorFor(context, request);
  return { title: `${page.course.title} · ${t("learning.myCourses")}`, ...page };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const itemId = String(form.get("itemId") ?? "");
  const complete = form.get("intent") === "complete";
  try {
    const r = await context.services.learning.setComplete(params.courseId, itemId, complete);
    return { ok: true as const, progress: r.progress, message: null };
  } catch (err) {
    return asRefusal(err, { ok: false as const, progress: null, message: (err as AppErrorLike)?.message ?? null });
  }
}

export default function Player({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const busy = useNavigation().state !== "idle";
  const counted = d.items.filter((i) => i.id);
  const index = counted.findIndex((i) => i.id === d.currentId);
  const current = index >= 0 ? counted[index] : null;
  const prev = index > 0 ? counted[index - 1] : null;
  const next = index >= 0 && index < counted.length - 1 ? counted[index + 1] : null;
  const outline = (onNavigate?: () => void) => (
    <CourseOutline courseId={d.course.id} items={d.items} current={d.currentId} onNavigate={onNavigate} />
  );
  return (
    <div className="page">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <div>
          <Text size="sm">
            <Link to="/dashboard/courses">{t("learning.myCourses")}</Link>
          </Text>
          <Title order={1}>{d.course.title}</Title>
        </div>
        <Button
          hiddenFrom="md"
          variant="default"
          leftSection={<IconListDetails size={16} aria-hidden />}
          onClick={() => setDrawer(true)}
        >
          {t("learning.outline")}
        </Button>
      </Group>
      <Stack gap={4} mb="md">
        <Progress
          value={d.enrolment.progress}
          aria-label={t("learning.progressLabel", { progress: d.enrolment.progress })}
        />
        <Text size="sm" data-testid="course-progress">
          {t("learning.percentComplete", { progress: d.enrolment.progress })}
        </Text>
      </Stack>
      {d.certificateCode ? (
        <Alert color="green" icon={<IconCertificate aria-hidden />} mb="md" title={t("learning.certificateEarned")}>
          <Anchor href={`/certificate/${d.certificateCode}`}>{t("learning.viewCertificate")}</Anchor>
        </Alert>
      ) : null}
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title={t("learning.outline")} hiddenFrom="md">
        {outline(() => setDrawer(false))}
      </Drawer>
      <div className="learning-player" style={{ display: "flex", gap: "1.5rem", alignItems: "flex-start" }}>
        <Card withBorder visibleFrom="md" style={{ width: "18rem", flexShrink: 0 }}>
          {outline()}
        </Card>
        <section style={{ flex: 1, minWidth: 0 }} aria-label={d.opened?.title ?? d.course.title}>
          {d.enrolment.expired ? (
            <Alert color="red" title={t("learning.expiredTitle")}>
              {t("learning.expiredBody")}
            </Alert>
          ) : counted.length === 0 ? (
            <p className="muted empty-state">{t("learning.emptyCourse")}</p>
          ) : d.closed ? (
            <Alert color="yellow" title={t("learning.lockedTitle")}>
              {lockedReason(d.closed, t, i18n.language)}
            </Alert>
          ) : d.opened?.unit ? (
            <UnitContent unit={{ ...d.opened.unit, title: d.opened.title }} />
          ) : d.opened?.link ? (
            <Card withBorder>
              <Stack>
                <Title order={2}>{d.opened.title}</Title>
                <Text>{d.opened.postType === "quiz" ? t("learning.quizIntro") : t("learning.assignmentIntro")}</Text>
                <Button component={Link} to={d.opened.link} style={{ alignSelf: "flex-start" }}>
                  {d.opened.postType === "quiz" ? t("learning.openQuiz") : t("learning.openAssignment")}
                </Button>
              </Stack>
            </Card>
          ) : null}
          {actionData && !actionData.ok && actionData.message ? (
            <Alert color="red" mt="md">
              {actionData.message}
            </Alert>
          ) : null}
          <Group justify="space-between" mt="lg" wrap="wrap">
            {prev?.id ? (
              <Button component={Link} to={`?item=${prev.id}`} variant="default">
                {t("learning.previous")}
              </Button>
            ) : (
              <span />
            )}
            {current && d.opened?.unit && !d.enrolment.expired ? (
              // Posting to ?item= keeps this item on screen after the change instead of moving on.
              <Form method="post" action={`?item=${current.id}`}>
                <input type="hidden" name="itemId" value={current.id ?? ""} />
                <Button
                  type="submit"
                  name="intent"
                  value={current.complete ? "incomplete" : "complete"}
                  variant={current.complete ? "default" : "filled"}
                  loading={busy}
                >
                  {current.complete ? t("learning.markIncomplete") : t("learning.markComplete")}
                </Button>
              </Form>
            ) : null}
            {next?.id ? (
              <Button component={Link} to={`?item=${next.id}`} variant="default">
                {t("learning.next")}
              </Button>
            ) : (
              <span />
            )}
          </Group>
        </section>
      </div>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
