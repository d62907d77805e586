// One builder per entity, used by the demo seed and by every test: a user with a password, a site
// with its owner, a member with a role, a post, a form.
import { and, eq } from "drizzle-orm";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { members as membersTable, roles } from "../db/schema";
import { withTenant } from "../db/tenant";
import { accounts, type SiteAccount } from "../modules/accounts";
import { type FormInput, forms } from "../modules/forms";
import { uniqueMemberSlug } from "../modules/members";
import { options } from "../modules/options";
import { type PostInput, posts } from "../modules/posts";

export const DEMO_PASSWORD = "atrium-demo-2026";

export type BuiltUser = { id: string; name: string; email: string; password: string };

export async function buildUser(
  auth: Auth,
  input: { email: string; name?: string; password?: string },
): Promise<BuiltUser> {
  const ctx = await auth.$context;
  const email = input.email.toLowerCase();
  const password = input.password ?? DEMO_PASSWORD;
  const name = input.name ?? email.split("@")[0];
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) return { id: existing.user.id, name: existing.user.name, email, password };
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: "email" });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  return { id: user.id, name, email, password };
}

export async function buildSite(
  db: Db,
  owner: BuiltUser,
  input: { slug: string; sitetitle?: string; plan?: string | null; features?: Partial<SiteAccount["features"]> },
): Promise<SiteAccount> {
  let site = await accounts.createSite(
    db,
    { userId: owner.id, name: owner.name, email: owner.email },
    {
      slug: input.slug,
      sitetitle: input.sitetitle ?? input.slug,
      plan: input.plan,
    },
  );
  await options.seedDefaults(db, site.accountId);
  if (input.features)
    site = await accounts.update(db, site.accountId, { features: { ...site.features, ...input.features } });
  return site;
}

export async function buildMember(
  db: Db,
  site: SiteAccount,
  user: BuiltUser,
  role: "student" | "instructor" | "admin" = "student",
) {
  return withTenant(db, site.accountId, async (tx) => {
    const [r] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.accountId, site.accountId), eq(roles.name, role)));
    const [existing] = await tx
      .select()
      .from(membersTable)
      .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.userId, user.id)));
    if (existing) {
      const [updated] = await tx
        .update(membersTable)
        .set({ roleId: r.roleId })
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, existing.id)))
        .returning();
      return updated;
    }
    const [m] = await tx
      .insert(membersTable)
      .values({
        accountId: site.accountId,
        userId: user.id,
        name: user.name,
        email: user.email,
        slug: await uniqueMemberSlug(tx, site.accountId, user.name),
        roleId: r.roleId,
      })
      .returning();
    return m;
  });
}

/** A post of the site (a draft unless `publishedAt` is given), written by nobody in particular. */
export function buildPost(db: Db, site: SiteAccount, input: PostInput = {}) {
  return posts.create(db, site.accountId, null, { title: "A post", content: "<p>Text</p>", ...input });
}

/** A form of the site: a required e-mail field and an optional name, unless fields are given. */
export function buildForm(db: Db, site: SiteAccount, input: Partial<FormInput> = {}) {
  return forms.create(db, site.accountId, {
    name: "Sign-up",
    fields: [
      { type: "email", name: "email", label: "E-mail", required: true },
      { type: "text", name: "name", label: "Name", required: false },
    ],
    ...input,
  });
}
