import { Button, Checkbox, Group } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useRevalidator } from "react-router";
import { type DashboardMenuItem, type MenuPreferenceEntry, menuPreferenceRows } from "../../core/menus";
import { useToast } from "../hooks/use-toast";
import { ApiError, api } from "../lib/api";
import { MenuIcon } from "./menu-icon";

type Row = DashboardMenuItem & { enabled: boolean };

/**
 * The sidebar preference (spec §2): order and visibility of each menu item, saved on the
 * membership with PATCH /api/v1/me/preferences. The dashboard home cannot be hidden.
 */
export function MenuPreferenceEditor({
  items,
  preference,
}: {
  items: DashboardMenuItem[];
  preference: MenuPreferenceEntry[] | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState<Row[]>(() => menuPreferenceRows(items, preference));
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(menuPreferenceRows(items, preference)), [items, preference]);

  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
  const toggle = (id: string, enabled: boolean) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, enabled } : r)));

  const save = async (menu: MenuPreferenceEntry[] | null) => {
    setSaving(true);
    try {
      await api("PATCH", "/api/v1/me/preferences", { menu });
      toast.show({ message: t("profile.menuSaved"), tone: "success" });
      await revalidator.revalidate();
    } catch (err) {
      const missing = err instanceof ApiError && err.missing;
      toast.show({ message: t(missing ? "profile.menuUnavailable" : "errors.generic"), tone: "error" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="card wide stack">
      <p className="muted">{t("profile.menuHelp")}</p>
      <ol className="menu-editor">
        {rows.map((row, i) => {
          const label = t(row.labelKey);
          return (
            <li key={row.id} className={row.enabled ? undefined : "disabled"}>
              <MenuIcon id={row.id} size={18} />
              <Checkbox
                label={label}
                checked={row.enabled}
                disabled={row.locked}
                onChange={(e) => toggle(row.id, e.currentTarget.checked)}
                aria-label={t("profile.menuShow", { item: label })}
              />
              <span className="menu-editor-moves">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t("profile.menuUp", { item: label })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t("profile.menuDown", { item: label })}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <Group>
        <Button onClick={() => save(rows.map((r) => ({ id: r.id, enabled: r.enabled })))} loading={saving}>
          {t("profile.menuSave")}
        </Button>
        <Button variant="default" onClick={() => save(null)} disabled={saving || !preference}>
          {t("profile.menuReset")}
        </Button>
      </Group>
    </div>
  );
}
