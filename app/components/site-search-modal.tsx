import { Chip, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_TYPES,
  type SearchHit,
  type SearchType,
  searchSite,
  showsNotFound,
} from "../lib/site-search";

/** The site search: a term, filter chips (all, course, blog, pages, members) and the results. */
export function SiteSearchModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [type, setType] = useState<SearchType>("all");
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!debounced.trim()) {
      setHits([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    searchSite(debounced, type, controller.signal)
      .then((found) => setHits(found))
      .catch((err) => {
        if ((err as Error).name !== "AbortError") setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [debounced, type]);

  // Typing ahead of the debounce counts as loading, so "nothing found" never flashes mid-word.
  const busy = loading || term !== debounced;
  return (
    <Modal opened onClose={onClose} title={t("search.title")} size="lg">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={busy && term.trim() ? <Loader size="xs" /> : null}
          type="search"
        />
        <Chip.Group multiple={false} value={type} onChange={(v) => setType(v as SearchType)}>
          <Group gap="xs" role="group" aria-label={t("search.filter")}>
            {SEARCH_TYPES.map((s) => (
              <Chip key={s} value={s} size="sm">
                {t(`search.types.${s}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <div aria-live="polite">
          {failed ? <Text c="red">{t("errors.generic")}</Text> : null}
          {hits.length ? (
            <ul className="search-results">
              {hits.map((hit) => (
                <li key={`${hit.type}:${hit.href}`}>
                  <a href={hit.href}>{hit.title}</a>
                  <span className="muted"> · {t(`search.types.${hit.type}`)}</span>
                </li>
              ))}
            </ul>
          ) : !failed && showsNotFound(term, busy, hits.length) ? (
            <Text c="dimmed">{t("errors.notFound")}</Text>
          ) : null}
        </div>
      </Stack>
    </Modal>
  );
}
