import { useMemo, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { type ShouldRevalidateFunctionArgs, data, redirect, useNavigation } from "react-router";
import { EditorFrame } from "../../components/editor-frame";
import { PostForm, type PostFormValue } from "../../components/post-form";
import { asRefusal } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/post-edit";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string; details?: unknown };
const notFound = () => new Response("Not found", { status: 404 });

/** A new post (/dashboard/post) or one to edit (/dashboard/post/:id), for the site's managers. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const editor = context.services.postEditor;
  if (!editor.canManage) throw notFound();
  const t = translatorFor(context, request);
  const id = params.id;
  if (id && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
  const [post, categories] = await Promise.all([
    id
      ? editor.get(id).catch((err: AppErrorLike) => {
          if (err?.code === "not_found") throw notFound();
          throw err;
        })
      : Promise.resolve(null),
    editor.categories(),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    title: pageTitle(t, post ? "blog.editor.editPost" : "blog.editor.newPost", context.site.settings.sitetitle),
    post: post && {
      id: post.id,
      status: post.status,
      slug: post.slug,
      value: {
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt,
        coverImage: post.coverImage ?? "",
        featured: post.featured,
        categoryIds: post.categories.map((c) => c.id),
        publishedAt: post.publishedAt ?? "",
      } satisfies PostFormValue,
    },
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    saved: saved === "publish" || saved === "save" ? saved : null,
  };
}

/** Adding a category inline keeps the unsaved post as it is (no reload of the form's data). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "createCategory") return false;
  return defaultShouldRevalidate;
}

/** Field messages from a service error, or null when it is not about the input. */
function inputProblem(err: unknown) {
  const e = err as AppErrorLike;
  if (!["validation_failed", "conflict", "payload_too_large"].includes(e?.code ?? "")) return null;
  const fields: Record<string, string> = {};
  for (const d of Array.isArray(e.details) ? (e.details as { field?: string; message?: string }[]) : []) {
    if (d.field && !fields[d.field]) fields[d.field] = d.message ?? "";
  }
  return data(
    { ok: false as const, fields, message: e.message ?? null, saved: null, category: undefined },
    { status: e.code === "conflict" ? 409 : 422 },
  );
}

function readPost(raw: FormDataEntryValue | null) {
  try {
    const v = JSON.parse(String(raw ?? "{}")) as Partial<PostFormValue> & { publishedAt?: string | null };
    return {
      title: String(v.title ?? ""),
      slug: v.slug ? String(v.slug) : null,
      content: String(v.content ?? ""),
      excerpt: v.excerpt ? String(v.excerpt) : null,
      coverImage: v.coverImage ? String(v.coverImage) : null,
      featured: Boolean(v.featured),
      categoryIds: Array.isArray(v.categoryIds) ? v.categoryIds.map(String) : [],
      publishedAt: v.publishedAt ? String(v.publishedAt) : null,
    };
  } catch {
    return null;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const editor = context.services.postEditor;
  if (!editor.canManage) throw notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "createCategory") {
      const category = await editor.createCategory({ name: String(form.get("name") ?? "") });
      return { ok: true as const, fields: {}, message: null, saved: null, category };
    }
    const input = readPost(form.get("post"));
    if (!input)
      return data({ ok: false as const, fields: {}, message: null, saved: null, category: undefined }, { status: 400 });
    if (!params.id) {
      const created = await editor.create(input);
      if (intent === "publish") await editor.publish(created.id, input.publishedAt);
      return redirect(`/dashboard/post/${created.id}?saved=${intent === "publish" ? "publish" : "save"}`);
    }
    if (intent === "unpublish") {
      await editor.update(params.id, input);
      await editor.unpublish(params.id);
      return { ok: true as const, fields: {}, message: null, saved: "unpublish" as const, category: undefined };
    }
    await editor.update(params.id, input);
    if (intent === "publish") await editor.publish(params.id, input.publishedAt);
    return {
      ok: true as const,
      fields: {},
      message: null,
      saved: intent === "publish" ? ("publish" as const) : ("save" as const),
      category: undefined,
    };
  } catch (err) {
    const problem = inputProblem(err);
    if (problem) return problem;
    const message = (err as AppErrorLike)?.message ?? null;
    return asRefusal(err, { ok: false as const, fields: {}, message, saved: null, category: undefined });
  }
}

const EMPTY: PostFormValue = {
  title: "",
  slug: "",
  content: "",
  excerpt: "",
  coverImage: "",
  featured: false,
  categoryIds: [],
  publishedAt: "",
};

export default function PostEdit({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const initial = useMemo(() => d.post?.value ?? EMPTY, [d.post]);
  const [dirty, setDirty] = useState(false);
  const navigation = useNavigation();
  const saved = actionData?.saved ?? (actionData ? null : d.saved);
  const notice =
    saved === "publish"
      ? t("blog.editor.publishedNotice")
      : saved === "unpublish"
        ? t("blog.editor.unpublishedNotice")
        : saved === "save"
          ? t("blog.editor.savedNotice")
          : null;
  return (
    <EditorFrame
      back={{ to: "/dashboard/posts", label: t("blog.editor.allPosts") }}
      title={d.post ? t("blog.editor.editPost") : t("blog.editor.newPost")}
      // A submission (and the redirect after it) is not leaving with unsaved changes.
      dirty={dirty && navigation.state === "idle"}
    >
      <PostForm
        key={d.post?.id ?? "new"}
        initial={initial}
        status={d.post?.status ?? null}
        savedSlug={d.post?.slug ?? null}
        categories={d.categories}
        fields={actionData && !actionData.ok ? actionData.fields : {}}
        message={actionData && !actionData.ok ? (actionData.message ?? t("blog.editor.invalid")) : null}
        notice={notice}
        onDirtyChange={setDirty}
      />
    </EditorFrame>
  );
}
