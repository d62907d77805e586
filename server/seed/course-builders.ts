// Builders for learning: a course with its curriculum (units, quizzes, assignments created as it
// goes), and an enrolment. Used by tests, the demo seed and benchmarks.
import { and, eq, sql } from "drizzle-orm";
import type { CourseSettings, CurriculumDataItem, CurriculumItem, Duration } from "../../core/curriculum";
import { slugify } from "../../core/slug";
import { enrolmentExpiry } from "../../core/course-duration";
import type { Question, QuizSettings } from "../../core/quiz";
import type { Db } from "../db/client";
import {
  type AssignmentSettings,
  assignments,
  type CertificateTemplate,
  type CourseAccess,
  courseAuthor,
  courseStudents,
  courses,
  quizzes,
  units,
} from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { META_CURRICULUM, META_DURATION, setCourseMeta } from "../modules/courses";

export type CurriculumSpec =
  | { section: string }
  | { unit: string; content?: string; drip?: Duration; preview?: boolean }
  | { quiz: string; questions?: Question[]; settings?: QuizSettings }
  | { assignment: string; content?: string; settings?: AssignmentSettings };

export type BuildCourseInput = {
  title: string;
  slug?: string;
  excerpt?: string;
  description?: string;
  status?: "draft" | "published";
  seats?: number | null;
  access?: CourseAccess;
  settings?: CourseSettings;
  duration?: Duration | null;
  image?: string | null;
  certificate?: CertificateTemplate | null;
  curriculum?: CurriculumSpec[];
};

export async function buildCourse(
  db: Db,
  site: Pick<SiteAccount, "accountId">,
  author: { id: string },
  input: BuildCourseInput,
) {
  const accountId = site.accountId;
  return withTenant(db, accountId, async (tx) => {
    const curriculum: CurriculumItem[] = [];
    for (const spec of input.curriculum ?? []) {
      if ("section" in spec) curriculum.push({ post_type: "section", title: spec.section });
      else if ("unit" in spec) {
        const [u] = await tx
          .insert(units)
          .values({ accountId, authorId: author.id, title: spec.unit, content: spec.content ?? `<p>${spec.unit}</p>` })
          .returning({ id: units.id });
        curriculum.push({ id: u.id, post_type: "unit", title: spec.unit, drip: spec.drip, preview: spec.preview });
      } else if ("quiz" in spec) {
        const [q] = await tx
          .insert(quizzes)
          .values({
            accountId,
            authorId: author.id,
            title: spec.quiz,
            questions: spec.questions ?? [],
            settings: spec.settings ?? { passMark: 50, attempts: 3, retake: true },
          })
          .returning({ id: quizzes.id });
        curriculum.push({ id: q.id, post_type: "quiz", title: spec.quiz });
      } else {
        const [a] = await tx
          .insert(assignments)
          .values({
            accountId,
            authorId: author.id,
            title: spec.assignment,
            content: spec.content ?? "",
            settings: spec.settings ?? { maxMarks: 100, submissionType: "both" },
          })
          .returning({ id: assignments.id });
        curriculum.push({ id: a.id, post_type: "assignments", title: spec.assignment });
      }
    }
    const status = input.status ?? "published";
    const [course] = await tx
      .insert(courses)
      .values({
        accountId,
        slug: input.slug ?? slugify(input.title, "course"),
        title: input.title,
        excerpt: input.excerpt ?? "",
        description: input.description ?? "",
        featuredImage: { image: input.image ?? null },
        authorId: author.id,
        seats: input.seats ?? null,
        access: input.access ?? "free",
        settings: input.settings ?? {},
        certificate: input.certificate ?? null,
        status,
        publishedAt: status === "published" ? new Date() : null,
      })
      .returning();
    await tx.insert(courseAuthor).values({ accountId, courseId: course.id, authorId: author.id });
    await setCourseMeta(tx, accountId, course.id, META_CURRICULUM, curriculum);
    if (input.duration) await setCourseMeta(tx, accountId, course.id, META_DURATION, input.duration);
    return { course, curriculum, itemIds: curriculum.filter((i) => i.id).map((i) => i.id as string) };
  });
}

/** Enrols a student directly (no seat check: tests and the seed set the scene; the service enforces). */
export async function buildEnrolment(
  db: Db,
  site: Pick<SiteAccount, "accountId">,
  courseId: string,
  studentId: string,
  input: {
    status?: number;
    curriculumData?: CurriculumDataItem[];
    progress?: number;
    startAt?: Date | null;
    expiry?: Date;
  } = {},
) {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .insert(courseStudents)
      .values({
        accountId: site.accountId,
        courseId,
        studentId,
        status: input.status ?? 1,
        curriculumData: input.curriculumData ?? [],
        progress: input.progress ?? 0,
        startAt: input.startAt ?? null,
        expiry: input.expiry ?? new Date(enrolmentExpiry(Date.now(), null)),
      })
      .returning();
    await tx
      .update(courses)
      .set({ studentCount: sql`${courses.studentCount} + 1` })
      .where(and(eq(courses.accountId, site.accountId), eq(courses.id, courseId)));
    return row;
  });
}
