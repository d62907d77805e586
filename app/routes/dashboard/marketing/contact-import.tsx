// Importing contacts from a CSV file (decision 0043), in four steps: choose the file (read here, so
// the columns can be shown), map each column, choose a list and tags, then import. The file goes
// to the API, which refuses it whole when any row is bad (each bad row listed) or when the month's
// verifications cannot cover the new addresses; otherwise a progress bar follows the job to its
// summary. For the owner or manage_options; anyone else gets a 404.
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Progress,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  type ColumnMapping,
  checkMapping,
  guessMapping,
  IMPORT_LIMITS,
  IMPORT_TARGETS,
  type ImportTarget,
} from "../../../../core/contact-import";
import { parseCsv } from "../../../../core/csv";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useTranslation } from "../../../i18n/use-translation";
import { errorOf } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/contact-import";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const BASE = "/dashboard/manage/marketing/emails/contacts";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  const audience = context.services.audience;
  if (!audience.canManage) throw notFound();
  const [lists, fields] = await Promise.all([audience.lists.list(), audience.fields.list()]).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "contactImport.title", context.site.settings.sitetitle),
    lists: lists.map((l) => ({ id: l.id, name: l.name })),
    // A column can fill only a field the site defines (the Fields tab).
    fields: fields.map((f) => ({ key: f.key, label: f.label })),
  };
}

type FileRead = { name: string; text: string; headers: string[]; samples: string[][]; rows: number };
type ImportState = {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  total: number;
  processed: number;
  counts: { created: number; updated: number; unchanged: number; skipped: number };
  failure: { code: string; message: string } | null;
};
type RowError = { row: number; column: string | null; code: string; message: string; value?: string };
type Refusal = { error: { code: string; message: string; details?: unknown } };

const SAMPLES = 3;

function FileStep({ onRead }: { onRead: (f: FileRead) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  async function choose(f: File | null) {
    setFile(f);
    setError(null);
    if (!f) return;
    if (f.size > IMPORT_LIMITS.maxBytes) return setError(t("contactImport.file.tooLarge"));
    const text = await f.text();
    const parsed = parseCsv(text);
    if (parsed.unclosedQuoteRow !== null)
      return setError(t("contactImport.file.unclosed", { row: parsed.unclosedQuoteRow }));
    const [headers = [], ...rows] = parsed.rows;
    if (headers.every((h) => !h.trim())) return setError(t("contactImport.file.empty"));
    if (rows.length > IMPORT_LIMITS.maxRows) return setError(t("contactImport.file.tooManyRows"));
    onRead({ name: f.name, text, headers, samples: rows.slice(0, SAMPLES), rows: rows.length });
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t("contactImport.file.hint")}</Text>
      <FileInput
        label={t("contactImport.file.label")}
        placeholder={t("contactImport.file.placeholder")}
        accept=".csv,text/csv,text/plain"
        value={file}
        onChange={(f) => void choose(f)}
        error={error}
        leftSection={<IconUpload size={16} aria-hidden />}
        clearable
      />
    </Stack>
  );
}

type DefinedField = { key: string; label: string };

/** The file's guess, with field columns kept only where the site defines that field. */
const guessFor = (headers: string[], fields: DefinedField[]): ColumnMapping[] =>
  guessMapping(headers).map((m) =>
    m.target === "field" && !fields.some((f) => f.key === m.field) ? { target: "skip" } : m,
  );

