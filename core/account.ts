// The shape of an account's configuration (spec §3 Account, Menu item), shared by the server, which
// validates every write with these schemas, and the browser, which renders the site from them.
import { z } from "zod";

import { LANGUAGE_CODES } from "./languages";
import { MAX_SOURCE_ORIGINS, parseSourceOrigin } from "./source-origin";

export { LANGUAGE_CODES };

const isoDate = z.string().datetime({ offset: true }).or(z.literal("")).optional();

export const ZAccountNotices = z.object({
  enable_header_notice: z.boolean().default(false),
  header_notice: z.string().default(""),
  header_notice_bg: z.string().default(""),
  header_notice_start: isoDate,
  header_notice_expire: isoDate,
  enable_footer_notice: z.boolean().default(false),
  footer_notice: z.string().default(""),
  footer_notice_bg: z.string().default(""),
});

export const ZAccountSettings = z.object({
  logo: z.string().default(""),
  dark_logo: z.string().default(""),
  logo_width: z.number().min(1).max(40).default(8),
  sitetitle: z.string().min(1).max(120),
  icon: z.string().default(""),
  currency: z.string().length(3).default("USD"),
  defaultLanguage: z.enum(LANGUAGE_CODES).default("en"),
  onboard: z.boolean().default(true),
  plan: z.string().uuid().nullable().default(null),
  /** Where a dedicated installation's own backend lives (spec §3); empty on shared hosting. */
  backend: z
    .object({ url: z.string().default(""), anon_key: z.string().default(""), server_id: z.string().default("") })
    .default({ url: "", anon_key: "", server_id: "" }),
  notices: ZAccountNotices.default(ZAccountNotices.parse({})),
});
export type AccountSettings = z.infer<typeof ZAccountSettings>;

export type MenuItem = {
  id: string;
  parent: string | null;
  data: {
    menuItem: {
      label: string;
      item_url: string;
      item_type: "link" | "page" | "megamenu" | string;
      mega_menu?: { columnCount: number; columns: { colSpan: number; rowSpan: number; content: string }[] };
    };
  };
};
export const ZMenuItem: z.ZodType<MenuItem> = z.object({
  id: z.string(),
  parent: z.string().nullable(),
  data: z.object({
    menuItem: z.object({
      label: z.string(),
      item_url: z.string(),
      item_type: z.string(),
      mega_menu: z
        .object({
          columnCount: z.number().int().min(1).max(6),
          columns: z.array(z.object({ colSpan: z.number().int(), rowSpan: z.number().int(), content: z.string() })),
        })
        .optional(),
    }),
  }),
});
export const ZAccountMenus = z.object({
  header: z.array(ZMenuItem).default([]),
  mobile: z.array(ZMenuItem).default([]),
});
export type AccountMenus = z.infer<typeof ZAccountMenus>;

export const ZAccountHeader = z.object({
  header_style: z.enum(["default", "transparent", "centered", "minimal"]).default("default"),
  header_fix: z.boolean().default(true),
  header_fontsize: z.number().min(10).max(24).default(15),
  header_darklight: z.boolean().default(true),
  header_search: z.boolean().default(true),
  header_cart: z.boolean().default(true),
  header_login: z.boolean().default(true),
});
export type AccountHeader = Partial<z.infer<typeof ZAccountHeader>>;

export const ZFooterColumn = z.object({
  title: z.string(),
  type: z.enum(["links", "text"]),
  width: z.number().int().min(1).max(12),
  data: z.union([z.string(), z.array(z.object({ label: z.string(), url: z.string() }))]),
});
export const ZAccountFooter = z.object({
  footer_style: z.enum(["default", "dark", "minimal"]).default("default"),
  footer_columns: z.array(ZFooterColumn).default([]),
  footer_bottom: z.string().default(""),
  footer_bottom_links: z.array(z.object({ label: z.string(), url: z.string() })).default([]),
});
export type AccountFooter = Partial<z.infer<typeof ZAccountFooter>>;

