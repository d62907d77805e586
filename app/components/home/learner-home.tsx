import { Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { relativeTime } from "../../lib/relative-time";
import { CourseOverview, type CourseOverviewData } from "./course-overview";
import { HomeCard } from "./home-card";
import { PanelError } from "./panel-error";
import type { Panel } from "./panel";

type NextItem = { id: string; title: string; postType: string; open: boolean; opensAt: number | null };
export type LearnerData = {
  courses: {
    courseId: string;
    title: string;
    progress: number;
    expired: boolean;
    next: NextItem | null;
  }[];
  certificates: { code: string; courseId: string; course: string; issuedAt: string }[];
  upcoming: (
    | { kind: "drip"; courseId: string; course: string; itemId: string; title: string; at: string }
    | { kind: "expiry"; courseId: string; course: string; at: string }
  )[];
};

function MyCourse({ c, now }: { c: LearnerData["courses"][number]; now: string }) {
  const { t, i18n } = useTranslation();
  const to = c.next?.open ? `/dashboard/courses/${c.courseId}?item=${c.next.id}` : `/dashboard/courses/${c.courseId}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`my-${c.courseId}`} data-course={c.courseId}>
      <Stack gap="xs">
        <Text fw={600} id={`my-${c.courseId}`}>
          {c.title}
        </Text>
        <Progress value={c.progress} aria-label={t("learning.progressLabel", { progress: c.progress })} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="my-progress">
            {t("learning.percentComplete", { progress: c.progress })}
          </Text>
          {c.expired ? (
            <Badge color="red" variant="light">
              {t("learning.expired")}
            </Badge>
          ) : null}
        </Group>
        {c.next ? (
          <Text size="sm" data-testid="next-item">
            {c.next.open
              ? t("home.learner.next", { title: c.next.title })
              : c.next.opensAt
                ? t("home.learner.opens", {
                    title: c.next.title,
                    when: relativeTime(new Date(c.next.opensAt * 1000), now, i18n.language),
                  })
                : t("home.learner.locked", { title: c.next.title })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t("home.learner.finished")}
          </Text>
        )}
        <Button component={Link} to={to} variant="light" disabled={c.expired}>
          {c.progress > 0 ? t("learning.continue") : t("learning.start")}
        </Button>
      </Stack>
    </Card>
  );
}

export function LearnerHome(props: {
  learning: Panel<LearnerData>;
  taught: Panel<CourseOverviewData> | null;
  now: string;
}) {
  const { t, i18n } = useTranslation();
  const { learning, taught, now } = props;
  return (
    <div className="home-grid">
      {taught ? (
        <HomeCard id="teaching" title={t("home.learner.teaching")} tour="projects" wide>
          {taught.ok ? <CourseOverview courses={taught.data} canCreate /> : <PanelError />}
        </HomeCard>
      ) : null}
      <HomeCard id="my-courses" title={t("learning.myCourses")} wide tour={taught ? undefined : "projects"}>
        {!learning.ok ? (
          <PanelError />
        ) : learning.data.courses.length === 0 ? (
          <div className="empty-state" data-testid="my-courses-empty">
            <p className="muted">{t("learning.noCourses")}</p>
            <Anchor component={Link} to="/course">
              {t("learning.browseCourses")}
            </Anchor>
          </div>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="my-courses">
            {learning.data.courses.map((c) => (
              <MyCourse key={c.courseId} c={c} now={now} />
            ))}
          </SimpleGrid>
        )}
      </HomeCard>
      {learning.ok ? (
        <>
          <HomeCard id="upcoming" title={t("home.learner.upcoming")}>
            {learning.data.upcoming.length === 0 ? (
              <p className="muted">{t("home.learner.noUpcoming")}</p>
            ) : (
              <ul className="home-list" data-testid="upcoming-list">
                {learning.data.upcoming.map((u) => (
                  <li key={`${u.kind}-${u.courseId}-${u.kind === "drip" ? u.itemId : ""}`}>
                    <span>
                      {u.kind === "drip"
                        ? t("home.learner.dripOpens", { title: u.title, course: u.course })
                        : t("home.learner.accessEnds", { course: u.course })}
                    </span>
                    <time dateTime={u.at} className="muted">
                      {relativeTime(u.at, now, i18n.language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </HomeCard>
          <HomeCard id="certificates" title={t("home.learner.certificates")}>
            {learning.data.certificates.length === 0 ? (
              <p className="muted">{t("home.learner.noCertificates")}</p>
            ) : (
              <ul className="home-list" data-testid="certificates-list">
                {learning.data.certificates.map((c) => (
                  <li key={c.code}>
                    <Anchor href={`/certificate/${c.code}`}>{c.course}</Anchor>
                    <time dateTime={c.issuedAt} className="muted">
                      {new Date(c.issuedAt).toLocaleDateString(i18n.language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </HomeCard>
        </>
      ) : null}
    </div>
  );
}
