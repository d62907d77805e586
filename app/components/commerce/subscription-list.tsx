import { Alert, Badge, Button, Group, Loader, Modal, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoney } from "../../../core/currency";
import { api } from "../../lib/api";
import { formatDay } from "../affiliate/format";

type Subscription = {
  id: string;
  productTitle: string;
  status: "active" | "past_due" | "cancelled" | "ended";
  amount: number;
  currency: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
};

type State = { kind: "loading" } | { kind: "error" } | { kind: "ready"; items: Subscription[] };

const STATUS_COLOR: Record<Subscription["status"], string> = {
  active: "green",
  past_due: "orange",
  cancelled: "yellow",
  ended: "gray",
};

function CancelButton({ sub, onDone }: { sub: Subscription; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api("POST", `/api/v1/me/subscriptions/${sub.id}/cancel`);
      close();
      onDone();
    } catch {
      setError(t("subscriptions.cancelFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="red" onClick={open}>
        {t("subscriptions.cancel")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("subscriptions.cancelTitle")} centered>
        <Text mb="md">
          {t("subscriptions.cancelMessage", {
            product: sub.productTitle,
            date: formatDay(sub.currentPeriodEnd, i18n.language),
          })}
        </Text>
        {error ? (
          <Alert color="red" mb="md">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("subscriptions.keep")}
          </Button>
          <Button color="red" loading={busy} onClick={confirm}>
            {t("subscriptions.confirmCancel")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** The signed-in member's subscriptions, read in the browser, with cancel at the end of the period. */
export function SubscriptionList() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ kind: "loading" });
  const load = useCallback(() => {
    api<{ items: Subscription[] }>("GET", "/api/v1/me/subscriptions")
      .then((r) => setState({ kind: "ready", items: r.items }))
      .catch(() => setState({ kind: "error" }));
  }, []);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="subscriptions-title" className="subscription-list">
      <Title order={2} size="h3" id="subscriptions-title" mb="sm">
        {t("subscriptions.title")}
      </Title>
      {state.kind === "loading" ? (
        <Loader size="sm" aria-label={t("subscriptions.loading")} />
      ) : state.kind === "error" ? (
        <Alert color="red">{t("subscriptions.loadFailed")}</Alert>
      ) : state.items.length === 0 ? (
        <p className="muted empty-state">{t("subscriptions.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("subscriptions.product")}</Table.Th>
                <Table.Th>{t("subscriptions.amount")}</Table.Th>
                <Table.Th>{t("subscriptions.status")}</Table.Th>
                <Table.Th>{t("subscriptions.periodEnd")}</Table.Th>
                <Table.Th>{t("subscriptions.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.productTitle}</Table.Td>
                  <Table.Td>{formatMoney(s.amount, s.currency, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[s.status]}>
                      {t(`subscriptions.statuses.${s.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {s.status === "ended"
                      ? ""
                      : t(s.status === "active" ? "subscriptions.renews" : "subscriptions.accessUntil", {
                          date: formatDay(s.currentPeriodEnd, i18n.language),
                        })}
                  </Table.Td>
                  <Table.Td>
                    {s.status === "active" || s.status === "past_due" ? <CancelButton sub={s} onDone={load} /> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
