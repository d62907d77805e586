// The run log tab of the automation editor: each run's status, person and times, opened to show the
// conditions that failed and what each action did, with "Run again"; and for a manual automation the
// "Run on members…" dialog. Each intent carries a request id made once, so a double click runs once.
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { Fragment, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export type Run = {
  id: string;
  trigger: string;
  status: string;
  person: { userId: string | null; name: string | null; email: string | null };
  failedConditions: { index: number; key: string; reason: string }[];
  actionResults: { key: string; status: string; message?: string; attempts: number }[];
  rerunOf: string | null;
  createdAt: string;
  finishedAt: string | null;
};

const STATUS_COLOR: Record<string, string> = {
  queued: "gray",
  running: "blue",
  succeeded: "green",
  skipped: "yellow",
  failed: "red",
};

const newId = () => crypto.randomUUID();

function RunAgain({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  // One request id per intent: it changes only once the last one was answered.
  const request = useRef(newId());
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) request.current = newId();
  }, [fetcher.state, fetcher.data]);
  return (
    <Button
      size="compact-sm"
      variant="default"
      loading={fetcher.state !== "idle"}
      onClick={() =>
        fetcher.submit(
          { intent: "rerun", payload: { runId, requestId: request.current } },
          { method: "post", encType: "application/json" },
        )
      }
    >
      {t("automations.log.runAgain")}
    </Button>
  );
}

export function RunLog({ runs, nextCursor, status }: { runs: Run[]; nextCursor: string | null; status: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "—";
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap={6} role="group" aria-label={t("automations.log.filter")}>
          {["", "succeeded", "failed", "skipped", "queued"].map((s) => (
            <Button
              key={s || "all"}
              component={Link}
              to={`?tab=runs${s ? `&status=${s}` : ""}`}
              size="compact-sm"
              variant={status === s ? "filled" : "default"}
              aria-current={status === s ? "true" : undefined}
            >
              {s ? t(`automations.runStatus.${s}`) : t("automations.log.all")}
            </Button>
          ))}
        </Group>
      </Group>
      {runs.length === 0 ? (
        <Text c="dimmed">{t("automations.log.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("automations.log.when")}</Table.Th>
                <Table.Th>{t("automations.log.person")}</Table.Th>
                <Table.Th>{t("automations.log.trigger")}</Table.Th>
                <Table.Th>{t("automations.log.status")}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t("automations.log.actions")}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((r) => (
                <Fragment key={r.id}>
                  <Table.Tr>
                    <Table.Td>{when(r.createdAt)}</Table.Td>
                    <Table.Td>
                      {r.person.name ?? r.person.email ?? "—"}
                      {r.person.name && r.person.email ? (
                        <Text size="xs" c="dimmed">
                          {r.person.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(`automations.triggers.${r.trigger}`, { defaultValue: r.trigger })}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.status] ?? "gray"} variant="light">
                        {t(`automations.runStatus.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-expanded={open === r.id}
                          aria-controls={`run-${r.id}`}
                          onClick={() => setOpen(open === r.id ? null : r.id)}
                        >
                          {t("automations.log.details")}
                        </Button>
                        <RunAgain runId={r.id} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {open === r.id ? (
                    <Table.Tr id={`run-${r.id}`}>
                      <Table.Td colSpan={5}>
                        <RunDetails run={r} finished={when(r.finishedAt)} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {nextCursor ? (
        <Button
          component={Link}
          to={`?tab=runs${status ? `&status=${status}` : ""}&cursor=${nextCursor}`}
          variant="default"
          w="fit-content"
        >
          {t("automations.log.older")}
        </Button>
      ) : null}
    </Stack>
  );
}

function RunDetails({ run, finished }: { run: Run; finished: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {run.failedConditions.length ? (
        <>
          <Text fw={600} size="sm">
            {t("automations.log.failedConditions")}
          </Text>
          {run.failedConditions.map((c) => (
            <Text key={c.index} size="sm">
              {t(`automations.conditions.${c.key}`, { defaultValue: c.key })}:{" "}
              {t(`automations.reasons.${c.reason}`, { defaultValue: c.reason })}
            </Text>
          ))}
        </>
      ) : null}
      <Text fw={600} size="sm">
        {t("automations.log.actionResults")}
      </Text>
      {run.actionResults.length === 0 ? <Text size="sm">{t("automations.log.noActions")}</Text> : null}
      {run.actionResults.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: results are in the automation's order
        <Group key={i} gap={6}>
          <Badge size="sm" color={a.status === "ok" ? "green" : a.status === "error" ? "red" : "gray"} variant="light">
            {t(`automations.resultStatus.${a.status}`)}
          </Badge>
          <Text size="sm">
            {t(`automations.actions.${a.key}`, { defaultValue: a.key })}
            {a.message ? ` — ${a.message}` : ""} ({t("automations.log.attempts", { count: a.attempts })})
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {t("automations.log.finished", { when: finished })}
      </Text>
    </Stack>
  );
}

type Member = { userId: string; name: string; email: string };

/** "Run on members…": search by name or e-mail, pick up to 500, confirm. */
export function RunOnMembers() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<Map<string, Member>>(new Map());
  const search = useFetcher<{ ok: boolean; value: Member[] }>();
  const run = useFetcher<{ ok: boolean; value?: { created: number }; message?: string }>();
  const request = useRef(newId());
  const open = () => {
    request.current = newId();
    setPicked(new Map());
    setOpened(true);
  };
  const found = search.data?.ok ? search.data.value : [];
  const toggle = (m: Member) => {
    const next = new Map(picked);
    if (next.has(m.userId)) next.delete(m.userId);
    else if (next.size < 500) next.set(m.userId, m);
    setPicked(next);
  };
  const doSearch = () =>
    search.submit({ intent: "members", payload: { q: query } }, { method: "post", encType: "application/json" });
  return (
    <>
      <Button variant="default" onClick={open}>
        {t("automations.manual.open")}
      </Button>
      {run.data?.ok ? (
        <Text role="status" size="sm">
          {t("automations.manual.done", { count: run.data.value?.created ?? 0 })}
        </Text>
      ) : null}
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("automations.manual.title")}>
        <Stack gap="sm">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t("automations.manual.search")}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") doSearch();
              }}
              style={{ flex: 1 }}
            />
            <Button onClick={doSearch} loading={search.state !== "idle"}>
              {t("automations.manual.find")}
            </Button>
          </Group>
          <Stack gap={4} role="group" aria-label={t("automations.manual.results")}>
            {found.map((m) => (
              <Checkbox
                key={m.userId}
                label={`${m.name} <${m.email}>`}
                checked={picked.has(m.userId)}
                onChange={() => toggle(m)}
              />
            ))}
            {search.data?.ok && found.length === 0 ? <Text c="dimmed">{t("automations.manual.none")}</Text> : null}
          </Stack>
          <Text size="sm" aria-live="polite">
            {t("automations.manual.chosen", { count: picked.size })}
          </Text>
          {run.data && !run.data.ok ? <Text c="red">{run.data.message}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              disabled={picked.size === 0}
              loading={run.state !== "idle"}
              onClick={() => {
                run.submit(
                  { intent: "run", payload: { userIds: [...picked.keys()], requestId: request.current } },
                  { method: "post", encType: "application/json" },
                );
                setOpened(false);
              }}
            >
              {t("automations.manual.confirm", { count: picked.size })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
