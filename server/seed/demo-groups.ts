// The demo site's groups: an open one and one that needs approval, each with posts, comments and
// reactions, one post pinned; the owner runs both and the student belongs to the open one.
import type { Db } from "../db/client";
import { accounts, type SiteAccount } from "../modules/accounts";
import { type GroupActor, groupFeed, groupMembership, groupService } from "../modules/groups";
import type { BuiltUser } from "./builders";

export async function seedDemoGroups(db: Db, site: SiteAccount, owner: BuiltUser, student: BuiltUser) {
  await accounts.update(db, site.accountId, { features: { ...site.features, groups: true } });
  const admin: GroupActor = { userId: owner.id, isOwner: true, caps: [] };
  const member: GroupActor = { userId: student.id, isOwner: false, caps: [] };
  const { accountId } = site;

  const lounge = await groupService.create(db, site, admin, {
    title: "Learners' lounge",
    description: "Say hello, share what you are learning and ask for help.",
    privacy: "open",
  });
  await groupMembership.join(db, accountId, member, lounge.id);
  const rules = await groupFeed.createPost(db, accountId, admin, lounge.id, {
    body: "<p><strong>Welcome!</strong> Be kind, stay on topic and help each other.</p>",
  });
  await groupFeed.pin(db, accountId, admin, lounge.id, rules.id, true);
  const hello = await groupFeed.createPost(db, accountId, member, lounge.id, {
    body: "<p>Hi all, I just finished the first module. Anyone up for a study session this week?</p>",
  });
  await groupFeed.addComment(db, accountId, admin, lounge.id, hello.id, {
    body: "Great progress, Sara! Thursday works for me.",
  });
  await groupFeed.react(db, accountId, admin, lounge.id, hello.id, "like", true);
  await groupFeed.react(db, accountId, member, lounge.id, rules.id, "love", true);

  const mentors = await groupService.create(db, site, admin, {
    title: "Mentoring circle",
    description: "A smaller group for learners who want feedback on their projects.",
    privacy: "approval",
  });
  const intro = await groupFeed.createPost(db, accountId, admin, mentors.id, {
    body: "<p>Post a link to your project and one question you want feedback on.</p>",
  });
  await groupFeed.pin(db, accountId, admin, mentors.id, intro.id, true);
  await groupFeed.createPost(db, accountId, admin, mentors.id, { body: "<p>Next review round starts on Monday.</p>" });
  await groupFeed.react(db, accountId, admin, mentors.id, intro.id, "wow", true);
  await groupMembership.join(db, accountId, member, mentors.id);
}
