// Which addons are on for a site (decision 0033): the owner's switches, kept in the site's options
// under `addons`, switching them with the plan's and the catalogue's rules, and the check a feature
// that belongs to an addon makes before it is used.
export { type AddonsView, addonSwitchedOff, addons, requireActiveAddon } from "./service";
