// Placeholder: this screen is being built.
export default function Screen() {
  return <main />;
}
