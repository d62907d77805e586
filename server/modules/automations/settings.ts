// How the engine behaves on one installation, registered per database at start-up (tests run several
// platforms in one process): the site address rule for campaign links, whether new addresses get
// the DNS check, whether webhooks may reach loopback (a local receiver in tests), and the secret that
// signs a double opt-in list's confirmation link.
import type { Db } from "../../db/client";

export type EngineSettings = {
  scheme: string;
  baseDomain: string;
  emailDnsCheck: boolean;
  webhookAllowLoopback: boolean;
  /** Signs double opt-in confirmation links (the installation's auth secret); empty: lists take addresses at once. */
  optInSecret: string;
};

const DEFAULTS: EngineSettings = {
  scheme: "https",
  baseDomain: "localhost",
  emailDnsCheck: true,
  webhookAllowLoopback: false,
  optInSecret: "",
};
// Weak: a database closed and dropped (a test file's) takes its entry with it.
const registered = new WeakMap<Db, EngineSettings>();

export const engineSettings = {
  register(db: Db, settings: EngineSettings) {
    registered.set(db, settings);
  },
  get: (db: Db): EngineSettings => registered.get(db) ?? DEFAULTS,
};
