// The product's translator: looks a key up in the page's language, then in English, with plural
// forms chosen by the language's own rules (`Intl.PluralRules`) and `{{name}}` filled in from the
// options. It does what the product's catalogues use and nothing more, so the browser downloads
// about a kilobyte for it, and a server render spends little time in it (decision 0073). The keys,
// plural suffixes (`_zero`, `_one`, … `_other`) and placeholders are i18next's, and for every key
// of the twenty catalogues it answers what i18next answered (translator.test.ts compares them),
// except that a count in millions in Spanish, French, Italian or Portuguese takes the language's
// own "other" form where i18next fell back to English.

/** A language's words: nested groups of strings (`{ cart: { empty: "…" } }`). */
export type Bundle = Record<string, unknown>;
/** Words by language, then by namespace (the product has one: `translation`). */
export type Resource = Record<string, Record<string, Bundle>>;
/** Values for the placeholders; `count` also picks the plural form; `defaultValue` stands in for a missing key. */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (...args: string[]) => void;

export const DEFAULT_NS = "translation";

const FALLBACK = "en";
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural category of `count` in `lng`: "one", "few", "other"… */
function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

/** The value at a dotted path of a bundle; `undefined` when any step is missing. */
function valueAt(bundle: Bundle | undefined, key: string): unknown {
  let node: unknown = bundle;
  let from = 0;
  while (node != null && typeof node === "object") {
    const dot = key.indexOf(".", from);
    const part = dot === -1 ? key.slice(from) : key.slice(from, dot);
    node = (node as Record<string, unknown>)[part];
    if (dot === -1) return node;
    from = dot + 1;
  }
  return undefined;
}

function interpolate(text: string, options: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, "");
    let value = options[name];
    if (value === undefined && name.includes(".")) value = valueAt(options, name);
    if (value === undefined) return Object.hasOwn(options, name) ? "" : whole;
    return value == null ? "" : String(value);
  });
}

function deepMerge(target: Bundle, source: Bundle, overwrite: boolean): void {
  for (const [name, value] of Object.entries(source)) {
    const current = target[name];
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (current && typeof current === "object" && !Array.isArray(current)) {
        deepMerge(current as Bundle, value as Bundle, overwrite);
      } else if (overwrite || current === undefined) {
        target[name] = structuredClone(value);
      }
    } else if (overwrite || current === undefined) {
      target[name] = value;
    }
  }
}

export class Translator {
  language: string;
  private readonly store: Resource;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(language: string, resources: Resource) {
    this.language = language;
    this.store = resources;
  }

  /** The language the words come from: the chosen one when its words are there, else English. */
  get resolvedLanguage(): string {
    return this.store[this.language] ? this.language : FALLBACK;
  }

  /** `key` in `lng` (English when `lng` lacks it), its placeholders filled in from `options`. */
  translate(lng: string, ns: string, key: string, options?: TOptions): string {
    const count = typeof options?.count === "number" ? options.count : undefined;
    const found = this.lookup(lng, ns, key, count) ?? this.lookup(FALLBACK, ns, key, count, lng === FALLBACK);
    const text = found ?? options?.defaultValue ?? key;
    return options ? interpolate(text, options) : text;
  }

  private lookup(lng: string, ns: string, key: string, count: number | undefined, skip = false): string | undefined {
    if (skip) return undefined;
    const bundle = this.store[lng]?.[ns];
    if (!bundle) return undefined;
    if (count !== undefined) {
      if (count === 0) {
        const zero = valueAt(bundle, `${key}_zero`);
        if (typeof zero === "string") return zero;
      }
      const category = pluralCategory(lng, count);
      const plural = valueAt(bundle, `${key}_${category}`);
      if (typeof plural === "string") return plural;
      // Spanish, French, Italian and Portuguese have a form for millions ("many") that reads as
      // "other": their catalogues leave it out, and the language's own "other" is used, not English.
      if (category === "many") {
        const other = valueAt(bundle, `${key}_other`);
        if (typeof other === "string") return other;
      }
    }
    const value = valueAt(bundle, key);
    return typeof value === "string" ? value : undefined;
  }

  /** The instance's own `t`, in its language of the moment. */
  t: TFunction = (key, options) => this.translate(this.language, DEFAULT_NS, key, options);

  /** A `t` fixed to `lng`; with `null`, one that follows the instance's language at call time. */
  getFixedT(lng: string | null, ns: string = DEFAULT_NS): TFunction {
    return (key, options) => this.translate(lng ?? this.language, ns, key, options);
  }

  async changeLanguage(lng: string): Promise<TFunction> {
    if (lng !== this.language) {
      this.language = lng;
      this.emit("languageChanged", lng);
    }
    return this.t;
  }

  /** Adds words to a language (merged into what is there; `overwrite` replaces strings already there). */
  addResourceBundle(lng: string, ns: string, bundle: Bundle, _deep = true, overwrite = true): this {
    this.store[lng] ??= {};
    this.store[lng][ns] ??= {};
    deepMerge(this.store[lng][ns], bundle, overwrite);
    this.emit("added", lng, ns);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return Boolean(this.store[lng]?.[ns]);
  }

  on(event: "languageChanged" | "added", listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: "languageChanged" | "added", listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: string[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
