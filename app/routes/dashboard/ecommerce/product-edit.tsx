import { Anchor, Group } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link, redirect, useFetcher } from "react-router";
import type { ProductMetadata } from "../../../../core/product";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { EditorFrame } from "../../../components/editor-frame";
import { ProductForm, type ProductFormValue } from "../../../components/shop/product-form";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/product-edit";
import type { SaleInput } from "../../../../core/product-sale";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const LIST = "/dashboard/manage/ecommerce";

/** One product for the owner (manage_options); "new" opens an empty editor. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const isNew = params.id === "new";
  const [product, choices] = await Promise.all([
    isNew ? null : shop.products.get(params.id).catch(asPageError),
    shop.choices(),
  ]);
  const t = translatorFor(context, request);
  return {
    title: pageTitle(t, isNew ? "shop.newProduct" : "shop.editProduct", context.site.settings.sitetitle),
    product,
    choices,
    currency: shop.currency,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

/** The sale as sent (null ends it); the service checks its values. */
const saleOf = (v: unknown): SaleInput | null => {
  if (!v || typeof v !== "object") return null;
  const s = v as Record<string, unknown>;
  return { price: Number(s.price), startsAt: String(s.startsAt ?? ""), endsAt: String(s.endsAt ?? "") };
};
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined);

/** The offer after purchase as posted; null clears it. */
function upsellInput(v: unknown) {
  if (!v || typeof v !== "object") return null;
  const u = v as { productId?: unknown; headline?: unknown; price?: unknown };
  if (typeof u.productId !== "string" || !u.productId) return null;
  return {
    productId: u.productId,
    headline: str(u.headline) ?? null,
    price: typeof u.price === "number" ? u.price : null,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const shop = context.services.shop;
  if (request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")) {
    // The delete confirmation posts a plain form.
    const form = await request.formData();
    if (form.get("intent") === "delete") {
      const r = await runAction(() => shop.products.remove(params.id));
      return "ok" in r && r.ok ? redirect(LIST) : r;
    }
    return unknownIntent();
  }
  const { payload } = await readIntent(request);
  const input = {
    title: str(payload.title) ?? "",
    slug: str(payload.slug) || null,
    description: str(payload.description) ?? "",
    image: str(payload.image) || null,
    status: payload.status === "published" ? ("published" as const) : ("draft" as const),
    metadata: (payload.metadata && typeof payload.metadata === "object" ? payload.metadata : {}) as ProductMetadata,
    courseIds: ids(payload.courseIds) ?? [],
    membershipIds: ids(payload.membershipIds) ?? [],
    upsell: upsellInput(payload.upsell),
    sale: saleOf(payload.sale),
  };
  if (params.id === "new") {
    const r = await runAction(() => shop.products.create(input));
    return "ok" in r && r.ok ? redirect(`${LIST}/product/${r.value.id}?saved`) : r;
  }
  return runAction(() => shop.products.update(params.id, input));
}

export default function ProductEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data && typeof fetcher.data === "object" && "ok" in fetcher.data ? fetcher.data : null;
  const failed = result && !result.ok ? result : null;
  const saved = (result?.ok || (d.saved && !result)) && fetcher.state === "idle";
  const p = d.product;
  // The form's own changes; a save on its way (and the move to a new product's address) does not ask.
  const [changed, setChanged] = useState(false);
  const dirty = changed && fetcher.state === "idle";
  const submit = (value: ProductFormValue) =>
    fetcher.submit({ intent: "save", payload: value }, { method: "post", encType: "application/json" });
  return (
    <EditorFrame
      back={{ to: LIST, label: t("shop.backToProducts") }}
      title={p ? p.title : t("shop.newProduct")}
      status={p ? { label: t(`shop.statuses.${p.status}`), color: p.status === "published" ? "green" : "gray" } : null}
      dirty={dirty}
      actions={
        <Group gap="sm">
          {p?.status === "published" ? (
            <Anchor component={Link} to={`/product/${p.slug}`}>
              {t("shop.viewProduct")}
            </Anchor>
          ) : null}
          {p ? (
            <ConfirmDeleteButton
              id={p.id}
              label={t("shop.delete")}
              dialogTitle={t("shop.confirmDeleteTitle")}
              message={t("shop.confirmDeleteProduct", { title: p.title })}
              cancelLabel={t("common.cancel")}
            />
          ) : null}
        </Group>
      }
      notice={saved && !dirty ? t("shop.saved") : null}
    >
      {/* A save brings the product back with a new revision: the form starts again from it. */}
      <ProductForm
        key={p?.updatedAt ?? "new"}
        initial={p}
        currency={d.currency}
        choices={d.choices}
        selfId={p?.id ?? null}
        busy={fetcher.state !== "idle"}
        fields={failed?.fields ?? {}}
        message={failed ? failed.message : null}
        onSubmit={submit}
        onDirtyChange={setChanged}
      />
    </EditorFrame>
  );
}
