import { useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import type { AccountConfigPatch, MenuItem } from "../../../../core/account";
import {
  numberOrText,
  SelectField,
  SiteAdminForm,
  SiteAdminPage,
  SitePreview,
  TextArea,
  TextField,
  useSiteAdminSave,
} from "../../../components/site-admin";
import { badSubmission, readSubmitted, saveSiteConfig, siteAdminLoader } from "../../../lib/site-admin.server";
import { buildSiteChrome } from "../../../lib/site-chrome";
import type { Route } from "./+types/menus";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return siteAdminLoader(context, request, "siteAdmin.screens.menus.title");
}

/** What this screen edits: the header and mobile menus, each sent whole. */
export async function action({ context, request }: Route.ActionArgs) {
  const sent = await readSubmitted(request);
  if (!sent) return badSubmission();
  return saveSiteConfig(context, { menus: sent.menus } as AccountConfigPatch);
}

type Which = "header" | "mobile";
type Num = number | string;
type MegaColumn = { colSpan: Num; rowSpan: Num; content: string };
type EditItem = {
  id: string;
  parent: string | null;
  label: string;
  url: string;
  type: string;
  columnCount: Num;
  columns: MegaColumn[];
};

const newId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function toEdit(item: MenuItem): EditItem {
  const m = item.data.menuItem;
  return {
    id: item.id,
    parent: item.parent,
    label: m.label,
    url: m.item_url,
    type: m.item_type,
    columnCount: m.mega_menu?.columnCount ?? 2,
    columns: m.mega_menu?.columns ?? [],
  };
}

/** Back to the stored shape; numbers the person left invalid go as typed, for the server to name. */
function toStored(item: EditItem): MenuItem {
  const num = (v: Num) => (typeof v === "number" ? v : numberOrText(v)) as number;
  return {
    id: item.id,
    parent: item.parent,
    data: {
      menuItem: {
        label: item.label,
        item_url: item.url,
        item_type: item.type,
        ...(item.type === "megamenu"
          ? {
              mega_menu: {
                columnCount: num(item.columnCount),
                columns: item.columns.map((c) => ({
                  colSpan: num(c.colSpan),
                  rowSpan: num(c.rowSpan),
                  content: c.content,
                })),
              },
            }
          : {}),
      },
    },
  };
}

/** How deep an item sits (0 = top level), following parents that exist, cycles cut. */
function depthOf(items: EditItem[], item: EditItem): number {
  const byId = new Map(items.map((i) => [i.id, i]));
  let depth = 0;
  const seen = new Set([item.id]);
  let parent = item.parent ? byId.get(item.parent) : undefined;
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    depth++;
    parent = parent.parent ? byId.get(parent.parent) : undefined;
  }
  return depth;
}

