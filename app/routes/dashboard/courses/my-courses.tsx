import { SimpleGrid } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { CourseProgressCard } from "../../../components/learning/course-progress-card";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/my-courses";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The signed-in member's courses (spec §2 /dashboard/courses). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || context.site.features?.lms === false) throw new Response("Not found", { status: 404 });
  const items = await context.services.learning.myCourses();
  return {
    title: pageTitle(translatorFor(context, request), "learning.myCourses", context.site.settings.sitetitle),
    items,
  };
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

export default function MyCourses({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("learning.myCourses")}</h1>
      </div>
      {d.items.length === 0 ? (
        <div className="empty-state">
          <p className="muted">{t("learning.noCourses")}</p>
          <Link to="/course">{t("learning.browseCourses")}</Link>
        </div>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {d.items.map((c) => (
            <CourseProgressCard key={c.courseId} course={c} />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
