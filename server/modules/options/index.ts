// A site's key/value options (spec §3), e.g. `touchpoints` (event name → on/off). Values are JSON.
export { options, TOUCHPOINT_EVENTS, DEFAULT_TOUCHPOINTS } from "./service";
