import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ZAppointmentTypeInput } from "../../../core/appointment-schemas";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import { formatMoney } from "../../lib/money";
import { APPOINTMENT_NUMBERS as NUMBERS, typeInputOf } from "../../lib/appointment-form";
import { AppointmentError } from "./appointment-error";

export type TypeItem = {
  id: string;
  instructorName: string;
  title: string;
  description: string;
  durationMinutes: number;
  productId: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  cancelCutoffHours: number;
  provider: "jitsi" | "zoom";
  active: boolean;
};
export type ProductChoice = { id: string; title: string; charged: number | null };

/**
 * A dialog to create or change an appointment type: title, duration, free or sold through a shop
 * product, buffers, notice, booking window, cut-off and video provider; checked with the server's
 * schema before it is sent.
 */
export function TypeFormButton({
  type,
  products,
  currency,
}: {
  type: TypeItem | null;
  products: ProductChoice[];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && !errorOf(fetcher.data)) setOpened(false);
  }, [fetcher.state, fetcher.data]);
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = ZAppointmentTypeInput.safeParse(typeInputOf(form));
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), true])));
      return;
    }
    setInvalid({});
    fetcher.submit(form, { method: "post" });
  };
  const price = (p: ProductChoice) =>
    p.charged === null ? p.title : `${p.title} · ${formatMoney(p.charged, currency, i18n.language)}`;
  const err = (name: string) => (invalid[name] ? t("appointments.errors.invalid") : undefined);
  return (
    <>
      <Button
        size={type ? "xs" : "sm"}
        variant={type ? "subtle" : "filled"}
        onClick={() => setOpened(true)}
        aria-label={type ? t("appointments.editTypeNamed", { title: type.title }) : undefined}
      >
        {type ? t("appointments.editType") : t("appointments.newType")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={type ? t("appointments.editType") : t("appointments.newType")}
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <input type="hidden" name="intent" value="saveType" />
          <input type="hidden" name="id" value={type?.id ?? ""} />
          <Stack gap="sm">
            {busy ? null : <AppointmentError result={fetcher.data} />}
            <TextInput
              name="title"
              label={t("appointments.fields.title")}
              defaultValue={type?.title ?? ""}
              maxLength={120}
              required
              error={invalid.title ? t("appointments.errors.titleRequired") : undefined}
              data-autofocus
            />
            <Textarea
              name="description"
              label={t("appointments.fields.description")}
              defaultValue={type?.description ?? ""}
              maxLength={2000}
              autosize
              minRows={2}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {NUMBERS.map(([name, min, max]) => (
                <NumberInput
                  key={name}
                  name={name}
                  label={t(`appointments.fields.${name}`)}
                  defaultValue={type ? type[name] : DEFAULTS[name]}
                  min={min}
                  max={max}
                  allowDecimal={false}
                  allowNegative={false}
                  error={err(name)}
                />
              ))}
              <Select
                name="productId"
                label={t("appointments.fields.price")}
                description={products.length ? undefined : t("appointments.noProducts")}
                defaultValue={type?.productId ?? ""}
                data={[
                  { value: "", label: t("appointments.free") },
                  ...products.map((p) => ({ value: p.id, label: price(p) })),
                ]}
                allowDeselect={false}
                error={err("productId")}
              />
              <Select
                name="provider"
                label={t("appointments.fields.provider")}
                defaultValue={type?.provider ?? "jitsi"}
                data={[
                  { value: "jitsi", label: "Jitsi Meet" },
                  { value: "zoom", label: "Zoom" },
                ]}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Switch name="active" label={t("appointments.fields.active")} defaultChecked={type?.active ?? true} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t("appointments.close")}
              </Button>
              <Button type="submit" loading={busy}>
                {t("appointments.saveType")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

const DEFAULTS: Record<(typeof NUMBERS)[number][0], number> = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingWindowDays: 30,
  cancelCutoffHours: 24,
};
