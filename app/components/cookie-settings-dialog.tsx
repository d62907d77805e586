import { Button, Group, Modal, Radio, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CONSENT_CHOICES, type ConsentChoice } from "../lib/consent";

/** The cookie settings dialog: what the site stores, in three tabs, and the visitor's choice. */
export function CookieSettingsDialog({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (choice: ConsentChoice) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<ConsentChoice>("required");
  return (
    <Modal opened={opened} onClose={onClose} title={t("cookies.settingsTitle")} size="lg" centered>
      <Stack gap="md">
        <Tabs defaultValue="privacy">
          <Tabs.List>
            <Tabs.Tab value="privacy">{t("cookies.tabs.privacy")}</Tabs.Tab>
            <Tabs.Tab value="necessary">{t("cookies.tabs.necessary")}</Tabs.Tab>
            <Tabs.Tab value="thirdParty">{t("cookies.tabs.thirdParty")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="privacy" pt="sm">
            <Text size="sm">{t("cookies.privacyText")}</Text>
          </Tabs.Panel>
          <Tabs.Panel value="necessary" pt="sm">
            <Text size="sm">{t("cookies.necessaryText")}</Text>
          </Tabs.Panel>
          <Tabs.Panel value="thirdParty" pt="sm">
            <Text size="sm">{t("cookies.thirdPartyText")}</Text>
          </Tabs.Panel>
        </Tabs>
        <Radio.Group
          label={t("cookies.choice")}
          value={value}
          onChange={(v) => setValue(v as ConsentChoice)}
          name="cookie-choice"
        >
          <Stack gap="xs" mt="xs">
            {CONSENT_CHOICES.map((c) => (
              <Radio key={c} value={c} label={t(`cookies.choices.${c}`)} description={t(`cookies.choiceHelp.${c}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => onChoose(value)}>{t("cookies.save")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
