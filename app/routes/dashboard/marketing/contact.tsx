// One contact of the site (spec §3): its name, status, tags and own fields to edit; the lists it is
// on, with add and remove (a refusal shows the server's error in a toast, §7); and its history
// (what happened to it, and the orders placed on this site with its e-mail), newest first.
// For the owner or manage_options; anyone else (and another site's contact) gets a 404.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { formatMoney } from "../../../../core/currency";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import {
  ContactFieldInputs,
  type FieldInputValue,
  inputValue,
} from "../../../components/marketing/contact-field-inputs";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { useResultToast } from "../../../components/marketing/use-result-toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/contact";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const BASE = "/dashboard/manage/marketing/emails/contacts";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireSiteManager(context);
  const audience = context.services.audience;
  if (!audience.canManage || !UUID.test(params.id)) throw notFound();
  const contact = await audience.contacts.get(params.id).catch(asPageError);
  const [history, listIds, pendingIds, lists, orders, definitions] = await Promise.all([
    audience.contacts.history(contact.id),
    audience.contacts.lists(contact.id),
    audience.contacts.pendingLists(contact.id),
    audience.lists.list(),
    audience.contacts.orders(contact.email),
    audience.fields.list(),
  ]).catch(asPageError);
  type Entry =
    | { type: "event"; id: string; at: string; kind: string; data: Record<string, unknown> }
    | { type: "order"; id: string; at: string; number: string; total: number; currency: string; status: string };
  const timeline: Entry[] = [
    ...history.map((e) => ({ type: "event" as const, id: e.id, at: e.at, kind: e.kind, data: e.data })),
    ...orders.map((o) => ({
      type: "order" as const,
      id: o.orderId,
      at: o.createdAt,
      number: o.number,
      total: o.totalAmount,
      currency: o.currency,
      status: o.status,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    title: pageTitle(translatorFor(context, request), "contacts.contact.title", context.site.settings.sitetitle),
    contact,
    definitions: definitions.map((d) => ({ key: d.key, label: d.label, type: d.type, options: d.options })),
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      on: listIds.includes(l.id),
      pending: pendingIds.includes(l.id),
    })),
    timeline,
  };
}

function parseFields(raw: string): Record<string, string | number | boolean | null> {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireSiteManager(context);
  const { contacts, lists } = context.services.audience;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const listId = String(form.get("listId") ?? "");
  switch (intent) {
    case "save":
      return runAction(() =>
        contacts
          .update(params.id, {
            name: String(form.get("name") ?? ""),
            status: form.get("status") === "0" ? 0 : 1,
            tags: form.getAll("tag").map(String),
            fields: parseFields(String(form.get("fields") ?? "{}")),
          })
          .then(() => ({ action: intent })),
      );
    case "add-to-list":
      return runAction(() => lists.addContacts(listId, [params.id]).then(() => ({ action: intent })));
    case "remove-from-list":
      return runAction(() => lists.removeContacts(listId, [params.id]).then(() => ({ action: intent })));
    case "delete": {
      return runAction(async () => {
        await contacts.remove(params.id);
        throw redirect(BASE);
      });
    }
    default:
      return unknownIntent();
  }
}

type Data = Route.ComponentProps["loaderData"];

function Details({ contact, definitions }: { contact: Data["contact"]; definitions: Data["definitions"] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, () => t("contacts.contact.saved"));
  const [tags, setTags] = useState<string[]>(contact.tags);
  const defined = new Set(definitions.map((d) => d.key));
  const [values, setValues] = useState<Record<string, FieldInputValue>>(() =>
    Object.fromEntries(definitions.map((d) => [d.key, inputValue(d.type, contact.fields[d.key])])),
  );
  // Values of keys no field defines (any more): shown as they are, and removable.
  const [legacy, setLegacy] = useState(() =>
    Object.entries(contact.fields)
      .filter(([key]) => !defined.has(key))
      .map(([key, value]) => ({ key, value })),
  );
  const errors = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const fieldsJson = JSON.stringify({
    ...Object.fromEntries(legacy.map((x) => [x.key, x.value])),
    ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? null : v])),
  });
  return (
    <Card withBorder component="section" aria-labelledby="contact-details">
      <Title order={2} size="h4" id="contact-details" mb="sm">
        {t("contacts.contact.details")}
      </Title>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="save" />
        {tags.map((tag) => (
          <input key={tag} type="hidden" name="tag" value={tag} />
        ))}
        <input type="hidden" name="fields" value={fieldsJson} />
        <Stack gap="sm">
          <TextInput
            name="name"
            label={t("contacts.name")}
            defaultValue={contact.name}
            maxLength={200}
            error={errors.name}
          />
          <NativeSelect
            name="status"
            label={t("contacts.status")}
            defaultValue={String(contact.status)}
            data={[
              { value: "1", label: t("contacts.active") },
              { value: "0", label: t("contacts.inactive") },
            ]}
          />
          <TagsInput
            label={t("contacts.tags")}
            description={t("contacts.contact.tagsHint")}
            value={tags}
            onChange={setTags}
            maxTags={50}
            error={errors.tags}
          />
          <ContactFieldInputs
            definitions={definitions}
            values={values}
            onChange={(key, value) => setValues((all) => ({ ...all, [key]: value }))}
            legacy={legacy}
            onRemoveLegacy={(key) => setLegacy((all) => all.filter((x) => x.key !== key))}
            errors={errors}
          />
          <Group justify="space-between" wrap="wrap">
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("contacts.save")}
            </Button>
            <ConfirmDeleteButton
              id={contact.id}
              label={t("contacts.delete")}
              ariaLabel={t("contacts.contact.deleteNamed", { email: contact.email })}
              dialogTitle={t("contacts.contact.confirmDeleteTitle")}
              message={t("contacts.contact.confirmDelete", { email: contact.email })}
              cancelLabel={t("common.cancel")}
            />
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}

