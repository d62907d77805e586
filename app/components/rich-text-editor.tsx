import "@mantine/tiptap/styles.css";
import { Input } from "@mantine/core";
import { Link, RichTextEditor as MantineRichText } from "@mantine/tiptap";
import { type Editor, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId } from "react";

type Props = {
  label?: string;
  /** HTML; the server sanitises it again when it is saved. */
  value: string;
  onChange: (html: string) => void;
  /** A hidden form field with the HTML, for plain <Form> posts. */
  name?: string;
  minHeight?: number;
  /** Hears the editor once it exists (and null when it goes), for screens that insert at the cursor. */
  onEditor?: (editor: Editor | null) => void;
};

/** The rich-text editor (tiptap) with a toolbar: headings, emphasis, lists, quote, code, links. */
export function RichTextEditor({ label, value, onChange, name, minHeight = 180, onEditor }: Props) {
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { "aria-labelledby": `${id}-label`, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  // A value changed from outside (a reset, another draft loaded) replaces the editor's content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === "" && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} labelElement="div" id={`${id}-label`}>
      <MantineRichText editor={editor} style={{ minHeight }}>
        <MantineRichText.Toolbar sticky stickyOffset={0}>
          <MantineRichText.ControlsGroup>
            <MantineRichText.H2 />
            <MantineRichText.H3 />
            <MantineRichText.Bold />
            <MantineRichText.Italic />
            <MantineRichText.Underline />
            <MantineRichText.Strikethrough />
            <MantineRichText.Code />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.BulletList />
            <MantineRichText.OrderedList />
            <MantineRichText.Blockquote />
            <MantineRichText.Hr />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.Link />
            <MantineRichText.Unlink />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.Undo />
            <MantineRichText.Redo />
          </MantineRichText.ControlsGroup>
        </MantineRichText.Toolbar>
        <MantineRichText.Content />
      </MantineRichText>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </Input.Wrapper>
  );
}
