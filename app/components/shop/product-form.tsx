// The product editor's fields: what it is, its price (typed in the currency's major units, stored
// in minor units), billing period for subscriptions, cross-sells and what buying it grants.
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { type Choice, PickMany } from "./pick-many";
import { currencyOf, toMajor, toMinor } from "../../../core/currency";
import type { ProductMetadata } from "../../../core/product";
import type { SaleInput } from "../../../core/product-sale";
import { SaleFields, saleDraftOf, saleInputOf } from "./sale-fields";
import { useUnsavedChanges } from "../editor-frame";
import { MediaPicker } from "../media-picker";
import { PERIODS } from "./period";
import { type UpsellChoice, UpsellFields, type UpsellValue, upsellOf } from "./upsell-fields";

export type { Choice } from "./pick-many";
export type ProductFormValue = {
  title: string;
  slug: string;
  description: string;
  image: string | null;
  status: "draft" | "published";
  metadata: ProductMetadata;
  courseIds: string[];
  membershipIds: string[];
  upsell?: { productId: string; headline?: string | null; price?: number | null } | null;
  /** The scheduled sale of a one-time price; null ends it. */
  sale: SaleInput | null;
};

type PriceKind = "none" | "onetime" | "subscription";

type Props = {
  initial: ProductFormValue | null;
  currency: string;
  choices: { courses: Choice[]; products: UpsellChoice[]; memberships: Choice[] };
  selfId: string | null;
  busy: boolean;
  fields: Record<string, string>;
  message: string | null;
  onSubmit: (value: ProductFormValue) => void;
  /** Told whether the form differs from the product it opened with (for the editor frame's leave guard). */
  onDirtyChange?: (dirty: boolean) => void;
};

