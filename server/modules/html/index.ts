// Stored HTML written by people (notifications, notices, footer text) is sanitised here, once, on
// the way in, so every page can render it as HTML.
export { sanitizeBasicHtml } from "./sanitize";
export { sanitizeRichHtml } from "./rich";
// One HTML-to-text rule for the server and the browser (excerpts, descriptions, e-mail text).
export { htmlToText } from "../../../core/html-text";
