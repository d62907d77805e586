import { describe, expect, it } from "vitest";
import { COURSE_EVENT_TYPES, courseEventRule } from "../../core/course-events";
import { MEMBER_EVENT_TYPES, memberEventRules } from "../../core/member-events";
import { createI18n } from "../i18n";
import { COMPLETE_LANGUAGES } from "../i18n/languages";
import { serverResources } from "../i18n/resources.server";
import { notificationText } from "./notification-text";

const tIn = (lang: string) => createI18n(lang, serverResources).getFixedT(lang);
const course = (event: string, params: Record<string, unknown>, title = "English subject") => ({
  title,
  message: "",
  data: { event, params },
});

describe("notificationText", () => {
  it("words a course notification in the reader's language, once", () => {
    const item = course("quiz_evaluated", { quiz: "Colours", course: "Painting", marks: 7 }, "Colours was evaluated");
    expect(notificationText(item, tIn("es"))).toEqual({
      title: "Tu cuestionario Colours fue evaluado: 7 puntos",
      message: null,
    });
    expect(notificationText(item, tIn("en")).title).toBe("Your quiz Colours was evaluated: 7 marks");
  });

  it("names an enrolment status instead of showing its number", () => {
    const item = course("course_status_changed", { course: "Painting", status: 4 });
    expect(notificationText(item, tIn("fr")).title).toBe("Votre statut dans Painting est désormais Réussi");
  });

  it("shows names as written, never as markup", () => {
    const item = course("course_subscribed", { student: "Ana <b>&</b>", course: "A & B" });
    expect(notificationText(item, tIn("en")).title).toBe("Ana <b>&</b> enrolled in A & B");
  });

  it("has words for every course event that notifies, in every complete language", () => {
    for (const type of COURSE_EVENT_TYPES.filter((e) => courseEventRule(e))) {
      for (const lang of COMPLETE_LANGUAGES) {
        expect(notificationText(course(type, {}), tIn(lang)).title, `${lang} ${type}`).not.toBe("English subject");
      }
    }
  });

  it("words member notices per recipient, for every member event, in every complete language", () => {
    const notice = (event: string, recipient: string, params: Record<string, unknown> = {}) => ({
      title: "English subject",
      message: "",
      data: { event, recipient, params },
    });
    expect(
      notificationText(notice("student_registration", "owner", { member: "Ana", site: "Atelier" }), tIn("en")).title,
    ).toBe("Ana joined as a student");
    expect(notificationText(notice("student_registration", "student", { site: "Atelier" }), tIn("de")).title).toBe(
      "Willkommen bei Atelier",
    );
    for (const type of MEMBER_EVENT_TYPES) {
      for (const r of memberEventRules(type)) {
        for (const lang of COMPLETE_LANGUAGES) {
          expect(notificationText(notice(type, r.recipient), tIn(lang)).title, `${lang} ${type}`).not.toBe(
            "English subject",
          );
        }
      }
    }
  });

  it("words group invitations and new posts in the reader's language", () => {
    const invite = {
      title: "Ana invited you to join Potters",
      message: "",
      data: { event: "group_member_invited", params: { member: "Ana", group: "Potters" } },
    };
    expect(notificationText(invite, tIn("fr")).title).toBe("Ana vous invite à rejoindre Potters");
    const post = {
      title: "Ana posted in Potters",
      message: "Kiln at noon",
      data: { event: "group_post_created", params: { member: "Ana", group: "Potters" } },
    };
    expect(notificationText(post, tIn("de"))).toEqual({
      title: "Ana hat in Potters gepostet",
      message: "Kiln at noon",
    });
  });

  it("keeps the stored title of a course notification written before it carried its names", () => {
    const old = {
      title: "New student in Maths",
      message: "New student in Maths",
      data: { event: "course_subscribed" },
    };
    expect(notificationText(old, tIn("es"))).toEqual({ title: "New student in Maths", message: null });
  });

  it("keeps other notifications as written, and their message only when it adds something", () => {
    const t = tIn("de");
    expect(notificationText({ title: "Backup done", message: "<p>Backup done</p>", data: {} }, t)).toEqual({
      title: "Backup done",
      message: null,
    });
    expect(notificationText({ title: "New message", message: "<p>Hello</p><p>there</p>", data: null }, t)).toEqual({
      title: "New message",
      message: "Hello there",
    });
  });
});
