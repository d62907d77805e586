// core owns Atrium's pure business rules: the plan catalogue and its gating, roles and
// capabilities, site feature flags and input validation. No I/O, no framework imports.
export * from "./addons";
export * from "./domain-rule";
export * from "./email-rule";
export * from "./features";
export * from "./plan-types";
export * from "./plans";
export * from "./roles";
export * from "./site-address";
export * from "./site-slug-rule";
export * from "./url-rule";
