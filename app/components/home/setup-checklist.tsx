import { Anchor, Button, Group, Progress, Text } from "@mantine/core";
import { Form, Link } from "react-router";
import type { SetupItem } from "../../../core/setup-checklist";
import { useTranslation } from "../../i18n/use-translation";

export type ChecklistData = {
  items: SetupItem[];
  done: number;
  total: number;
  complete: boolean;
  hidden: boolean;
  address: string;
};

/** The items, each ticked or with the screen that does it. */
export function ChecklistItems({ list }: { list: ChecklistData }) {
  const { t } = useTranslation();
  return (
    <ul className="setup-list" data-testid="setup-items">
      {list.items.map((item) => (
        <li key={item.id} data-step={item.id} data-done={item.done} className={item.done ? "done" : undefined}>
          <span className="setup-mark" aria-hidden="true">
            {item.done ? "✓" : ""}
          </span>
          <span className="setup-text">
            <span className="setup-title">
              {t(`home.setup.steps.${item.id}.title`)}
              <span className="visually-hidden">
                {" — "}
                {item.done ? t("home.setup.done") : t("home.setup.todo")}
              </span>
            </span>
            {item.done ? null : item.href ? (
              <Anchor component={Link} to={item.href} size="sm">
                {t(`home.setup.steps.${item.id}.action`)}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t("home.setup.noScreen", { address: list.address })}
              </Text>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ChecklistProgress({ list }: { list: ChecklistData }) {
  const { t } = useTranslation();
  const label = t("home.setup.progress", { done: list.done, total: list.total });
  return (
    <div className="setup-progress">
      <Text size="sm" data-testid="setup-progress">
        {label}
      </Text>
      <Progress value={(list.done / list.total) * 100} aria-label={label} color={list.complete ? "teal" : undefined} />
    </div>
  );
}

/**
 * The home's checklist card (the tour's "setup completion" step). Folded away, it stays as one line
 * with the count and a button to show it again; the full list is always at /dashboard/setup.
 */
export function SetupChecklistCard({ list }: { list: ChecklistData }) {
  const { t } = useTranslation();
  const folded = list.hidden || list.complete;
  return (
    <section className="home-card setup-card" aria-labelledby="home-setup" data-tour="setup-completion">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <h2 id="home-setup">{list.complete ? t("home.setup.completeTitle") : t("home.setup.title")}</h2>
        {list.complete ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value={list.hidden ? "show-checklist" : "hide-checklist"} />
            <Button type="submit" variant="subtle" size="compact-sm" aria-expanded={!list.hidden}>
              {list.hidden ? t("home.setup.show") : t("home.setup.hide")}
            </Button>
          </Form>
        )}
      </Group>
      <ChecklistProgress list={list} />
      {folded ? null : <ChecklistItems list={list} />}
      <Anchor component={Link} to="/dashboard/setup" size="sm">
        {t("home.setup.openPage")}
      </Anchor>
    </section>
  );
}
