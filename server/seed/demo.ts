// The demo installation `npm start` creates once: the platform's own site, the `demo` site with an
// owner, an instructor and a student, its pages, posts and images, and a staff login.
import { seedDemoSales } from "./demo-sales";
import { seedDemoAudience } from "./demo-audience";
import { seedDemoPoints } from "./demo-points";
import { seedDemoFunnel } from "./demo-funnels";
import { seedDemoAutomations } from "./demo-automations";
import { seedDemoGroups } from "./demo-groups";
import { seedDemoMessages } from "./demo-messages";
import { seedDemoAppointments } from "./demo-appointments";
import { supportTickets } from "../modules/support";
import { PLAN_IDS } from "../../core/plans";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { accounts } from "../modules/accounts";
import { accountNotifications } from "../modules/notifications";
import type { StorageAdapter } from "../modules/storage";
import { buildMember, buildSite, buildUser, DEMO_PASSWORD } from "./builders";
import { seedDemoContent } from "./demo-content";
import { seedDemoCourses } from "./demo-courses";
import { seedDemoCommerce } from "./demo-commerce";

export const DEMO_LOGINS = {
  owner: "owner@demo.test",
  instructor: "instructor@demo.test",
  student: "student@demo.test",
} as const;

const item = (id: string, parent: string | null, label: string, url: string, extra: object = {}) => ({
  id,
  parent,
  data: { menuItem: { label, item_url: url, item_type: "link", ...extra } },
});

/** What a new owner would set up first: menus (with a mega menu), a notice and a footer. */
const DEMO_CONFIG = {
  settings: {
    notices: {
      enable_header_notice: true,
      header_notice: "Welcome to the demo school: sign up to look around as a student.",
      header_notice_bg: "#1f7a4d",
      enable_footer_notice: true,
      footer_notice: "Questions? Write to hello@demo.test, we answer within a day.",
    },
  },
  menus: {
    header: [
      item("home", null, "Home", "/"),
      item("blog", null, "Blog", "/blog"),
      item("about", null, "About", "/about-us"),
      item("community", null, "Community", "/members", {
        item_type: "megamenu",
        mega_menu: {
          columnCount: 2,
          columns: [
            { colSpan: 1, rowSpan: 1, content: "Meet the members: learners and instructors of Demo Academy." },
            { colSpan: 1, rowSpan: 1, content: "New here? Create a free account and join them." },
          ],
        },
      }),
      item("directory", "community", "Member directory", "/members"),
      item("join", "community", "Join", "/signup"),
      item("members", null, "Members", "/members"),
    ],
    mobile: [],
  },
  footer: {
    footer_columns: [
      {
        title: "Demo Academy",
        type: "text" as const,
        width: 6,
        data: "Online courses for curious people, since 2026.",
      },
      {
        title: "Community",
        type: "links" as const,
        width: 3,
        data: [
          { label: "Members", url: "/members" },
          { label: "Sign up", url: "/signup" },
        ],
      },
      { title: "Account", type: "links" as const, width: 3, data: [{ label: "Log in", url: "/login" }] },
    ],
    footer_bottom: "© 2026 Demo Academy",
  },
};

export async function seedDemo(db: Db, auth: Auth, staffEmail: string, storage: StorageAdapter) {
  if (await accounts.bySlug(db, "demo")) return { created: false };
  const owner = await buildUser(auth, { email: DEMO_LOGINS.owner, name: "Olivia Owner" });
  const instructor = await buildUser(auth, { email: DEMO_LOGINS.instructor, name: "Ivan Instructor" });
  const student = await buildUser(auth, { email: DEMO_LOGINS.student, name: "Sara Student" });
  await buildUser(auth, { email: staffEmail, name: "Stella Staff" });
  // Lifetime is the plan with the widest feature list: the demo shows points and bookings too.
  const site = await buildSite(db, owner, {
    slug: "demo",
    sitetitle: "Demo Academy",
    plan: PLAN_IDS.lifetime,
    features: { groups: true, gamification: true, appointments: true },
  });
  const instructorMember = await buildMember(db, site, instructor, "instructor");
  await buildMember(db, site, student, "student");
  await accounts.updateConfig(db, site, DEMO_CONFIG);
  // The audience first: the home page shows its newsletter form.
  const audience = await seedDemoAudience(db, site);
  await seedDemoContent(db, storage, site, instructorMember.id, audience.formId);
  const demoCourses = await seedDemoCourses(db, site, instructor, student);
  await seedDemoCommerce(
    db,
    site,
    instructor,
    demoCourses.courses.map((c) => c.course.id),
  );
  await seedDemoSales(db, auth, site);
  await seedDemoFunnel(db, site);
  await seedDemoPoints(db, site);
  await seedDemoAutomations(db, site, {
    courseId: demoCourses.courses[0].course.id,
    newsletterListId: audience.listIds.newsletter,
    formId: audience.formId,
    student,
  });
  await seedDemoGroups(db, (await accounts.bySlug(db, "demo")) ?? site, owner, student);
  await seedDemoMessages(db, site, student, instructor);
  await seedDemoAppointments(db, (await accounts.bySlug(db, "demo")) ?? site, instructor);
  // One open ticket, so the owner's and the staff's support screens show a conversation.
  await supportTickets.open(
    db,
    site.accountId,
    { userId: owner.id, name: owner.name, side: "owner" },
    {
      category: "setup",
      subject: "Connecting our own domain",
      message: "We would like academy.example.com to open the demo site. Which DNS record should we create?",
    },
  );
  await accountNotifications.create(db, site.accountId, {
    message: "Welcome to Atrium! Your site <strong>Demo Academy</strong> is ready.",
    severity: 1,
  });
  return { created: true, password: DEMO_PASSWORD };
}
