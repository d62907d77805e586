import { Anchor, Button, Stack, Text } from "@mantine/core";
import { IconHeart, IconTrash } from "@tabler/icons-react";
import { data, Link, useFetcher } from "react-router";
import { type ListColumn, ListScreen } from "../../components/list-kit";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/wishlist";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The signed-in member's saved courses (spec §9 course_wishlisted), newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || context.site.features?.lms === false) throw new Response("Not found", { status: 404 });
  return {
    title: pageTitle(translatorFor(context, request), "wishlist.title", context.site.settings.sitetitle),
    items: await context.services.learning.wishlist.list(),
  };
}

/** Takes a course off the wishlist. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await context.services.learning.wishlist.remove(String(form.get("courseId") ?? ""));
    return { error: null };
  } catch (err) {
    const e = err as { code?: string; status?: number; message?: string };
    if (!e?.code || !e.status) throw err;
    return data({ error: e.message ?? "" }, { status: e.status });
  }
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

type Row = Route.ComponentProps["loaderData"]["items"][number];

function RemoveButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="courseId" value={row.courseId} />
      <Button
        type="submit"
        size="xs"
        variant="subtle"
        color="red"
        loading={fetcher.state !== "idle"}
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={t("wishlist.removeNamed", { title: row.title })}
      >
        {t("wishlist.remove")}
      </Button>
    </fetcher.Form>
  );
}

export default function Wishlist({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("wishlist.course"),
      cell: ({ row: { original: c } }) => (
        <Anchor component={Link} to={`/course/${c.slug}`}>
          {c.title}
        </Anchor>
      ),
    },
    {
      id: "savedAt",
      header: t("wishlist.savedAt"),
      cell: ({ row }) => new Date(row.original.savedAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
    },
    { id: "remove", header: t("wishlist.actions"), cell: ({ row }) => <RemoveButton row={row.original} /> },
  ];
  return (
    <ListScreen
      title={t("wishlist.title")}
      table={{ data: d.items, columns, getRowId: (c) => c.courseId, label: t("wishlist.title") }}
      empty={
        <Stack align="center" gap="xs" py="xl">
          <IconHeart size={36} aria-hidden className="muted" />
          <Text>{t("wishlist.empty")}</Text>
          <Anchor component={Link} to="/course">
            {t("wishlist.browse")}
          </Anchor>
        </Stack>
      }
    />
  );
}
