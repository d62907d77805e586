import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "../../lib/site-search";

type Candidate = { userId: string; name: string; email: string };
type Found = { q: string; members: Candidate[] };

const SEARCH_PATH = "/dashboard/instructor/co-instructors";

/**
 * Finds a member who may teach by name or e-mail (searched on the server as the person types,
 * after a pause) and hands back their user id. A searchable select: arrows move through the
 * matches, Enter picks one.
 */
export function CoInstructorPicker({
  onPick,
  exclude,
  busy,
  error,
}: {
  onPick: (userId: string) => void;
  /** Already instructors of the course: not offered again. */
  exclude: readonly string[];
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const search = useFetcher<Found>();
  const [term, setTerm] = useState("");
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const { load } = search;
  useEffect(() => {
    if (debounced) load(`${SEARCH_PATH}?${new URLSearchParams({ q: debounced })}`);
  }, [debounced, load]);

  const current = search.data && search.data.q === debounced ? search.data.members : [];
  const options = current
    .filter((m) => !exclude.includes(m.userId))
    .map((m) => ({ value: m.userId, label: m.name ? `${m.name} · ${m.email}` : m.email }));
  const searching = Boolean(term.trim()) && (debounced !== term.trim() || search.state !== "idle");

  return (
    <Select
      label={t("instructor.editor.authors.pick")}
      description={t("instructor.editor.authors.pickHint")}
      placeholder={t("instructor.editor.authors.searchPlaceholder")}
      searchable
      clearable
      value={null}
      searchValue={term}
      onSearchChange={setTerm}
      data={options}
      // The server already matched the term (in names and e-mail addresses alike).
      filter={({ options: all }) => all}
      nothingFoundMessage={
        term.trim()
          ? searching
            ? t("instructor.editor.authors.searching")
            : t("instructor.editor.authors.noMatch")
          : null
      }
      onChange={(userId) => {
        if (!userId) return;
        onPick(userId);
        setTerm("");
      }}
      disabled={busy}
      error={error}
      style={{ flex: "1 1 18rem" }}
    />
  );
}
