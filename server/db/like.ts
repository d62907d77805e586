// Text a person typed, used in a LIKE / ILIKE pattern: its own %, _ and \ match themselves.

/** The text with LIKE's wildcards and escape character escaped (PostgreSQL's default escape `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching values that contain the text anywhere. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern matching values that start with the text. */
export const startingWith = (text: string): string => `${escapeLike(text)}%`;
