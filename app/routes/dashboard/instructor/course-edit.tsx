import { Alert, Button, Stack, Tabs } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import {
  CertificateForm,
  CourseDetailsForm,
  type CourseFormValue,
  CourseSettingsForm,
} from "../../../components/instructor/course-forms";
import { CourseAuthors } from "../../../components/instructor/course-authors";
import { type BuilderItem, CurriculumBuilder } from "../../../components/instructor/curriculum-builder";
import { EditorActions, EditorFrame } from "../../../components/editor-frame";
import { type AcceptedDraft, CourseAssistant } from "../../../components/ai/course-assistant";
import { isBlankHtml, withoutEmptySections } from "../../../../core/course-template";
import { withTemplate } from "../../../lib/course-template";
import { errorOf } from "../../../lib/action-result";
import { planRefusal } from "../../../lib/plan-limit";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { ZCourseUpdate, ZCurriculum } from "../../../../core/course-schemas";
import { asPageError, checked, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/course-edit";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse || !isUuid(params.courseId)) throw notFound();
  const [course, items, quizzes, categories] = await Promise.all([
    ins.courses.get(params.courseId),
    ins.curriculum.get(params.courseId),
    ins.quizzes.list(),
    ins.categories.list(),
  ]).catch(asPageError);
  const tr = translatorFor(context, request);
  const value: CourseFormValue = {
    title: course.title,
    slug: course.slug,
    excerpt: course.excerpt,
    description: withTemplate(course.description, tr),
    featuredImage: course.featuredImage,
    seats: course.seats,
    access: course.access,
    courseDuration: course.courseDuration,
    settings: course.settings,
    certificate: course.certificate ?? { enabled: false, title: "", body: "" },
    categoryIds: course.categories.map((c) => c.id),
  };
  return {
    title: pageTitle(tr, "instructor.editor.title", context.site.settings.sitetitle),
    course: {
      id: course.id,
      slug: course.slug,
      status: course.status,
      authors: course.authors,
      authorId: course.authorId,
    },
    value,
    items: items.map((i, n) => ({ ...i, key: i.id ?? `s-${n}` })) as BuilderItem[],
    quizzes: quizzes.map((q) => ({ id: q.id, title: q.title })),
    categories: categories.map((c) => ({ value: c.id, label: c.name })),
  };
}

