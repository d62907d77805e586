// Messages in two real browsers: a member writes, the other sees the top bar's unread badge rise
// without reloading, opens the chat from the dropdown, reads it (the badge clears) and answers, and
// the answer appears live in the first browser.
import { describe, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { chatService } from "../../server/modules/chats";
import { buildMember, buildUser } from "../../server/seed/builders";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const unreadLabel = (n: number) =>
  (n === 1 ? en.chat.title_one : en.chat.title_other).replace("{{shown}}", String(n)).replace("{{count}}", String(n));

describe("messages", () => {
  it("two members chat live, and the unread badge clears when the chat is opened", async () => {
    const { site, origin } = await e2e.newSite("messages");
    const ana = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("ana"), name: "Ana Writer" });
    const ben = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("ben"), name: "Ben Reader" });
    await buildMember(e2e.t.database.db, site, ana, "student");
    await buildMember(e2e.t.database.db, site, ben, "student");
    const { chat } = await chatService.open(
      e2e.t.database.db,
      site,
      { accountId: site.accountId, userId: ana.id },
      { member_ids: [ben.id] },
    );

    const anaPage = await e2e.signedIn(origin, ana.email, ana.password);
    await open(anaPage, `${origin}/dashboard/messages?chat_id=${chat.id}`);
    await hydrated(anaPage);
    const benPage = await e2e.signedIn(origin, ben.email, ben.password);
    await hydrated(benPage);
    const benChats = benPage.getByRole("button", { name: unreadLabel(0) });
    await benChats.waitFor();

    const compose = anaPage.getByRole("textbox", { name: en.messages.compose });
    await compose.fill("Hello Ben, see you at the wheel?");
    await compose.press("Enter");
    await anaPage.getByTestId("chat-history").getByText("Hello Ben, see you at the wheel?").waitFor();

    // Ben's top bar counts it without a reload.
    await benPage.getByRole("button", { name: unreadLabel(1) }).waitFor({ timeout: 15_000 });
    await benPage.getByRole("button", { name: unreadLabel(1) }).click();
    await benPage.getByRole("menuitem", { name: /Ana Writer/ }).click();
    await benPage.waitForURL((url) => url.searchParams.get("chat_id") === chat.id);
    await benPage.getByTestId("chat-history").getByText("Hello Ben, see you at the wheel?").waitFor();
    await benPage.getByRole("button", { name: unreadLabel(0) }).waitFor({ timeout: 15_000 });

    const answer = benPage.getByRole("textbox", { name: en.messages.compose });
    await answer.fill("Yes, Thursday at six!");
    await benPage.getByRole("button", { name: en.messages.send }).click();
    await anaPage.getByTestId("chat-history").getByText("Yes, Thursday at six!").waitFor({ timeout: 15_000 });
  });
});
