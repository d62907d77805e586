// What people tell us: dashboard feedback (also e-mailed to the platform) and browser error reports.
export { support, FEEDBACK_CATEGORIES } from "./service";
