import { Anchor, Badge } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export type CourseOverviewData = {
  total: number;
  items: {
    courseId: string;
    title: string;
    students: number;
    /** Whole percent of enrolments that finished (owners' view); absent for instructors. */
    completionRate?: number | null;
    status?: string;
  }[];
};

/** Courses with their students (and, for owners, how many finish), each linking to manage it. */
export function CourseOverview({ courses, canCreate }: { courses: CourseOverviewData; canCreate: boolean }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  if (courses.items.length === 0) {
    return (
      <div className="empty-state" data-testid="courses-empty">
        <p className="muted">{t("home.courses.empty")}</p>
        {canCreate ? (
          <Anchor component={Link} to="/dashboard/instructor/new">
            {t("home.courses.create")}
          </Anchor>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul className="home-list" data-testid="courses-list">
        {courses.items.map((c) => (
          <li key={c.courseId} data-course={c.courseId}>
            <Anchor component={Link} to={`/dashboard/instructor/course/${c.courseId}`}>
              {c.title}
            </Anchor>
            <span className="home-list-meta">
              {c.status === "draft" ? (
                <Badge variant="light" size="sm">
                  {t("home.posts.status.draft")}
                </Badge>
              ) : null}
              <span data-testid="course-students">{t("home.courses.students", { n: n.format(c.students) })}</span>
              {c.completionRate === undefined ? null : (
                <span data-testid="course-completion" className="muted">
                  {c.completionRate === null
                    ? t("home.courses.noCompletion")
                    : t("home.courses.completion", { rate: c.completionRate })}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Anchor component={Link} to="/dashboard/instructor" size="sm">
        {t("home.courses.all", { n: n.format(courses.total) })}
      </Anchor>
    </>
  );
}
