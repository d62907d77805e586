import { Stack, Title } from "@mantine/core";
import { PublicForm } from "../../components/forms/public-form";
import type { Route } from "./+types/form";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.form.name} · ${data.siteName}` : "Atrium" },
  { name: "robots", content: "noindex" },
];

/** A form's own public address, /f/{id}, in the site's layout; another site's or an inactive form is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const form = await context.services.forms.published(params.formId ?? "");
  if (!form) throw new Response("Not found", { status: 404 });
  return {
    siteName: context.site.settings.sitetitle,
    form: {
      id: form.id,
      name: form.name,
      fields: form.fields,
      successMessage: form.settings.successMessage ?? "",
      redirectUrl: form.settings.redirectUrl ?? "",
    },
  };
}

export default function PublicFormPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="page">
      <Stack maw={560} mx="auto" my="xl" gap="md">
        <Title order={1}>{d.form.name}</Title>
        <PublicForm form={d.form} />
      </Stack>
    </div>
  );
}