/** The item and everything below it (it cannot become a child of those). */
function descendantsOf(items: EditItem[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const i of items) {
      if (i.parent && out.has(i.parent) && !out.has(i.id)) {
        out.add(i.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Swaps an item with its previous or next sibling (same parent) in the stored order. */
function moveAmongSiblings(items: EditItem[], index: number, by: -1 | 1): EditItem[] {
  const parent = items[index].parent;
  let to = index + by;
  while (to >= 0 && to < items.length && items[to].parent !== parent) to += by;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

const siblingAt = (items: EditItem[], index: number, by: -1 | 1) => {
  for (let i = index + by; i >= 0 && i < items.length; i += by)
    if (items[i].parent === items[index].parent) return true;
  return false;
};

export default function MenusScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config, slug, accountId } = loaderData;
  const [which, setWhich] = useState<Which>("header");
  const [menus, setMenus] = useState<Record<Which, EditItem[]>>({
    header: config.menus.header.map(toEdit),
    mobile: config.menus.mobile.map(toEdit),
  });
  const save = useSiteAdminSave();
  const { errorFor } = save;
  const items = menus[which];
  const setItems = (update: (items: EditItem[]) => EditItem[]) =>
    setMenus((m) => ({ ...m, [which]: update(m[which]) }));
  const setItem = (id: string, patch: Partial<EditItem>) =>
    setItems((all) => all.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const stored = { header: menus.header.map(toStored), mobile: menus.mobile.map(toStored) };
  const value = { menus: stored };
  const chrome = useMemo(
    () =>
      buildSiteChrome(
        {
          ...config,
          menus: {
            header: menus.header.map((i) =>
              toStored({
                ...i,
                columnCount: Number(i.columnCount) || 1,
                columns: i.columns.map((c) => ({
                  ...c,
                  colSpan: Number(c.colSpan) || 1,
                  rowSpan: Number(c.rowSpan) || 1,
                })),
              }),
            ),
            mobile: menus.mobile.map(toStored),
          },
        },
        { slug, accountId, pathname: "/", adminToolbar: false },
      ),
    [config, menus, slug, accountId],
  );

  const move = (index: number, by: -1 | 1) => {
    const id = items[index].id;
    setItems((all) => moveAmongSiblings(all, index, by));
    // Keep the keyboard where it was: on the same button of the moved item, or its other one at an end.
    requestAnimationFrame(() => {
      const same = document.getElementById(`move-${by < 0 ? "up" : "down"}-${id}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${by < 0 ? "down" : "up"}-${id}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const remove = (id: string) =>
    setItems((all) => all.filter((i) => i.id !== id).map((i) => (i.parent === id ? { ...i, parent: null } : i)));
  const add = (type: "link" | "megamenu") =>
    setItems((all) => [
      ...all,
      {
        id: newId(),
        parent: null,
        label: "",
        url: "",
        type,
        columnCount: 2,
        columns: type === "megamenu" ? [{ colSpan: 1, rowSpan: 1, content: "" }] : [],
      },
    ]);
  const base = `menus.${which}`;

  return (
    <SiteAdminPage screen="menus" preview={<SitePreview chrome={chrome} parts={["header"]} />}>
      <SiteAdminForm save={save} value={value}>
        <SelectField
          label={t("siteAdmin.menus.which")}
          value={which}
          onChange={setWhich}
          options={[
            { value: "header", label: t("siteAdmin.menus.header") },
            { value: "mobile", label: t("siteAdmin.menus.mobile") },
          ]}
          hint={which === "mobile" ? t("siteAdmin.menus.mobileHint") : undefined}
        />
        {items.length === 0 ? <p className="hint">{t("siteAdmin.menus.empty")}</p> : null}
        <ol className="site-admin-menu-list" aria-label={t(`siteAdmin.menus.${which}`)}>
          {items.map((item, index) => {
            const depth = depthOf(items, item);
            const blocked = descendantsOf(items, item.id);
            const path = `${base}.${index}`;
            const name = item.label || t("siteAdmin.menus.untitled", { n: index + 1 });
            return (
              <li key={item.id} style={{ marginInlineStart: `${depth * 1.5}rem` }}>
                <fieldset data-testid={`menu-item-${index}`}>
                  <legend id={`menu-item-name-${item.id}`}>{name}</legend>
                  <div className="site-admin-row">
                    <TextField
                      label={t("siteAdmin.menus.label")}
                      value={item.label}
                      onChange={(v) => setItem(item.id, { label: v })}
                      error={errorFor(`${path}.data.menuItem.label`)}
                    />
                    <TextField
                      label={t("siteAdmin.menus.url")}
                      value={item.url}
                      dir="ltr"
                      placeholder="/about"
                      onChange={(v) => setItem(item.id, { url: v })}
                      error={errorFor(`${path}.data.menuItem.item_url`)}
                    />
                  </div>
                  <div className="site-admin-row">
                    <SelectField
                      label={t("siteAdmin.menus.type")}
                      value={item.type === "megamenu" ? "megamenu" : "link"}
                      onChange={(v) =>
                        setItem(item.id, {
                          type: v,
                          columns:
                            v === "megamenu" && !item.columns.length
                              ? [{ colSpan: 1, rowSpan: 1, content: "" }]
                              : item.columns,
                        })
                      }
                      options={[
                        { value: "link", label: t("siteAdmin.menus.typeLink") },
                        { value: "megamenu", label: t("siteAdmin.menus.typeMega") },
                      ]}
                      error={errorFor(`${path}.data.menuItem.item_type`)}
                    />
                    <SelectField
                      label={t("siteAdmin.menus.parent")}
                      value={item.parent ?? ""}
                      onChange={(v) => setItem(item.id, { parent: v || null })}
                      options={[
                        { value: "", label: t("siteAdmin.menus.noParent") },
                        ...items
                          .filter((other) => !blocked.has(other.id))
                          .map((other) => ({
                            value: other.id,
                            label: other.label || t("siteAdmin.menus.untitled", { n: items.indexOf(other) + 1 }),
                          })),
                      ]}
                      error={errorFor(`${path}.parent`)}
                    />
                  </div>
                  {item.type === "megamenu" ? (
                    <fieldset>
                      <legend>{t("siteAdmin.menus.mega")}</legend>
                      <TextField
                        label={t("siteAdmin.menus.columnCount")}
                        type="number"
                        min={1}
                        max={6}
                        value={item.columnCount}
                        onChange={(v) => setItem(item.id, { columnCount: numberOrText(v) })}
                        error={errorFor(`${path}.data.menuItem.mega_menu.columnCount`)}
                      />
                      {item.columns.map((column, ci) => {
                        const setColumn = (patch: Partial<MegaColumn>) =>
                          setItem(item.id, {
                            columns: item.columns.map((c, j) => (j === ci ? { ...c, ...patch } : c)),
                          });
                        const cpath = `${path}.data.menuItem.mega_menu.columns.${ci}`;
                        return (
                          // Mega menu columns have no id; their position is their identity.
                          // biome-ignore lint/suspicious/noArrayIndexKey: see above
                          <fieldset key={ci}>
                            <legend>{t("siteAdmin.menus.column", { n: ci + 1 })}</legend>
                            <div className="site-admin-row">
                              <TextField
                                label={t("siteAdmin.menus.colSpan")}
                                type="number"
                                min={1}
                                max={6}
                                value={column.colSpan}
                                onChange={(v) => setColumn({ colSpan: numberOrText(v) })}
                                error={errorFor(`${cpath}.colSpan`)}
                              />
                              <TextField
                                label={t("siteAdmin.menus.rowSpan")}
                                type="number"
                                min={1}
                                max={6}
                                value={column.rowSpan}
                                onChange={(v) => setColumn({ rowSpan: numberOrText(v) })}
                                error={errorFor(`${cpath}.rowSpan`)}
                              />
                            </div>
                            <TextArea
                              label={t("siteAdmin.menus.content")}
                              value={column.content}
                              onChange={(v) => setColumn({ content: v })}
                              error={errorFor(`${cpath}.content`)}
                            />
                            <div>
                              <button
                                type="button"
                                className="small secondary"
                                onClick={() => setItem(item.id, { columns: item.columns.filter((_, j) => j !== ci) })}
                              >
                                {t("siteAdmin.menus.removeColumn", { n: ci + 1 })}
                              </button>
                            </div>
                          </fieldset>
                        );
                      })}
                      <div>
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() =>
                            setItem(item.id, { columns: [...item.columns, { colSpan: 1, rowSpan: 1, content: "" }] })
                          }
                        >
                          {t("siteAdmin.menus.addColumn")}
                        </button>
                      </div>
                    </fieldset>
                  ) : null}
                  {errorFor(path, true) ? (
                    <p className="field-error" role="alert">
                      {t("siteAdmin.errors.item")}
                    </p>
                  ) : null}
                  <div className="site-admin-item-tools">
                    <button
                      type="button"
                      id={`move-up-${item.id}`}
                      className="small secondary"
                      disabled={!siblingAt(items, index, -1)}
                      aria-describedby={`menu-item-name-${item.id}`}
                      onClick={() => move(index, -1)}
                    >
                      {t("siteAdmin.moveUp")}
                    </button>
                    <button
                      type="button"
                      id={`move-down-${item.id}`}
                      className="small secondary"
                      disabled={!siblingAt(items, index, 1)}
                      aria-describedby={`menu-item-name-${item.id}`}
                      onClick={() => move(index, 1)}
                    >
                      {t("siteAdmin.moveDown")}
                    </button>
                    <button
                      type="button"
                      className="small danger"
                      aria-describedby={`menu-item-name-${item.id}`}
                      onClick={() => remove(item.id)}
                    >
                      {t("siteAdmin.remove")}
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="site-admin-item-tools">
          <button type="button" className="small secondary" onClick={() => add("link")}>
            {t("siteAdmin.menus.addLink")}
          </button>
          <button type="button" className="small secondary" onClick={() => add("megamenu")}>
            {t("siteAdmin.menus.addMega")}
          </button>
        </div>
      </SiteAdminForm>
    </SiteAdminPage>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
