// A site's key/value options (spec §3), e.g. `touchpoints` (event name → on/off). Values are JSON.
// The touchpoints have their own reader and writer: the §9 groups with each one's state, and a
// change that names known touchpoints only.
export { options } from "./service";
export { touchpoints } from "./touchpoints";
