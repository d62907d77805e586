import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form, useSearchParams } from "react-router";

export type ListFilter = {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
};

export type ListToolbarProps = {
  /** The search form's accessible name. */
  label: string;
  search?: { label: string; name?: string; value: string; placeholder?: string };
  filters?: ListFilter[];
  submitLabel: string;
  /** URL parameters the form carries along (the sort by default; an id, a status tab). */
  keep?: readonly string[];
};

/** Search box and filters as a GET form: submitting puts them in the URL and goes back to page 1. */
export function ListToolbar({ label, search, filters = [], submitLabel, keep = ["sort", "dir"] }: ListToolbarProps) {
  const [params] = useSearchParams();
  const carried = keep.flatMap((name) => params.getAll(name).map((value) => ({ name, value })));
  // The key remounts the fields when the URL changes (a clear-filters link), so they show it.
  return (
    <Form method="get" role="search" aria-label={label} key={params.toString()}>
      {carried.map((c) => (
        <input key={`${c.name}=${c.value}`} type="hidden" name={c.name} value={c.value} />
      ))}
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        {search ? (
          <TextInput
            name={search.name ?? "q"}
            type="search"
            label={search.label}
            placeholder={search.placeholder}
            defaultValue={search.value}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
        ) : null}
        {filters.map((f) => (
          <NativeSelect key={f.name} name={f.name} label={f.label} defaultValue={f.value} data={f.options} />
        ))}
        <Button type="submit" variant="default">
          {submitLabel}
        </Button>
      </Group>
    </Form>
  );
}
