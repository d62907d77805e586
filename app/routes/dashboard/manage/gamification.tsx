import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { POINT_ACTIVITIES } from "../../../../core/points";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/gamification";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The owner's points per activity and levels, and the site's profanity filter (decision: gamification). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.can("manage_options") || !context.site.features?.gamification) {
    throw new Response("Not found", { status: 404 });
  }
  const [rules, profanity] = await Promise.all([
    context.services.points.rules(),
    context.services.profanity.settings(),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "gamification.title", context.site.settings.sitetitle),
    rules,
    profanity,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    if (form.get("intent") === "profanity") {
      const words = String(form.get("words") ?? "")
        .split("\n")
        .map((w) => w.trim())
        .filter(Boolean);
      await context.services.profanity.save({ enabled: form.get("enabled") === "on", words });
      return { ok: true as const, saved: "profanity", field: null, message: null };
    }
    const points = Object.fromEntries(POINT_ACTIVITIES.map((a) => [a, Number(form.get(`points.${a}`) ?? 0)]));
    const names = form.getAll("levelName").map(String);
    const thresholds = form.getAll("levelThreshold").map(Number);
    const levels = names
      .map((name, i) => ({ name, threshold: thresholds[i] ?? 0 }))
      .filter((l) => l.name.trim() !== "");
    await context.services.points.saveRules({ points, levels });
    return { ok: true as const, saved: "rules", field: null, message: null };
  } catch (err) {
    const e = err as { code?: string; status?: number; message?: string; details?: { field?: string } };
    if (!e?.code || !e.status) throw err;
    return data(
      { ok: false as const, saved: null, field: e.details?.field ?? null, message: e.message ?? "" },
      { status: e.status },
    );
  }
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

export default function Gamification({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [levels, setLevels] = useState(d.rules.levels.length ? d.rules.levels : [{ name: "", threshold: 0 }]);
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("gamification.title")}</h1>
      </div>
      {actionData?.ok ? (
        <Alert color="green" role="status" mb="md">
          {t("gamification.saved")}
        </Alert>
      ) : actionData?.message ? (
        <Alert color="red" role="alert" mb="md">
          {actionData.field ? `${actionData.field}: ` : ""}
          {actionData.message}
        </Alert>
      ) : null}
      <Stack gap="lg">
        <Card withBorder component="section" aria-labelledby="rules-title">
          <Form method="post">
            <input type="hidden" name="intent" value="rules" />
            <Title order={2} size="h3" id="rules-title" mb="sm">
              {t("gamification.pointsTitle")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {POINT_ACTIVITIES.map((a) => (
                <NumberInput
                  key={a}
                  name={`points.${a}`}
                  label={t(`points.reasons.${a}`)}
                  defaultValue={d.rules.points[a]}
                  min={0}
                  max={10000}
                  allowDecimal={false}
                  error={actionData?.field === `points.${a}` ? actionData.message : undefined}
                />
              ))}
            </SimpleGrid>
            <Title order={3} size="h4" mt="lg" mb="sm">
              {t("gamification.levelsTitle")}
            </Title>
            <Stack gap="xs">
              {levels.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
                <Group key={i} align="flex-end" wrap="wrap">
                  <TextInput
                    name="levelName"
                    label={t("gamification.levelName", { n: i + 1 })}
                    defaultValue={l.name}
                    maxLength={60}
                    error={actionData?.field === `levels.${i}.name` ? actionData.message : undefined}
                  />
                  <NumberInput
                    name="levelThreshold"
                    label={t("gamification.levelThreshold", { n: i + 1 })}
                    defaultValue={l.threshold}
                    min={0}
                    allowDecimal={false}
                    error={actionData?.field === `levels.${i}.threshold` ? actionData.message : undefined}
                  />
                  <Button variant="subtle" color="red" onClick={() => setLevels(levels.filter((_, j) => j !== i))}>
                    {t("gamification.removeLevel", { n: i + 1 })}
                  </Button>
                </Group>
              ))}
              <Group>
                <Button variant="default" onClick={() => setLevels([...levels, { name: "", threshold: 0 }])}>
                  {t("gamification.addLevel")}
                </Button>
              </Group>
            </Stack>
            <Button type="submit" mt="md" loading={busy}>
              {t("gamification.saveRules")}
            </Button>
          </Form>
        </Card>
        <Card withBorder component="section" aria-labelledby="profanity-title">
          <Form method="post">
            <input type="hidden" name="intent" value="profanity" />
            <Title order={2} size="h3" id="profanity-title" mb="sm">
              {t("gamification.profanityTitle")}
            </Title>
            <Switch
              name="enabled"
              label={t("gamification.profanityEnabled")}
              defaultChecked={d.profanity.enabled}
              mb="sm"
            />
            <Textarea
              name="words"
              label={t("gamification.profanityWords")}
              description={t("gamification.profanityWordsHelp")}
              defaultValue={d.profanity.words.join("\n")}
              autosize
              minRows={3}
              error={actionData?.field?.startsWith("words") ? actionData.message : undefined}
            />
            <Button type="submit" mt="md" loading={busy}>
              {t("gamification.saveProfanity")}
            </Button>
          </Form>
        </Card>
      </Stack>
    </div>
  );
}
