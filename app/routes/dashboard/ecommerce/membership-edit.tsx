import { Alert, Button, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { PickMany } from "../../../components/shop/pick-many";
import { redirect, useFetcher } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { EditorFrame } from "../../../components/editor-frame";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/membership-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const LIST = "/dashboard/manage/ecommerce/memberships";

/** One membership for the owner (manage_options): its courses and member-only pages; "new" creates. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const isNew = params.id === "new";
  const [membership, choices] = await Promise.all([
    isNew ? null : shop.memberships.get(params.id).catch(asPageError),
    shop.choices(),
  ]);
  return {
    title: pageTitle(
      translatorFor(context, request),
      isNew ? "shop.newMembership" : "shop.editMembership",
      context.site.settings.sitetitle,
    ),
    membership,
    courses: choices.courses,
    pages: choices.pages,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export async function action({ context, request, params }: Route.ActionArgs) {
  const shop = context.services.shop;
  if (request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")) {
    const form = await request.formData();
    if (form.get("intent") !== "delete") return unknownIntent();
    const r = await runAction(() => shop.memberships.remove(params.id));
    return "ok" in r && r.ok ? redirect(LIST) : r;
  }
  const { payload } = await readIntent(request);
  const input = {
    title: typeof payload.title === "string" ? payload.title : "",
    description: typeof payload.description === "string" ? payload.description : "",
    courseIds: strings(payload.courseIds),
    pageIds: strings(payload.pageIds),
  };
  if (params.id === "new") {
    const r = await runAction(() => shop.memberships.create(input));
    return "ok" in r && r.ok ? redirect(`/dashboard/manage/ecommerce/membership/${r.value.id}?saved`) : r;
  }
  return runAction(() => shop.memberships.update(params.id, input));
}

export default function MembershipEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const m = d.membership;
  const [title, setTitle] = useState(m?.title ?? "");
  const [description, setDescription] = useState(m?.description ?? "");
  const [courseIds, setCourseIds] = useState<string[]>(m?.courseIds ?? []);
  const [pageIds, setPageIds] = useState<string[]>(m?.pageIds ?? []);
  const result = fetcher.data && typeof fetcher.data === "object" && "ok" in fetcher.data ? fetcher.data : null;
  const failed = result && !result.ok ? result : null;
  const fields: Record<string, string> = failed?.fields ?? {};
  const saved = (result?.ok || (d.saved && !result)) && fetcher.state === "idle";
  const [dirty, setDirty] = useState(false);
  const edit =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setDirty(true);
    };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setDirty(false);
    fetcher.submit(
      { intent: "save", payload: { title, description, courseIds, pageIds } },
      { method: "post", encType: "application/json" },
    );
  };
  return (
    <EditorFrame
      back={{ to: LIST, label: t("shop.backToMemberships") }}
      title={m ? m.title : t("shop.newMembership")}
      dirty={dirty}
      actions={
        m ? (
          <ConfirmDeleteButton
            id={m.id}
            label={t("shop.delete")}
            dialogTitle={t("shop.confirmDeleteTitle")}
            message={t("shop.confirmDeleteMembership", { title: m.title })}
            cancelLabel={t("common.cancel")}
          />
        ) : null
      }
      notice={saved && !dirty ? t("shop.saved") : null}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={720}>
          {failed ? (
            <Alert color="red" role="alert">
              {failed.message}
            </Alert>
          ) : null}
          <TextInput
            label={t("shop.fields.title")}
            value={title}
            onChange={(e) => edit(setTitle)(e.currentTarget.value)}
            required
            maxLength={200}
            error={fields.title}
          />
          <Textarea
            label={t("shop.fields.description")}
            value={description}
            onChange={(e) => edit(setDescription)(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          <PickMany
            label={t("shop.fields.courses")}
            choices={d.courses}
            value={courseIds}
            onChange={edit(setCourseIds)}
            error={fields.courseIds}
          />
          <PickMany
            label={t("shop.fields.pages")}
            description={t("shop.fields.pagesHint")}
            choices={d.pages}
            value={pageIds}
            onChange={edit(setPageIds)}
            error={fields.pageIds}
          />
          <div>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("shop.save")}
            </Button>
          </div>
        </Stack>
      </form>
    </EditorFrame>
  );
}
