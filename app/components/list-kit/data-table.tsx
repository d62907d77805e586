import {
  Checkbox,
  Group,
  type MantineBreakpoint,
  Table,
  type TableTdProps,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type Header,
  type RowData,
  type RowSelectionState,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { useListParams } from "./use-list-params";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Hide the column below this breakpoint (the row shows the value elsewhere on a phone). */
    visibleFrom?: MantineBreakpoint;
    /** The header is read by screen readers only (an actions column). */
    hiddenHeader?: boolean;
    /** Extra props for each cell of the column (`dir="ltr"`, `fw`). */
    cell?: TableTdProps;
  }
}

/** A column of a list: tanstack's definition; `enableSorting: true` makes its header sort by its id. */
export type ListColumn<T> = ColumnDef<T, unknown>;

export type DataTableProps<T> = {
  data: T[];
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  minWidth?: number;
  /** `server`: the loader orders the rows by `?sort=&dir=`; `client`: the rows here are all there is. */
  sortMode?: "server" | "client";
  /** Buttons at the end of each row (edit, delete…). */
  rowActions?: (row: T) => ReactNode;
  /** Row checkboxes with "select all", and the bulk bar's actions for the selected ids. */
  selection?: { rowLabel: (row: T) => string; actions: (ids: string[]) => ReactNode };
  /** data-* attributes a row carries (tests and scripts find rows by them). */
  rowAttributes?: (row: T) => Record<string, string>;
  testId?: string;
  striped?: boolean;
};

const SORT_ICON = { asc: IconArrowUp, desc: IconArrowDown } as const;

/**
 * A header or cell template called as a plain function. flexRender would mount it as a component,
 * and screens define their columns inline, so each render would remount every cell (and lose the
 * state inside, such as an open delete dialog).
 */
function render<C>(template: ReactNode | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === "function" ? (template as (context: C) => ReactNode)(context) : template;
}

function SortHeader<T>({ header }: { header: Header<T, unknown> }) {
  const navigate = useNavigate();
  const { sort, sortHref } = useListParams();
  const content = render(header.column.columnDef.header, header.getContext());
  const dir = sort?.by === header.column.id ? sort.dir : null;
  const Icon = dir ? SORT_ICON[dir] : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => navigate(sortHref(header.column.id), { preventScrollReset: true })}
      style={{ font: "inherit", fontWeight: "inherit" }}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {content}
        <Icon size={14} aria-hidden style={{ opacity: dir ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
}

/** A list's table: tanstack's row model drawn with Mantine's Table, sort from the URL, row selection. */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  label,
  minWidth = 560,
  sortMode = "server",
  rowActions,
  selection,
  rowAttributes,
  testId,
  striped = true,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { sort } = useListParams();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  // Rows that went away (deleted, or another page) leave the selection.
  const ids = useMemo(() => data.map(getRowId), [data, getRowId]);
  useEffect(() => {
    setRowSelection((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([id]) => ids.includes(id)));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  }, [ids]);

  const allColumns = useMemo<ListColumn<T>[]>(() => {
    const out: ListColumn<T>[] = [];
    if (selection) {
      out.push({
        id: "_select",
        header: ({ table }) => (
          <Checkbox
            aria-label={t("listKit.selectAll")}
            checked={table.getIsAllRowsSelected()}
            indeterminate={table.getIsSomeRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={t("listKit.selectRow", { name: selection.rowLabel(row.original) })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      });
    }
    out.push(...columns);
    if (rowActions) {
      out.push({
        id: "_actions",
        header: () => t("listKit.actions"),
        meta: { hiddenHeader: true },
        cell: ({ row }) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {rowActions(row.original)}
          </Group>
        ),
      });
    }
    return out;
  }, [columns, rowActions, selection, t]);

  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: sortMode === "client" ? getSortedRowModel() : undefined,
    manualSorting: sortMode === "server",
    defaultColumn: { enableSorting: false },
    state: {
      sorting: sort ? [{ id: sort.by, desc: sort.dir === "desc" }] : [],
      rowSelection,
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: setRowSelection,
  });

  const selected = Object.keys(rowSelection).filter((id) => rowSelection[id]);

  return (
    <>
      {selection && selected.length > 0 ? (
        <Group
          className="list-bulk-bar"
          gap="sm"
          mb="sm"
          wrap="wrap"
          role="region"
          aria-label={t("listKit.bulkActions")}
        >
          <Text size="sm" fw={600} aria-live="polite">
            {t("listKit.selected", { count: selected.length })}
          </Text>
          {selection.actions(selected)}
          <UnstyledButton onClick={() => setRowSelection({})} fz="sm" td="underline">
            {t("listKit.clearSelection")}
          </UnstyledButton>
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped={striped} highlightOnHover verticalSpacing="sm" aria-label={label} data-testid={testId}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  // Declared per column: server-sorted columns have no accessor, which tanstack would need.
                  const sortable = header.column.columnDef.enableSorting === true;
                  const dir = sort?.by === header.column.id ? sort.dir : null;
                  const content = render(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      visibleFrom={meta?.visibleFrom}
                      aria-sort={
                        sortable ? (dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none") : undefined
                      }
                      w={header.column.id === "_select" ? 40 : undefined}
                    >
                      {sortable ? (
                        <SortHeader header={header} />
                      ) : meta?.hiddenHeader ? (
                        <VisuallyHidden>{content}</VisuallyHidden>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} {...rowAttributes?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <Table.Td key={cell.id} visibleFrom={meta?.visibleFrom} {...meta?.cell}>
                      {render(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
