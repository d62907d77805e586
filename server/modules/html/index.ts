// Stored HTML written by people (notifications, notices, footer text) is sanitised here, once, on
// the way in, so every page can render it as HTML.
export { sanitizeBasicHtml } from "./sanitize";
export { htmlToText, sanitizeRichHtml } from "./rich";
