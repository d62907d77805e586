import { Alert, Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Pager } from "../pager";
import { DataTable, type DataTableProps } from "./data-table";
import { ListToolbar, type ListToolbarProps } from "./list-toolbar";
import { useListParams } from "./use-list-params";

export type ListScreenProps<T> = {
  /** The page's h1. */
  title: ReactNode;
  /** The create button: in the heading, or in the empty state while there is nothing yet. */
  create?: ReactNode;
  /** Above the heading (a back link). */
  above?: ReactNode;
  /** Between the heading and the search (tabs, shortcuts, status chips). */
  before?: ReactNode;
  toolbar?: ListToolbarProps;
  table: DataTableProps<T>;
  /** What the screen says when there is nothing at all. */
  empty: ReactNode;
  /** Whether search or filters narrow the list: then an empty list is "no results" with a clear link. */
  filtered?: boolean;
  noMatch?: string;
  /** URL parameters the clear-filters link keeps (an id the screen needs). */
  clearKeep?: readonly string[];
  pager?: { page: number; pages: number };
  /** A failure to show above the table (an action that did not go through). */
  error?: string | null;
  /** Below the list (drawers, dialogs, other sections). */
  after?: ReactNode;
};

/** One owner list: heading with create, search and filters, the table with its states, and pages. */
export function ListScreen<T>({
  title,
  create,
  above,
  before,
  toolbar,
  table,
  empty,
  filtered = false,
  noMatch,
  clearKeep,
  pager,
  error,
  after,
}: ListScreenProps<T>) {
  const { t } = useTranslation();
  const { pageHref, clearHref } = useListParams();
  const nothingYet = table.data.length === 0 && !filtered;
  return (
    <div className="page">
      {above}
      <div className="page-heading">
        <h1>{title}</h1>
        {nothingYet ? null : create}
      </div>
      {before}
      {toolbar ? <ListToolbar {...toolbar} /> : null}
      {error ? (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      ) : null}
      {table.data.length > 0 ? (
        <DataTable {...table} />
      ) : filtered ? (
        <div className="empty-state">
          <p className="muted">{noMatch ?? t("listKit.noMatch")}</p>
          <Anchor component={Link} to={clearHref(clearKeep)}>
            {t("listKit.clearFilters")}
          </Anchor>
        </div>
      ) : (
        <div className="empty-state">
          {typeof empty === "string" ? <p className="muted">{empty}</p> : empty}
          {create}
        </div>
      )}
      {pager ? <Pager page={pager.page} pages={pager.pages} to={pageHref} /> : null}
      {after}
    </div>
  );
}
