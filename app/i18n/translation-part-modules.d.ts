// A language's translations, one part of them (see parts.ts); served by the build's translation plugin.
declare module "*translation.json?part=public" {
  const value: Record<string, unknown>;
  export default value;
}
declare module "*translation.json?part=dashboard" {
  const value: Record<string, unknown>;
  export default value;
}
