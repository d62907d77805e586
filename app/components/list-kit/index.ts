// The owner list screens' kit: URL state (search, filters, sort, page), the table on tanstack's
// row model drawn with Mantine, bulk selection and delete, and the empty / no-results / error states.
export { BulkDeleteButton } from "./bulk-delete-button";
export { DataTable, type DataTableProps, type ListColumn } from "./data-table";
export * from "./list-params";
export { ListScreen, type ListScreenProps } from "./list-screen";
export { type ListFilter, ListToolbar, type ListToolbarProps } from "./list-toolbar";
export { useListParams } from "./use-list-params";
