const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or query value is a UUID (so a malformed id is simply not found, never a query error). */
export const isUuid = (value: string | null | undefined): value is string => UUID.test(value ?? "");
