// The demo installation `npm start` creates once: the platform's own site, the `demo` site with an
// owner, an instructor and a student, and a staff login.
import { PLAN_IDS } from "../../core/plans";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { accounts } from "../modules/accounts";
import { accountNotifications } from "../modules/notifications";
import { buildMember, buildSite, buildUser, DEMO_PASSWORD } from "./builders";

export const DEMO_LOGINS = {
  owner: "owner@demo.test",
  instructor: "instructor@demo.test",
  student: "student@demo.test",
} as const;

export async function seedDemo(db: Db, auth: Auth, staffEmail: string) {
  if (await accounts.bySlug(db, "demo")) return { created: false };
  const owner = await buildUser(auth, { email: DEMO_LOGINS.owner, name: "Olivia Owner" });
  const instructor = await buildUser(auth, { email: DEMO_LOGINS.instructor, name: "Ivan Instructor" });
  const student = await buildUser(auth, { email: DEMO_LOGINS.student, name: "Sara Student" });
  await buildUser(auth, { email: staffEmail, name: "Stella Staff" });
  const site = await buildSite(db, owner, { slug: "demo", sitetitle: "Demo Academy", plan: PLAN_IDS.lifetime });
  await buildMember(db, site, instructor, "instructor");
  await buildMember(db, site, student, "student");
  await accountNotifications.create(db, site.accountId, {
    message: "Welcome to Atrium! Your site <strong>Demo Academy</strong> is ready.",
    severity: 1,
  });
  return { created: true, password: DEMO_PASSWORD };
}
