// The translation hook of every component: `const { t, i18n } = useTranslation()`.
// It hands out the translator from the provider and a `t` made once per language, and re-renders
// when the language changes or a language's words arrive in the browser.
import { createContext, createElement, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { DEFAULT_NS, type I18n, type TFunction } from ".";

const TranslatorContext = createContext<I18n | null>(null);

/** Gives every component below the page's translator. */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

type Entry = {
  version: number;
  listeners: Set<() => void>;
  subscribe: (onChange: () => void) => () => void;
  t: TFunction | null;
  tFor: string;
};
const entries = new WeakMap<I18n, Entry>();

function entryOf(i18n: I18n): Entry {
  let entry = entries.get(i18n);
  if (!entry) {
    const listeners = new Set<() => void>();
    const created: Entry = {
      version: 0,
      listeners,
      subscribe: (onChange) => {
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
      t: null,
      tFor: "",
    };
    const bump = () => {
      created.version += 1;
      created.t = null;
      for (const listener of created.listeners) listener();
    };
    i18n.on("languageChanged", bump);
    i18n.on("added", bump);
    entries.set(i18n, created);
    entry = created;
  }
  return entry;
}

function translatorOf(i18n: I18n, entry: Entry): TFunction {
  const key = `${i18n.language}|${entry.version}`;
  if (!entry.t || entry.tFor !== key) {
    // getFixedT(null) follows the instance's language at call time: the same words the server used.
    entry.t = i18n.getFixedT(null, DEFAULT_NS);
    entry.tFor = key;
  }
  return entry.t;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation needs a TranslationProvider above it");
  const entry = entryOf(i18n);
  const version = useSyncExternalStore(
    entry.subscribe,
    () => entry.version,
    () => entry.version,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new words for the same instance
  return useMemo(() => ({ t: translatorOf(i18n, entry), i18n }), [i18n, entry, version]);
}
