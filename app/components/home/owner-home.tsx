import { useTranslation } from "../../i18n/use-translation";
import { ActivityFeed, type ActivityData } from "./activity-feed";
import { CourseOverview, type CourseOverviewData } from "./course-overview";
import { HomeCard } from "./home-card";
import { LatestPosts, type PostsData } from "./latest-posts";
import type { Panel } from "./panel";
import { PanelError } from "./panel-error";
import { PlanUsage, type UsageData } from "./plan-usage";
import { SalesChart, type SalesData } from "./sales-chart";
import { type ChecklistData, SetupChecklistCard } from "./setup-checklist";

export type OwnerData = {
  checklist: Panel<ChecklistData>;
  usage: Panel<UsageData>;
  plan: string | null;
  sales: Panel<SalesData>;
  activity: Panel<ActivityData>;
  posts: Panel<PostsData>;
  courses: Panel<CourseOverviewData>;
};

/** The site owner's home: setup, plan usage, sales, activity, posts and courses. */
export function OwnerHome({ d, now }: { d: OwnerData; now: string }) {
  const { t } = useTranslation();
  return (
    <div className="home-grid">
      {d.checklist.ok ? (
        <SetupChecklistCard list={d.checklist.data} />
      ) : (
        <HomeCard id="setup" title={t("home.setup.title")} tour="setup-completion">
          <PanelError />
        </HomeCard>
      )}
      <HomeCard id="usage" title={t("home.usage.title")} tour="plan-usage">
        {d.usage.ok ? <PlanUsage usage={d.usage.data} plan={d.plan} /> : <PanelError />}
      </HomeCard>
      <HomeCard id="sales" title={t("home.sales.title")} tour="sales-chart" wide>
        {d.sales.ok ? <SalesChart sales={d.sales.data} /> : <PanelError />}
      </HomeCard>
      <HomeCard id="feed" title={t("home.feed.title")} tour="feed">
        {d.activity.ok ? <ActivityFeed items={d.activity.data} now={now} /> : <PanelError />}
      </HomeCard>
      <HomeCard id="posts" title={t("home.posts.title")} tour="blog-posts">
        {d.posts.ok ? <LatestPosts posts={d.posts.data} now={now} /> : <PanelError />}
      </HomeCard>
      <HomeCard id="courses" title={t("home.courses.title")} tour="projects" wide>
        {d.courses.ok ? <CourseOverview courses={d.courses.data} canCreate /> : <PanelError />}
      </HomeCard>
    </div>
  );
}