export const ZAccountTheme = z.object({
  bodyStyle: z.enum(["boxed", "full"]).default("full"),
  colors: z.record(z.string(), z.string()).optional(),
  font: z.string().optional(),
});
export type AccountTheme = Partial<z.infer<typeof ZAccountTheme>>;

/** An origin the owner's scripts or frames may load from (see core/source-origin.ts). */
export const ZSourceOrigin = z
  .string()
  .max(255)
  .refine((v) => parseSourceOrigin(v) !== null, "Must be an origin such as https://cdn.example.com");
const ZSourceOrigins = z.array(ZSourceOrigin).max(MAX_SOURCE_ORIGINS);

export const ZAccountMisc = z.object({
  scripts: z.string().default(""),
  /** Where the owner's scripts may load code from (the page's script-src; also style-src and connect-src). */
  script_origins: ZSourceOrigins.default([]),
  /** Where the owner's scripts and embeds may open frames from (frame-src). */
  frame_origins: ZSourceOrigins.default([]),
});
export type AccountMisc = Partial<z.infer<typeof ZAccountMisc>>;

/** Site-wide capability overrides per role name (spec §3 Account.caps). */
export type AccountCaps = Record<string, string[]>;

// ——— Editing the configuration (PATCH /api/v1/site/config, the site-admin screens) ———
// A patch names only what changes: a missing field keeps the stored value. Zod 4 applies a field's
// default even when the field is optional, so the patch schemas are built from the shapes above with
// their defaults removed — otherwise `{ sitetitle }` would reset the logo to "".

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/** Every field optional, none defaulted, unknown keys refused (so `plan` in a patch is an error, not ignored). */
export function patchSchemaOf<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): z.ZodObject<PatchShape<S>, z.core.$strict> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodObject<PatchShape<S>, z.core.$strict>;
}

/** The settings an owner may edit: everything but the plan (billing) and the backend (installation). */
export const ZEditableSettings = ZAccountSettings.omit({ plan: true, backend: true });
export type EditableSettings = z.infer<typeof ZEditableSettings>;

export const ZAccountSettingsPatch = patchSchemaOf(ZEditableSettings.omit({ notices: true })).extend({
  notices: patchSchemaOf(ZAccountNotices).optional(),
});

/** The most a stored configuration may weigh, so one site cannot bloat every cached host entry. */
export const MAX_CONFIG_BYTES = 256 * 1024;

export const ZAccountConfigPatch = z.strictObject({
  settings: ZAccountSettingsPatch.optional(),
  menus: patchSchemaOf(ZAccountMenus).optional(),
  header: patchSchemaOf(ZAccountHeader).optional(),
  footer: patchSchemaOf(ZAccountFooter).optional(),
  theme: patchSchemaOf(ZAccountTheme).optional(),
  misc: patchSchemaOf(ZAccountMisc).optional(),
});
export type AccountConfigPatch = z.infer<typeof ZAccountConfigPatch>;

/** A site's editable configuration with every default filled in (GET /api/v1/site/config, loaders). */
export const ZAccountConfig = z.object({
  settings: ZEditableSettings,
  menus: ZAccountMenus,
  header: ZAccountHeader,
  footer: ZAccountFooter,
  theme: ZAccountTheme,
  misc: ZAccountMisc,
});
export type AccountConfig = z.infer<typeof ZAccountConfig>;

// ——— A member's own preferences (PATCH /api/v1/me/preferences) ———

/** One entry of the dashboard sidebar preference (spec §2: list of items with id and enabled). */
export const ZMenuPreferenceItem = z.strictObject({ id: z.string().trim().min(1).max(64), enabled: z.boolean() });
export type MenuPreferenceItem = z.infer<typeof ZMenuPreferenceItem>;

export const ZMemberPreferencesPatch = z.strictObject({
  language: z.enum(LANGUAGE_CODES).nullable().optional(),
  menu: z
    .array(ZMenuPreferenceItem)
    .max(50)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, "Each menu item may appear once")
    .nullable()
    .optional(),
});
export type MemberPreferencesPatch = z.infer<typeof ZMemberPreferencesPatch>;
