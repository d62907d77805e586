import { Button, Group, Modal, NativeSelect, NumberInput, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";

/** Seconds per unit, as course durations store them (spec §3 parameter). */
const UNITS = [
  { seconds: 60, key: "minutes" },
  { seconds: 3600, key: "hours" },
  { seconds: 86400, key: "days" },
  { seconds: 604800, key: "weeks" },
  { seconds: 2592000, key: "months" },
] as const;

/** Extends a student's expiry by a value and unit, in a dialog. */
export function ExtendExpiry({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={open}>
        {t("learning.manage.extend")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("learning.manage.extendTitle", { name })} centered>
        <fetcher.Form method="post" onSubmit={() => setTimeout(close, 0)}>
          <input type="hidden" name="intent" value="extend" />
          <input type="hidden" name="studentId" value={studentId} />
          <Stack>
            <NumberInput
              name="value"
              label={t("learning.manage.extendBy")}
              min={1}
              max={100000}
              defaultValue={7}
              required
            />
            <NativeSelect
              name="parameter"
              label={t("learning.manage.unit")}
              defaultValue="86400"
              data={UNITS.map((u) => ({ value: String(u.seconds), label: t(`learning.units.${u.key}`) }))}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={fetcher.state !== "idle"}>
                {t("learning.manage.extend")}
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
