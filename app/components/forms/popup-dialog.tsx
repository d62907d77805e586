// A site popup as shown: an accessible dialog with the owner's content and, if chosen, a form.
// Loaded by the popup runtime only when a popup's trigger fires.
import { Modal } from "@mantine/core";
import { FormBlock } from "../page-blocks/form";

export type PublicPopup = { id: string; name: string; content: string; formId: string | null };

export function PopupDialog({
  popup,
  onClose,
  onConverted,
}: {
  popup: PublicPopup;
  onClose: () => void;
  onConverted: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={popup.name} centered data-testid="popup">
      {/* Sanitised on the server when the owner saved it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rich text sanitised when saved */}
      <div className="pb-rich" dangerouslySetInnerHTML={{ __html: popup.content }} />
      {popup.formId ? <FormBlock formId={popup.formId} onSubmitted={onConverted} /> : null}
    </Modal>
  );
}
