// The list screen shared by the site's forms, popups and funnels: a create button (focused when quick-create
// opened the screen), the items with edit and delete, and the plan refusal when the feature is off.
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Form, Link } from "react-router";
import { useFocusWhenNew } from "../../hooks/use-focus-when-new";
import { useTranslation } from "../../i18n/use-translation";
import { ConfirmDeleteButton } from "../confirm-delete-button";
import { type ListColumn, ListScreen } from "../list-kit";
import { PlanRefusal } from "../plan-refusal";

type Item = { id: string; name: string };

export function MarketingItemList<T extends Item>({
  group,
  basePath,
  createLabel,
  items,
  columns,
  minWidth,
  locked,
}: {
  /** The translation group with title, edit, editNamed, delete, deleteNamed, confirmDelete… and empty. */
  group: "forms" | "popups" | "funnels";
  basePath: string;
  createLabel: string;
  items: T[];
  columns: ListColumn<T>[];
  minWidth: number;
  /** The plan refusal when the `forms` feature is off, else null. */
  locked: unknown;
}) {
  const { t } = useTranslation();
  // Quick-create opens this screen with ?new=1: the keyboard lands on the create button.
  const createButton = useFocusWhenNew<HTMLButtonElement>();
  if (locked)
    return (
      <div className="page">
        <h1>{t(`${group}.title`)}</h1>
        <PlanRefusal result={locked} />
      </div>
    );
  return (
    <ListScreen
      title={t(`${group}.title`)}
      create={
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <Button ref={createButton} type="submit" leftSection={<IconPlus size={16} aria-hidden />}>
            {createLabel}
          </Button>
        </Form>
      }
      table={{
        data: items,
        columns,
        getRowId: (item) => item.id,
        label: t(`${group}.title`),
        minWidth,
        rowActions: (item) => (
          <>
            <Button
              component={Link}
              to={`${basePath}/${item.id}`}
              size="compact-sm"
              variant="default"
              aria-label={t(`${group}.editNamed`, { name: item.name })}
            >
              {t(`${group}.edit`)}
            </Button>
            <ConfirmDeleteButton
              id={item.id}
              label={t(`${group}.delete`)}
              ariaLabel={t(`${group}.deleteNamed`, { name: item.name })}
              dialogTitle={t(`${group}.confirmDeleteTitle`)}
              message={t(`${group}.confirmDelete`, { name: item.name })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={t(`${group}.empty`)}
    />
  );
}
