// §5 URL check: optional http/https, a host name or IPv4 address, optional port, path,
// query and fragment. Built from parts so each piece can be read on its own; the pieces
// are separated by characters the previous part cannot contain, which keeps matching linear.
const SCHEME = "(?:https?:\\/\\/)?";
const HOST_NAME = "(?:[a-z\\d](?:[a-z\\d-]{0,61}[a-z\\d])?\\.)+[a-z]{2,63}";
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const PORT = "(?::\\d{1,5})?";
const PATH = "(?:\\/[-a-z\\d%_.~+@:!$&'()*,;=]*)*";
const QUERY = "(?:\\?[-a-z\\d%_.~+@:!$&'()*,;=/?]*)?";
const FRAGMENT = "(?:#[-a-z\\d%_.~+@:!$&'()*,;=/?]*)?";

const URL_PATTERN = new RegExp(`^${SCHEME}(?:${HOST_NAME}|${IPV4})${PORT}${PATH}${QUERY}${FRAGMENT}$`, "i");
const MAX_URL_LENGTH = 2048;

export function isValidUrl(value: string | null | undefined): boolean {
  if (typeof value !== "string" || value.length > MAX_URL_LENGTH) return false;
  return URL_PATTERN.test(value);
}
