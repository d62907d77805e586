import { TextInput } from "@mantine/core";

type Props = {
  label: string;
  /** The chosen file's URL (a media library URL or any https address); "" = none. */
  value: string;
  onChange: (url: string) => void;
  /** A hidden form field with the URL, for plain <Form> posts. */
  name?: string;
  /** Only files of this kind can be picked. */
  accept?: "image" | "video" | "any";
};

/** Picks a file for a field (cover image, social image, an image block). */
export function MediaPicker({ label, value, onChange, name }: Props) {
  return <TextInput label={label} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}