export function ProductForm({
  initial,
  currency,
  choices,
  selfId,
  busy,
  fields,
  message,
  onSubmit,
  onDirtyChange,
}: Props) {
  const { t } = useTranslation();
  const price = initial?.metadata.price ?? null;
  const [title, setTitle] = useState(initial?.title ?? "");
  const [slug, setSlug] = useState(initial?.slug ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [image, setImage] = useState(initial?.image ?? "");
  const [status, setStatus] = useState<"draft" | "published">(initial?.status ?? "draft");
  const [kind, setKind] = useState<PriceKind>(price && price.amount > 0 ? price.type : "none");
  const [amount, setAmount] = useState<number | string>(price ? toMajor(price.amount, currency) : "");
  const [periodValue, setPeriodValue] = useState<number | string>(price?.duration?.value ?? 1);
  const [periodUnit, setPeriodUnit] = useState(String(price?.duration?.parameter ?? 2592000));
  const [featured, setFeatured] = useState(Boolean(initial?.metadata.featured));
  const [cross, setCross] = useState<string[]>((initial?.metadata.cross ?? []).map((c) => c.id));
  const [courseIds, setCourseIds] = useState<string[]>(initial?.courseIds ?? []);
  const [membershipIds, setMembershipIds] = useState<string[]>(initial?.membershipIds ?? []);
  const [offer, setOffer] = useState<UpsellValue>({
    productId: initial?.upsell?.productId ?? null,
    headline: initial?.upsell?.headline ?? "",
    price: initial?.upsell?.price != null ? toMajor(initial.upsell.price, currency) : "",
  });
  const { upsell, priceError: offerPriceError } = upsellOf(offer, currency, choices.products);
  const [sale, setSale] = useState(() => saleDraftOf(initial?.sale, currency));
  const digits = currencyOf(currency).digits;
  const productTitles = new Map(choices.products.map((p) => [p.id, p.title]));

  const minor = toMinor(Number(amount) || 0, currency);
  const value: ProductFormValue = {
    title,
    slug,
    description,
    image: image || null,
    status,
    courseIds,
    membershipIds,
    upsell,
    sale: kind === "onetime" ? saleInputOf(sale, currency) : null,
    metadata: {
      price:
        kind === "none"
          ? null
          : kind === "onetime"
            ? { type: "onetime", amount: minor }
            : {
                type: "subscription",
                amount: minor,
                duration: { value: Math.floor(Number(periodValue) || 0), parameter: Number(periodUnit) },
              },
      featured,
      cross: cross.map((id) => ({ id, value: productTitles.get(id) ?? id })),
    },
  };
  // Every control (selects, steppers, switches, pickers) changes the value, so this sees them all.
  useUnsavedChanges(value, onDirtyChange);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (offerPriceError) return;
    onSubmit(value);
  };

  const priceError = fields["metadata.price.amount"] ?? fields["metadata.price"] ?? fields["metadata.price.type"];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <TextInput
          label={t("shop.fields.title")}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
          maxLength={200}
          error={fields.title}
        />
        <TextInput
          label={t("shop.fields.slug")}
          description={t("shop.fields.slugHint")}
          value={slug}
          onChange={(e) => setSlug(e.currentTarget.value)}
          leftSection={<Text size="xs">/product/</Text>}
          leftSectionWidth={72}
          error={fields.slug}
        />
        <Textarea
          label={t("shop.fields.description")}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={3}
          error={fields.description}
        />
        <MediaPicker label={t("shop.fields.image")} value={image} onChange={setImage} accept="image" />
        <Stack gap={4}>
          <Text fw={500} size="sm" id="price-kind-label">
            {t("shop.fields.priceType")}
          </Text>
          <SegmentedControl
            aria-labelledby="price-kind-label"
            value={kind}
            onChange={(v) => setKind(v as PriceKind)}
            data={[
              { value: "onetime", label: t("shop.types.onetime") },
              { value: "subscription", label: t("shop.types.subscription") },
              { value: "none", label: t("shop.types.none") },
            ]}
          />
          {kind === "none" ? (
            <Text size="sm" c="dimmed">
              {t("shop.fields.noPriceHint")}
            </Text>
          ) : null}
        </Stack>
        {kind !== "none" ? (
          <Group align="flex-start" wrap="wrap">
            <NumberInput
              label={t("shop.fields.amount", { currency })}
              value={amount}
              onChange={setAmount}
              min={0}
              decimalScale={digits}
              allowNegative={false}
              error={priceError}
              style={{ flex: "1 1 10rem" }}
            />
            {kind === "subscription" ? (
              <>
                <NumberInput
                  label={t("shop.fields.every")}
                  value={periodValue}
                  onChange={setPeriodValue}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  error={fields["metadata.price.duration.value"] ?? fields["metadata.price.duration"]}
                  style={{ flex: "0 1 7rem" }}
                />
                <Select
                  label={t("shop.fields.periodUnit")}
                  value={periodUnit}
                  onChange={(v) => setPeriodUnit(v ?? "2592000")}
                  allowDeselect={false}
                  data={PERIODS.map((p) => ({ value: String(p.seconds), label: t(`shop.units.${p.unit}`) }))}
                  error={fields["metadata.price.duration.parameter"]}
                  style={{ flex: "0 1 10rem" }}
                />
              </>
            ) : null}
          </Group>
        ) : null}
        {kind === "onetime" ? (
          <SaleFields
            draft={sale}
            onChange={setSale}
            amount={minor}
            currency={currency}
            digits={digits}
            fields={fields}
          />
        ) : null}
        <Switch
          label={t("shop.fields.featured")}
          checked={featured}
          onChange={(e) => setFeatured(e.currentTarget.checked)}
        />
        <PickMany
          label={t("shop.fields.cross")}
          description={t("shop.fields.crossHint")}
          choices={choices.products.filter((p) => p.id !== selfId)}
          value={cross}
          onChange={setCross}
          error={fields["metadata.cross"]}
        />
        <PickMany
          label={t("shop.fields.courses")}
          choices={choices.courses}
          value={courseIds}
          onChange={setCourseIds}
          error={fields.courseIds}
        />
        <PickMany
          label={t("shop.fields.memberships")}
          choices={choices.memberships}
          value={membershipIds}
          onChange={setMembershipIds}
          error={fields.membershipIds}
        />
        <UpsellFields
          value={offer}
          onChange={setOffer}
          choices={choices.products}
          selfId={selfId}
          currency={currency}
          digits={digits}
          fields={fields}
          priceError={offerPriceError}
        />
        <Select
          label={t("shop.fields.status")}
          value={status}
          onChange={(v) => setStatus(v === "published" ? "published" : "draft")}
          allowDeselect={false}
          data={[
            { value: "draft", label: t("shop.statuses.draft") },
            { value: "published", label: t("shop.statuses.published") },
          ]}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t("shop.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
