// The part of sanitize-html's API we use. The package ships no types, and @types/sanitize-html is
// not installed; this declaration covers exactly the options of server/modules/html.
declare module "sanitize-html" {
  type Attributes = Record<string, string>;
  type Tag = { tagName: string; attribs: Attributes; text?: string };
  interface Options {
    allowedTags?: string[] | false;
    allowedAttributes?: Record<string, string[]> | false;
    allowedSchemes?: string[];
    allowedSchemesAppliedToAttributes?: string[];
    allowProtocolRelative?: boolean;
    disallowedTagsMode?: "discard" | "escape" | "recursiveEscape";
    transformTags?: Record<string, (tagName: string, attribs: Attributes) => Tag>;
  }
  function sanitizeHtml(dirty: string, options?: Options): string;
  export default sanitizeHtml;
}
