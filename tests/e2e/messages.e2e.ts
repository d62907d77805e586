// Messages in two real browsers: a member writes, the other sees the top bar's unread badge rise
// without reloading, opens the chat from the dropdown, reads it (the badge clears) and answers, and
// the answer appears live in the first browser. The owner starts a chat with the member picker,
// sends a photo from the media library that the other browser shows, who mutes the chat; the
// screen at desktop and phone width goes to docs/screenshots/messages-*.png.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { chatService } from "../../server/modules/chats";
import { buildMember, buildUser } from "../../server/seed/builders";
import { signIn } from "../support/platform";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs/screenshots");
const m = en.messages;
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

  it("the owner starts a chat with the picker and sends a library photo; the member sees it and mutes the chat", async () => {
    const { site, owner, origin } = await e2e.newSite("msgpick", { ownerName: "Olga Owner" });
    const ben = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("ben"), name: "Ben Student" });
    await buildMember(e2e.t.database.db, site, ben, "student");
    const cookie = await signIn(e2e.t, site.slug, owner.email, owner.password);
    const form = new FormData();
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    form.set("file", new File([new Uint8Array(photo)], "kiln.png"));
    expect((await e2e.t.request(site.slug, "/api/v1/media", { method: "POST", body: form, cookie })).status).toBe(201);

    const benPage = await e2e.signedIn(origin, ben.email, ben.password);
    await open(benPage, `${origin}/dashboard/messages`);
    await benPage.getByText(m.empty).waitFor();

    const olga = await e2e.signedIn(origin, owner.email, owner.password);
    await open(olga, `${origin}/dashboard/messages`);
    await olga.getByText(m.empty).waitFor();
    await olga.getByRole("button", { name: m.new.open }).click();
    const dialog = olga.getByRole("dialog", { name: m.new.title });
    await dialog.getByRole("searchbox", { name: m.new.search }).fill("Ben");
    await dialog.getByRole("checkbox", { name: "Ben Student" }).check();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await olga.screenshot({ path: join(SCREENSHOTS, "messages-new-1280.png") });
    await dialog.getByRole("button", { name: m.new.start }).click();
    await dialog.waitFor({ state: "hidden" });
    await olga.getByRole("heading", { name: "Ben Student" }).waitFor();

    await olga.getByRole("button", { name: m.attach }).click();
    const library = olga.getByRole("dialog", { name: en.media.picker.title });
    await library.getByRole("button", { name: en.media.grid.open.replace("{{name}}", "kiln.png") }).click();
    await library.waitFor({ state: "hidden" });
    await olga.getByRole("group", { name: m.attachments }).getByText("kiln.png").waitFor();
    const compose = olga.getByRole("textbox", { name: m.compose });
    await compose.fill("The kiln, fired at last");
    await compose.press("Enter");
    await olga.getByTestId("chat-history").getByRole("img", { name: "kiln.png" }).waitFor();

    // The new chat reaches Ben's list without a reload; he opens it and the photo shows.
    const chats = benPage.getByRole("navigation", { name: m.chats });
    await chats.getByRole("button", { name: /Olga Owner/ }).click({ timeout: 15_000 });
    const image = benPage.getByTestId("chat-history").getByRole("img", { name: "kiln.png" });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
      .toBe(640);
    await benPage.getByTestId("chat-history").getByText("The kiln, fired at last").waitFor();

    await benPage.getByRole("button", { name: m.options }).click();
    await benPage.getByRole("menuitem", { name: m.mute }).click();
    await chats.getByRole("img", { name: m.mutedIcon }).waitFor();
    await benPage.reload();
    await hydrated(benPage);
    await chats.getByRole("img", { name: m.mutedIcon }).waitFor();
    await benPage.getByRole("button", { name: m.options }).click();
    await benPage.getByRole("menuitem", { name: m.unmute }).waitFor();
    await benPage.keyboard.press("Escape");
    await benPage.getByRole("menu").waitFor({ state: "hidden" });

    await benPage.screenshot({ path: join(SCREENSHOTS, "messages-1280.png") });
    await benPage.setViewportSize({ width: 390, height: 800 });
    await benPage.getByRole("button", { name: m.back }).waitFor();
    await benPage.screenshot({ path: join(SCREENSHOTS, "messages-390.png") });
    await benPage.getByRole("button", { name: m.back }).click();
    await chats.getByRole("button", { name: /Olga Owner/ }).waitFor();
    await benPage.screenshot({ path: join(SCREENSHOTS, "messages-list-390.png") });
  });
});
