import { Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Form, useLocation, useNavigation } from "react-router";

export type PasswordErrors = { current?: string; next?: string; confirm?: string; form?: string };

/** Current password, new password twice; other sessions end when it changes. */
export function ChangePasswordForm({ errors = {} }: { errors?: PasswordErrors }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // A new page load after a successful change starts with empty fields.
  const location = useLocation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const e = (key?: string) => (key ? t(key) : undefined);
  return (
    <Form method="post" noValidate aria-label={t("users.profile.passwordTitle")} key={location.key}>
      <input type="hidden" name="intent" value="password" />
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t("users.profile.passwordHelp")}
        </Text>
        {errors.form ? (
          <Text c="red" role="alert">
            {t(errors.form)}
          </Text>
        ) : null}
        <PasswordInput
          name="currentPassword"
          label={t("users.profile.currentPassword")}
          autoComplete="current-password"
          required
          error={e(errors.current)}
        />
        <PasswordInput
          name="newPassword"
          label={t("users.profile.newPassword")}
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          error={e(errors.next)}
        />
        <PasswordInput
          name="confirmPassword"
          label={t("users.profile.confirmPassword")}
          autoComplete="new-password"
          required
          error={e(errors.confirm)}
        />
        <div>
          <Button type="submit" loading={busy}>
            {t("users.profile.changePassword")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