/**
 * JSON intents: save/publish/unpublish (course and curriculum), addAuthor, removeAuthor. Items added
 * in the builder are created by the curriculum save itself, so leaving unsaved leaves nothing behind.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const ins = context.services.instructor;
  const id = params.courseId;
  const { intent, payload } = await readIntent(request);
  switch (intent) {
    case "addAuthor":
      return runAction(async () => ({
        authors: (await ins.courses.addAuthor(id, String(payload.userId ?? ""))).authors,
      }));
    case "removeAuthor":
      return runAction(async () => ({
        authors: (await ins.courses.removeAuthor(id, String(payload.userId ?? ""))).authors,
      }));
    default: {
      const value = payload.course;
      const items = payload.items as BuilderItem[] | undefined;
      return runAction(async () => {
        const status = intent === "publish" ? "published" : intent === "unpublish" ? "draft" : undefined;
        // Both are checked before either is stored, so a bad field leaves everything as it was.
        const patch = checked(ZCourseUpdate, { ...(value as object), ...(status && { status }) });
        const list = items
          ? checked(
              ZCurriculum,
              items.map(({ key: _key, ...i }) => i),
            )
          : null;
        const stored = list ? await ins.curriculum.put(id, list) : null;
        const course = await ins.courses.update(id, patch);
        return { status: course.status, slug: course.slug, intent, items: stored };
      });
    }
  }
}

export default function CourseEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const save = useFetcher<typeof action>();
  const [value, setValue] = useState(d.value);
  const [items, setItems] = useState(d.items);
  const [dirty, setDirty] = useState(false);
  const curriculumChanged = useRef(false);
  const [tab, setTab] = useState<string | null>("details");

  const result = save.data && "ok" in save.data ? save.data : null;
  const errors = result && !result.ok ? result.fields : {};
  const saved = result?.ok
    ? (result.value as { status: string; slug: string; intent: string; items: BuilderItem[] | null })
    : null;
  const status = saved?.status ?? d.course.status;
  const slug = saved?.slug ?? d.course.slug;

  useEffect(() => {
    if (result?.ok) {
      setDirty(false);
      curriculumChanged.current = false;
      // The stored list gives the items created by this save their ids (and their edit links).
      const stored = (result.value as { items?: BuilderItem[] | null }).items;
      if (stored) setItems(stored.map((i, n) => ({ ...i, key: i.id ?? `s-${n}` })));
    }
    if (result && !result.ok) setDirty(true);
  }, [result]);

  const change = (patch: Partial<CourseFormValue>) => {
    setValue((v) => ({ ...v, ...patch }));
    setDirty(true);
  };
  const changeItems = (next: BuilderItem[]) => {
    setItems(next);
    curriculumChanged.current = true;
    setDirty(true);
  };
  const submit = (intent: "save" | "publish" | "unpublish") => {
    setDirty(false);
    save.submit(
      { intent, payload: { course: value, ...(curriculumChanged.current && { items }) } },
      { method: "post", encType: "application/json" },
    );
  };
  // The assistant's accepted draft: the description (when taken) and the outline appended to the
  // curriculum, saved at once through this editor's own save, which creates the new units.
  const acceptDraft = (draft: AcceptedDraft) => {
    const nextValue = draft.description === null ? value : { ...value, description: draft.description };
    const nextItems = [...items, ...draft.items];
    setValue(nextValue);
    setItems(nextItems);
    curriculumChanged.current = true;
    setDirty(false);
    setTab("curriculum");
    save.submit(
      { intent: "save", payload: { course: nextValue, items: nextItems } },
      { method: "post", encType: "application/json" },
    );
  };
  const busy = save.state !== "idle";
  const errorTabs = Object.keys(errors);
  // A certificate refused by the plan or by the addon switched off reads as such, in the reader's language.
  const refusal = errorOf(result);
  const refusalText =
    refusal?.code === "addon_inactive"
      ? t("errors.action.addonInactive")
      : (planRefusal(t, refusal)?.text ?? result?.message ?? "");

  return (
    <EditorFrame
      back={{ to: "/dashboard/instructor", label: t("instructor.backToCourses") }}
      title={value.title || t("instructor.editor.title")}
      status={{ label: t(`instructor.statuses.${status}`), color: status === "published" ? "green" : "gray" }}
      dirty={dirty}
      actions={
        <EditorActions
          busy={busy}
          onSave={() => submit("save")}
          published={status === "published"}
          onPublish={() => submit("publish")}
          onUnpublish={() => submit("unpublish")}
          labels={{
            save: t("instructor.save"),
            publish: t("instructor.editor.publish"),
            unpublish: t("instructor.editor.unpublish"),
          }}
          extra={
            <>
              <CourseAssistant
                courseId={d.course.id}
                title={value.title}
                descriptionBlank={isBlankHtml(withoutEmptySections(value.description))}
                saving={busy}
                onAccept={acceptDraft}
              />
              <Button variant="default" component="a" href={`/course/${slug}`}>
                {t("instructor.view")}
              </Button>
            </>
          }
        />
      }
      notice={
        saved
          ? saved.intent === "publish"
            ? t("instructor.editor.published")
            : saved.intent === "unpublish"
              ? t("instructor.editor.unpublished")
              : t("instructor.saved")
          : null
      }
      error={result && !result.ok ? `${refusalText}${errorTabs.length ? ` (${errorTabs.join(", ")})` : ""}` : null}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">{t("instructor.editor.tabs.details")}</Tabs.Tab>
          <Tabs.Tab value="curriculum">{t("instructor.editor.tabs.curriculum")}</Tabs.Tab>
          <Tabs.Tab value="settings">{t("instructor.editor.tabs.settings")}</Tabs.Tab>
          <Tabs.Tab value="certificate">{t("instructor.editor.tabs.certificate")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack maw={820}>
            <CourseDetailsForm value={value} onChange={change} errors={errors} categories={d.categories} />
            <CourseAuthors authors={d.course.authors} authorId={d.course.authorId} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="curriculum">
          <Stack maw={820}>
            {Object.entries(errors)
              .filter(([f]) => f.startsWith("items"))
              .map(([f, m]) => (
                <Alert key={f} color="red">
                  {`${items[Number(f.split(".")[1])]?.title ?? f}: ${m}`}
                </Alert>
              ))}
            <CurriculumBuilder
              courseId={d.course.id}
              items={items}
              onChange={changeItems}
              quizzes={d.quizzes}
              unitDrip={Boolean(value.settings.dripfeed && value.settings.dripFeedUnitDuration)}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack maw={620}>
            <CourseSettingsForm value={value} onChange={change} errors={errors} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="certificate">
          <Stack maw={620}>
            <CertificateForm value={value} onChange={change} errors={errors} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </EditorFrame>
  );
}
