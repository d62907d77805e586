// The naughty-words package (the LDNOOBW lists): one array of words per language code. It ships
// no types.
declare module "naughty-words" {
  const lists: Record<string, string[]>;
  export default lists;
}
