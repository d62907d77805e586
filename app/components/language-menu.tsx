import { Menu, ScrollArea, UnstyledButton } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { useLanguageSwitch } from "../hooks/use-language-switch";
import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode } from "../i18n/languages";

/** The dashboard's language menu: the 20 languages, each in its own name; choosing one re-renders the page in it. */
export function LanguageMenu({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const { change, busy } = useLanguageSwitch(signedIn);
  const current = (LANGUAGE_CODES as readonly string[]).includes(i18n.language)
    ? (i18n.language as LanguageCode)
    : "en";
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className="icon-button"
          aria-label={t("language.choose", { current: LANGUAGE_NAMES[current] })}
          disabled={busy}
        >
          <IconLanguage size={20} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("language.label")}</Menu.Label>
        <ScrollArea.Autosize mah={320} type="auto">
          {LANGUAGE_CODES.map((code) => (
            <Menu.Item
              key={code}
              lang={code}
              onClick={() => code !== current && change(code)}
              rightSection={code === current ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={code === current ? "true" : undefined}
            >
              {LANGUAGE_NAMES[code]}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
