import { Alert, Badge, Button, Group, Modal, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useBlocker } from "react-router";
import { useTranslation } from "../i18n/use-translation";

export type LeaveGuardText = { title: string; message: string; stay: string; leave: string };

/** Warns before leaving with unsaved changes: a dialog for links inside the app, the browser's for tab closes. */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return blocker;
}

/**
 * Whether an editor's value differs from the one it opened with, for the leave guard. It is read off
 * the value, not off DOM events: Mantine's Select and MultiSelect, NumberInput's steppers, the rich
 * text editor and pickers in a dialog change an editor's state without an input or change event
 * reaching its form, and comparing values notices every control alike. Values are compared as JSON.
 * The first value is the saved one; an editor starts again from a newly saved value by being
 * remounted (a `key` of the record's revision). `onDirtyChange` hears each change of the answer.
 */
export function useUnsavedChanges(value: unknown, onDirtyChange?: (dirty: boolean) => void): boolean {
  const now = JSON.stringify(value);
  const [saved] = useState(now);
  const dirty = now !== saved;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  return dirty;
}

/** The leave guard and its "leave without saving?" dialog; screens may word the dialog their own way. */
export function LeaveGuard({ dirty, text }: { dirty: boolean; text?: Partial<LeaveGuardText> }) {
  const { t } = useTranslation();
  const blocker = useLeaveGuard(dirty);
  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={text?.title ?? t("editorFrame.leaveTitle")}
      centered
    >
      <Text mb="md">{text?.message ?? t("editorFrame.leaveMessage")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {text?.stay ?? t("editorFrame.stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {text?.leave ?? t("editorFrame.leave")}
        </Button>
      </Group>
    </Modal>
  );
}

export type EditorActionsProps = {
  busy: boolean;
  onSave: () => void;
  /** With publish: "Publish" while a draft, "Unpublish" once published. */
  published?: boolean;
  onPublish?: () => void;
  onUnpublish?: () => void;
  labels?: Partial<{ save: string; publish: string; unpublish: string }>;
  /** Buttons before save (a "View" link). */
  extra?: ReactNode;
};

/** Save, and publish or unpublish, as every editor shows them. */
export function EditorActions({ busy, onSave, published, onPublish, onUnpublish, labels, extra }: EditorActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {extra}
      <Button variant={onPublish ? "default" : "filled"} onClick={onSave} loading={busy}>
        {labels?.save ?? t("editorFrame.save")}
      </Button>
      {published && onUnpublish ? (
        <Button color="gray" onClick={onUnpublish} disabled={busy}>
          {labels?.unpublish ?? t("editorFrame.unpublish")}
        </Button>
      ) : null}
      {!published && onPublish ? (
        <Button onClick={onPublish} disabled={busy}>
          {labels?.publish ?? t("editorFrame.publish")}
        </Button>
      ) : null}
    </Group>
  );
}

export type EditorFrameProps = {
  back?: { to: string; label: string };
  title: ReactNode;
  status?: { label: string; color: string } | null;
  /** The heading's buttons, usually <EditorActions>. */
  actions?: ReactNode;
  /** Unsaved changes: leaving asks first. Follow the editor's state, not DOM events (see useUnsavedChanges). */
  dirty: boolean;
  guard?: Partial<LeaveGuardText>;
  /** A saved / published message, and a failure, read out as they appear. */
  notice?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
};

/** One editor page: back link, title with status, save / publish, messages and the leave guard. */
export function EditorFrame({ back, title, status, actions, dirty, guard, notice, error, children }: EditorFrameProps) {
  return (
    <div className="page">
      {back ? <Link to={back.to}>← {back.label}</Link> : null}
      <div className="page-heading">
        <h1>
          {title}
          {status ? (
            <>
              {" "}
              <Badge variant="light" color={status.color}>
                {status.label}
              </Badge>
            </>
          ) : null}
        </h1>
        {actions}
      </div>
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color="green" mb="md">
            {notice}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" mb="md">
            {error}
          </Alert>
        ) : null}
      </div>
      {children}
      <LeaveGuard dirty={dirty} text={guard} />
    </div>
  );
}
