// Sign in or create an account without leaving /checkout; either way the person becomes a member
// of the site and comes back to the same cart.
import { Alert, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";

type Result = {
  intent: "signin" | "signup";
  error: string;
  fields?: Record<string, string>;
  email?: string;
  name?: string;
};

export function CheckoutAccount({ result }: { result?: Result }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [mode, setMode] = useState<"signin" | "signup">(result?.intent ?? "signup");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const mine = result?.intent === mode ? result : undefined;
  const fieldError = (name: string) => (mine?.fields?.[name] ? t(mine.fields[name]) : undefined);
  return (
    <Stack gap="sm">
      <Text fw={600}>{t("checkout.accountTitle")}</Text>
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as "signin" | "signup")}
        data={[
          { value: "signup", label: t("checkout.createAccount") },
          { value: "signin", label: t("checkout.signIn") },
        ]}
      />
      <Form method="post" key={mode}>
        <input type="hidden" name="intent" value={mode} />
        <Stack gap="sm">
          {mine?.error ? (
            <Alert color="red" role="alert">
              {t(mine.error)}
            </Alert>
          ) : null}
          {mode === "signup" ? (
            <TextInput
              name="name"
              label={t("auth.name")}
              autoComplete="name"
              required
              defaultValue={mine?.name}
              error={fieldError("name")}
            />
          ) : null}
          <TextInput
            name="email"
            type="email"
            label={t("auth.email")}
            autoComplete="email"
            required
            defaultValue={mine?.email}
            error={fieldError("email")}
          />
          <PasswordInput
            name="password"
            label={t("auth.password")}
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            required
            error={fieldError("password")}
          />
          <Button type="submit" loading={busy}>
            {mode === "signup" ? t("checkout.createAccountAndContinue") : t("checkout.signInAndContinue")}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}
