import { Alert, Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, redirect, useNavigation } from "react-router";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { PlanRefusal } from "../../../components/plan-refusal";
import { planRefusalCode } from "../../../lib/plan-limit";
import type { Route } from "./+types/new-course";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const categories = await ins.categories.list().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "instructor.newPage.title", context.site.settings.sitetitle),
    categories: categories.map((c) => ({ value: c.id, label: c.name })),
  };
}

/** Creates the draft and opens its editor. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const category = String(form.get("category") ?? "");
  const result = await runAction(() =>
    context.services.instructor.courses.create({
      title: String(form.get("title") ?? ""),
      categoryIds: category ? [category] : [],
    }),
  );
  if ("ok" in result && result.ok) return redirect(`/dashboard/instructor/course/${result.value.id}`);
  return result;
}

export default function NewCourse({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return (
    <div className="page">
      <Link to="/dashboard/instructor">← {t("instructor.backToCourses")}</Link>
      <h1>{t("instructor.newPage.title")}</h1>
      <Form method="post">
        <Stack maw={520}>
          <PlanRefusal result={failed} mb="0" />
          {failed && !failed.fields.title && !planRefusalCode(failed) ? (
            <Alert color="red">{failed.message}</Alert>
          ) : null}
          <TextInput
            name="title"
            label={t("instructor.newPage.courseTitle")}
            required
            maxLength={200}
            error={failed?.fields.title}
            data-autofocus
          />
          {d.categories.length ? (
            <NativeSelect
              name="category"
              label={t("instructor.newPage.category")}
              data={[{ value: "", label: t("instructor.newPage.noCategory") }, ...d.categories]}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              {t("instructor.newPage.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </div>
  );
}
