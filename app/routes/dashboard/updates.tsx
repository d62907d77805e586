import { Alert, Button, Card, Stack, Text, TextInput, Title, Typography } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, data, useNavigation } from "react-router";
import { formatPostDate } from "../../components/post-meta";
import { RichTextEditor } from "../../components/rich-text-editor";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/updates";
import { Pager } from "../../components/pager";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** Staff on the platform site: the product updates owners receive; anyone else finds no such page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const updates = context.services.platformUpdates;
  if (!updates.canManage) throw new Response("Not found", { status: 404 });
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const result = await updates.list(page);
  return {
    title: pageTitle(translatorFor(context, request), "blog.updates.title", context.site.settings.sitetitle),
    items: result.items,
    page,
    pages: Math.max(1, Math.ceil(result.total / 20)),
  };
}

type AppErrorLike = { code?: string; message?: string; details?: unknown };

export async function action({ context, request }: Route.ActionArgs) {
  const updates = context.services.platformUpdates;
  if (!updates.canManage) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  try {
    const published = await updates.publish({
      title: String(form.get("title") ?? ""),
      body: String(form.get("body") ?? ""),
    });
    return { ok: true as const, notified: published.notified, fields: {} as Record<string, string> };
  } catch (err) {
    const e = err as AppErrorLike;
    if (e?.code !== "validation_failed" && e?.code !== "payload_too_large") throw err;
    const fields: Record<string, string> = {};
    for (const d of Array.isArray(e.details) ? (e.details as { field?: string; message?: string }[]) : []) {
      if (d.field) fields[d.field] = d.message ?? "";
    }
    return data({ ok: false as const, notified: 0, fields }, { status: 422 });
  }
}

export default function Updates({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  // A published update clears the form for the next one.
  useEffect(() => {
    if (actionData?.ok) {
      setTitle("");
      setBody("");
    }
  }, [actionData]);
  const fields = actionData && !actionData.ok ? actionData.fields : {};
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("blog.updates.title")}</h1>
      </div>
      <Text c="dimmed" mb="md">
        {t("blog.updates.intro")}
      </Text>
      <Card withBorder padding="md" radius="md" mb="xl" maw={900}>
        <Form method="post" noValidate>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t("blog.updates.write")}
            </Title>
            {actionData?.ok ? (
              <Alert color="green" role="status">
                {t("blog.updates.publishedNotice", { count: actionData.notified })}
              </Alert>
            ) : null}
            <TextInput
              name="title"
              label={t("blog.updates.fieldTitle")}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={fields.title}
              required
              maxLength={200}
            />
            <div>
              <RichTextEditor label={t("blog.updates.fieldBody")} name="body" value={body} onChange={setBody} />
              {fields.body ? (
                <Text c="red" size="sm" role="alert" mt={4}>
                  {fields.body}
                </Text>
              ) : null}
            </div>
            <div>
              <Button type="submit" loading={busy}>
                {t("blog.updates.publish")}
              </Button>
            </div>
          </Stack>
        </Form>
      </Card>
      <Title order={2} size="h3" mb="sm">
        {t("blog.updates.listTitle")}
      </Title>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{t("blog.updates.empty")}</p>
      ) : (
        <Stack gap="md" maw={900}>
          {d.items.map((u) => (
            <Card key={u.id} withBorder padding="md" radius="md" component="article">
              <Title order={3} size="h5">
                {u.title}
              </Title>
              <Text size="xs" c="dimmed" mb="xs">
                <time dateTime={u.publishedAt}>{formatPostDate(u.publishedAt, i18n.language)}</time>
              </Text>
              <Typography>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: update bodies are sanitised when published */}
                <div dangerouslySetInnerHTML={{ __html: u.body }} />
              </Typography>
            </Card>
          ))}
        </Stack>
      )}
      <Pager page={d.page} pages={d.pages} to={(p) => `?page=${p}`} />
    </div>
  );
}
