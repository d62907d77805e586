import { Button, Menu } from "@mantine/core";
import { useGetPuck } from "@puckeditor/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";

/** The page's top-level list of blocks in the editor. */
const ROOT_ZONE = "root:default-zone";

/**
 * "Add block": a keyboard-friendly alternative to dragging from the block list; the chosen block
 * is added at the end of the page and selected, so its fields open at once.
 */
export function PageBlockInsert({ blocks }: { blocks: { name: string; label: string }[] }) {
  const { t } = useTranslation();
  const getPuck = useGetPuck();
  const insert = (componentType: string) => {
    const { appState, dispatch } = getPuck();
    const index = appState.data.content.length;
    dispatch({ type: "insert", componentType, destinationIndex: index, destinationZone: ROOT_ZONE });
    dispatch({ type: "setUi", ui: { itemSelector: { index, zone: ROOT_ZONE } } });
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" fullWidth leftSection={<IconPlus size={14} aria-hidden />} mb="xs">
          {t("pages.addBlock")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {blocks.map((b) => (
          <Menu.Item key={b.name} onClick={() => insert(b.name)}>
            {b.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