function ListRow({ list }: { list: Data["lists"][number] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, () => t("contacts.contact.removedFromList", { name: list.name }));
  return (
    <Group justify="space-between" wrap="nowrap" component="li" data-list={list.name}>
      <Group gap="xs" wrap="nowrap">
        <Text>{list.name}</Text>
        {list.pending && (
          <Badge variant="light" color="yellow" title={t("audienceGaps.pendingHint")}>
            {t("audienceGaps.pending")}
          </Badge>
        )}
      </Group>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove-from-list" />
        <input type="hidden" name="listId" value={list.id} />
        <Button
          type="submit"
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={fetcher.state !== "idle"}
          aria-label={t("contacts.contact.removeFromNamed", { name: list.name })}
        >
          {t("contacts.contact.remove")}
        </Button>
      </fetcher.Form>
    </Group>
  );
}

function Lists({ lists }: { lists: Data["lists"] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, () => t("contacts.contact.addedToList"));
  const on = lists.filter((l) => l.on);
  const off = lists.filter((l) => !l.on);
  return (
    <Card withBorder component="section" aria-labelledby="contact-lists">
      <Title order={2} size="h4" id="contact-lists" mb="sm">
        {t("contacts.contact.lists")}
      </Title>
      {on.length ? (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {on.map((l) => (
            <ListRow key={l.id} list={l} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t("contacts.contact.noLists")}</Text>
      )}
      {off.length ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="add-to-list" />
          <Group align="flex-end" gap="sm" mt="md" wrap="wrap">
            <NativeSelect
              name="listId"
              label={t("contacts.contact.addToList")}
              data={off.map((l) => ({ value: l.id, label: l.name }))}
            />
            <Button type="submit" variant="default" loading={fetcher.state !== "idle"}>
              {t("contacts.contact.add")}
            </Button>
          </Group>
        </fetcher.Form>
      ) : lists.length === 0 ? (
        <Anchor component={Link} to="/dashboard/manage/marketing/emails/lists" mt="sm" display="block">
          {t("contacts.contact.createList")}
        </Anchor>
      ) : null}
    </Card>
  );
}

export default function Contact({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="page">
      <Anchor component={Link} to={BASE} size="sm">
        {t("contacts.contact.back")}
      </Anchor>
      <div className="page-heading">
        <h1 style={{ overflowWrap: "anywhere" }}>{d.contact.email}</h1>
        <Badge variant="light" color={d.contact.status === 1 ? "green" : "gray"}>
          {t(d.contact.status === 1 ? "contacts.active" : "contacts.inactive")}
        </Badge>
      </div>
      <EmailTabs active="contacts" />
      <Text c="dimmed" size="sm" mb="md">
        {t("contacts.contact.since", {
          date: when(d.contact.createdAt),
          source: d.contact.settings.source ?? "manual",
        })}
      </Text>
      <Stack gap="md">
        {/* Keyed by contact, not by its last change: a save keeps the form (and its toast) mounted. */}
        <Details key={d.contact.id} contact={d.contact} definitions={d.definitions} />
        <Lists lists={d.lists} />
        <Card withBorder component="section" aria-labelledby="contact-history">
          <Title order={2} size="h4" id="contact-history" mb="sm">
            {t("contacts.contact.history")}
          </Title>
          {d.timeline.length ? (
            <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {d.timeline.map((e) => (
                <li key={`${e.type}-${e.id}`} data-history={e.type === "order" ? "order" : e.kind}>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {when(e.at)}
                    </Text>{" "}
                    {e.type === "order" ? (
                      <Anchor component={Link} to={`/dashboard/manage/ecommerce/orders?q=${e.id}`}>
                        {t("contacts.contact.order", {
                          number: e.number,
                          total: formatMoney(e.total, e.currency, i18n.language, { decimals: true }),
                          status: e.status,
                        })}
                      </Anchor>
                    ) : (
                      t(`contacts.events.${e.kind}`, { defaultValue: e.kind })
                    )}
                  </Text>
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{t("contacts.contact.noHistory")}</Text>
          )}
        </Card>
      </Stack>
    </div>
  );
}