function MappingStep({
  file,
  fields,
  mapping,
  onChange,
  problems,
}: {
  file: FileRead;
  fields: DefinedField[];
  mapping: ColumnMapping[];
  onChange: (m: ColumnMapping[]) => void;
  problems: ReturnType<typeof checkMapping>;
}) {
  const { t } = useTranslation();
  const set = (i: number, next: ColumnMapping) => onChange(mapping.map((m, j) => (j === i ? next : m)));
  const general = problems.filter((p) => p.column === null);
  return (
    <Stack gap="sm">
      <Text size="sm">{t("contactImport.mapping.hint", { rows: file.rows, name: file.name })}</Text>
      {general.map((p) => (
        <Alert key={p.code} color="red" variant="light" role="alert">
          {t(`contactImport.mapping.problems.${p.code}`)}
        </Alert>
      ))}
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contactImport.mapping.column")}</Table.Th>
              <Table.Th>{t("contactImport.mapping.samples")}</Table.Th>
              <Table.Th>{t("contactImport.mapping.target")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.headers.map((h, i) => {
              const m = mapping[i];
              const column = h || `#${i + 1}`;
              const problem = problems.find((p) => p.column === column);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the file
                <Table.Tr key={i}>
                  <Table.Td fw={600}>{column}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ wordBreak: "break-word" }}>
                      {file.samples
                        .map((r) => r[i] ?? "")
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <NativeSelect
                        aria-label={t("contactImport.mapping.targetOf", { column })}
                        value={m.target}
                        onChange={(e) => {
                          const target = e.currentTarget.value as ImportTarget;
                          set(i, target === "field" ? { target, field: m.field ?? fields[0]?.key ?? "" } : { target });
                        }}
                        data={IMPORT_TARGETS.filter((x) => x !== "field" || fields.length > 0).map((x) => ({
                          value: x,
                          label: t(`contactImport.targets.${x}`),
                        }))}
                      />
                      {m.target === "field" ? (
                        <NativeSelect
                          aria-label={t("contactImport.mapping.fieldOf", { column })}
                          value={m.field ?? ""}
                          onChange={(e) => set(i, { target: "field", field: e.currentTarget.value })}
                          data={fields.map((f) => ({ value: f.key, label: `${f.label} (${f.key})` }))}
                          error={problem ? t(`contactImport.mapping.problems.${problem.code}`) : undefined}
                        />
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function RowErrors({ errors, total }: { errors: RowError[]; total: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" title={t("contactImport.errors.title", { count: total })}>
        {t("contactImport.errors.hint")}
      </Alert>
      <Table.ScrollContainer minWidth={420}>
        <Table data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contactImport.errors.row")}</Table.Th>
              <Table.Th>{t("contactImport.errors.column")}</Table.Th>
              <Table.Th>{t("contactImport.errors.problem")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e) => (
              <Table.Tr key={e.row}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column ?? ""}</Table.Td>
                <Table.Td>{t(`contactImport.errors.codes.${e.code}`, { value: e.value ?? "" })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Summary({ state }: { state: ImportState }) {
  const { t } = useTranslation();
  const rows = ["created", "updated", "unchanged", "skipped"] as const;
  return (
    <Stack gap="sm" data-testid="import-summary">
      <Title order={3}>{t("contactImport.summary.title")}</Title>
      <Table maw={420}>
        <Table.Tbody>
          {rows.map((k) => (
            <Table.Tr key={k}>
              <Table.Td>{t(`contactImport.summary.${k}`)}</Table.Td>
              <Table.Td fw={600} ta="right">
                {state.counts[k]}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function ContactImport({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<FileRead | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const [listId, setListId] = useState("");
  const [tags, setTags] = useState("");
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [state, setState] = useState<ImportState | null>(null);
  const problems = file ? checkMapping(file.headers, mapping) : [];

  // Follows the job until it is done or failed.
  useEffect(() => {
    if (!state || state.status === "done" || state.status === "failed") return;
    const timer = setTimeout(async () => {
      const res = await fetch(`/api/v1/contacts/imports/${state.id}`).catch(() => null);
      if (res?.ok) setState((await res.json()) as ImportState);
      else setState({ ...state });
    }, 500);
    return () => clearTimeout(timer);
  }, [state]);

  async function start() {
    if (!file) return;
    setSending(true);
    setRefusal(null);
    try {
      const res = await fetch("/api/v1/contacts/imports", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          fileName: file.name,
          csv: file.text,
          mapping,
          listId: listId || null,
          tags: tags
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean),
        }),
      });
      const body = (await res.json().catch(() => null)) as ImportState | Refusal | null;
      if (res.status === 202) setState(body as ImportState);
      else
        setRefusal(
          body && "error" in body ? body : { error: { code: "internal", message: t("contactImport.unreachable") } },
        );
    } catch {
      setRefusal({ error: { code: "internal", message: t("contactImport.unreachable") } });
    } finally {
      setSending(false);
    }
  }

  const error = errorOf(refusal);
  const rowErrors =
    error?.code === "validation_failed" && Array.isArray(error.details)
      ? (error.details as RowError[]).filter((e) => typeof e.row === "number")
      : [];
  const errorTotal = Number((refusal?.error.message.match(/^\d+/) ?? [rowErrors.length])[0]);
  const finished = state?.status === "done" || state?.status === "failed";
  const percent = state && state.total > 0 ? Math.round((state.processed / state.total) * 100) : 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("contactImport.title")}</Title>
        <Anchor component={Link} to={BASE}>
          {t("contactImport.back")}
        </Anchor>
      </Group>
      <EmailTabs active="contacts" />
      <Stepper active={step} onStepClick={state ? undefined : setStep} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t("contactImport.steps.file")}>
          <FileStep
            onRead={(f) => {
              setFile(f);
              setMapping(guessFor(f.headers, d.fields));
              setRefusal(null);
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={t("contactImport.steps.mapping")}>
          {file ? (
            <MappingStep file={file} fields={d.fields} mapping={mapping} onChange={setMapping} problems={problems} />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t("contactImport.steps.options")}>
          <Stack gap="sm" maw={480}>
            <NativeSelect
              label={t("contactImport.options.list")}
              value={listId}
              onChange={(e) => setListId(e.currentTarget.value)}
              data={[
                { value: "", label: t("contactImport.options.noList") },
                ...d.lists.map((l) => ({ value: l.id, label: l.name })),
              ]}
            />
            <TextInput
              label={t("contactImport.options.tags")}
              description={t("contactImport.options.tagsHint")}
              value={tags}
              onChange={(e) => setTags(e.currentTarget.value)}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("contactImport.steps.import")}>
          <Stack gap="md">
            {!state ? <Text>{t("contactImport.confirm.text", { count: file?.rows ?? 0 })}</Text> : null}
            {state && !finished ? (
              <Stack gap={4}>
                <Text size="sm">
                  {state.status === "queued"
                    ? t("contactImport.progress.queued")
                    : t("contactImport.progress.running", { processed: state.processed, total: state.total })}
                </Text>
                <Progress value={percent} animated aria-label={t("contactImport.progress.label")} />
              </Stack>
            ) : null}
            {state?.status === "done" ? <Summary state={state} /> : null}
            {state?.status === "failed" ? (
              <>
                <Alert color="red" variant="light" role="alert">
                  {t("contactImport.failed", { message: state.failure?.message ?? "" })}
                </Alert>
                <PlanRefusal result={state.failure ? { error: state.failure } : null} />
              </>
            ) : null}
            <PlanRefusal result={refusal} />
            {rowErrors.length ? <RowErrors errors={rowErrors} total={Math.max(errorTotal, rowErrors.length)} /> : null}
            {error && !rowErrors.length && error.code !== "plan_limit" ? (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            ) : null}
            {finished ? (
              <Group>
                <Button component={Link} to={BASE}>
                  {t("contactImport.summary.view")}
                </Button>
                <Button component="a" href={`${BASE}/import`} variant="default">
                  {t("contactImport.summary.again")}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Stepper.Step>
      </Stepper>
      {!state ? (
        // On the left, clear of the feedback tab that sits on the right edge.
        <Group gap="sm">
          <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            {t("contactImport.previous")}
          </Button>
          {step < 3 ? (
            <Button disabled={!file || (step >= 1 && problems.length > 0)} onClick={() => setStep((s) => s + 1)}>
              {t("contactImport.next")}
            </Button>
          ) : (
            <Button onClick={() => void start()} loading={sending} disabled={!file || problems.length > 0}>
              {t("contactImport.confirm.submit")}
            </Button>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
