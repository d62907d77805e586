import { Button, Checkbox, Group, NumberInput, Select, TextInput } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { useFocusWhenNew } from "../../hooks/use-focus-when-new";

export type AffiliateFormValues = {
  id?: string;
  email?: string;
  code: string;
  commissionType: "flat" | "percentage";
  commissionValue: number;
  autoApprove: boolean;
  oneTimePayout: boolean;
};

type Result = { ok: boolean; message: string | null; fields: Record<string, string> };

/** Add (with the member's e-mail) or edit an affiliate; posts to the current route's action. */
export function AffiliateForm({ initial, intent }: { initial?: AffiliateFormValues; intent: "create" | "update" }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const [type, setType] = useState<string>(initial?.commissionType ?? "percentage");
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const formRef = useRef<HTMLFormElement>(null);
  const emailField = useFocusWhenNew<HTMLInputElement>();
  // A new affiliate was added: the form is ready for the next one.
  useEffect(() => {
    if (intent === "create" && fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [intent, fetcher.state, fetcher.data]);
  const err = (field: string) => failed?.fields[field] || undefined;
  const busy = fetcher.state !== "idle";
  const [value, setValue] = useState<number | string>(initial?.commissionValue ?? 10);
  const clientError =
    type === "percentage" && Number(value) > 100
      ? t("affiliate.form.percentMax")
      : Number(value) < 0
        ? t("affiliate.form.valueMin")
        : undefined;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      aria-label={intent === "create" ? t("affiliate.form.add") : t("affiliate.form.save")}
    >
      <input type="hidden" name="intent" value={intent} />
      {initial?.id ? <input type="hidden" name="id" value={initial.id} /> : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {intent === "create" ? (
          <TextInput
            ref={emailField}
            name="email"
            type="email"
            label={t("affiliate.form.email")}
            required
            error={err("email")}
            style={{ flex: "1 1 14rem" }}
          />
        ) : null}
        <TextInput
          name="code"
          label={t("affiliate.form.code")}
          description={intent === "create" ? t("affiliate.form.codeHint") : undefined}
          defaultValue={initial?.code ?? ""}
          pattern="[A-Za-z0-9_\-]{3,40}"
          error={err("code")}
          style={{ flex: "1 1 9rem" }}
        />
        <Select
          name="commissionType"
          label={t("affiliate.form.type")}
          data={[
            { value: "percentage", label: t("affiliate.form.percentage") },
            { value: "flat", label: t("affiliate.form.flat") },
          ]}
          value={type}
          onChange={(v) => setType(v ?? "percentage")}
          allowDeselect={false}
          style={{ width: "10rem" }}
        />
        <NumberInput
          name="commissionValue"
          label={type === "percentage" ? t("affiliate.form.percent") : t("affiliate.form.amountMinor")}
          value={value}
          onChange={setValue}
          min={0}
          max={type === "percentage" ? 100 : undefined}
          allowDecimal={false}
          error={clientError ?? err("commissionValue")}
          style={{ width: "9rem" }}
        />
        <Checkbox
          name="autoApprove"
          label={t("affiliate.form.autoApprove")}
          defaultChecked={initial?.autoApprove ?? true}
          value="on"
        />
        <Checkbox
          name="oneTimePayout"
          label={t("affiliate.form.oneTimePayout")}
          defaultChecked={initial?.oneTimePayout ?? false}
          value="on"
        />
        <Button
          type="submit"
          loading={busy}
          disabled={Boolean(clientError)}
          variant={intent === "create" ? "filled" : "default"}
        >
          {intent === "create" ? t("affiliate.form.add") : t("affiliate.form.save")}
        </Button>
      </Group>
      {failed && !Object.keys(failed.fields).length ? <p className="form-error">{failed.message}</p> : null}
    </fetcher.Form>
  );
}
