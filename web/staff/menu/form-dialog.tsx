import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { CheckboxField } from '../../components/ui/field';
import { DialogButtons } from '../kits/admin-ui';
import { ModalDialog, useModal } from '../kits/modal-dialog';

interface FormDialogProps {
  title: string;
  className?: string;
  /** The dialog has closed (saved, cancelled or Escape): unmount it. */
  onClose: () => void;
  /** The form, given a way to close the dialog. */
  children: (close: () => void) => ReactNode;
}

/** A Menu or Shop form in a modal dialog (ModalDialog), given a way to close it. */
export function FormDialog({ title, className, onClose, children }: FormDialogProps) {
  const modal = useModal();
  return (
    <ModalDialog
      modal={modal}
      title={title}
      className={`dialog admin-catalogue-form${className ? ` ${className}` : ''}`}
      onClose={onClose}
    >
      {children(modal.close)}
    </ModalDialog>
  );
}

/**
 * After a save refused for its fields, the focus goes to the first field that says why (in a long
 * form on a phone it may be out of sight); call the returned function after setting the errors.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const focusFirstInvalid = useCallback(() => setAttempt((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}

/**
 * The foot of a Menu or Shop form: "Shown on the site", the save's problem (SaveProblem), Cancel
 * and the submit button with the label the form gives it.
 */
export function CatalogueFormFooter({
  active,
  onActiveChange,
  problem,
  reloading,
  onReload,
  onCancel,
  submitLabel,
  submitDisabled,
}: {
  active: boolean;
  onActiveChange: (active: boolean) => void;
  problem?: { message?: string; outOfDate?: boolean };
  reloading: boolean;
  onReload: () => void;
  onCancel: () => void;
  submitLabel: string;
  submitDisabled: boolean;
}) {
  return (
    <>
      <CheckboxField
        label="Shown on the site"
        name="active"
        checked={active}
        onChange={(event) => onActiveChange(event.target.checked)}
      />
      <SaveProblem
        message={problem?.message}
        outOfDate={problem?.outOfDate ?? false}
        reloading={reloading}
        onReload={onReload}
      />
      <DialogButtons className="admin-catalogue-form__buttons" onCancel={onCancel} disabled={submitDisabled}>
        {submitLabel}
      </DialogButtons>
    </>
  );
}

/** The form's own failure: the server's message, and Reload when the item changed meanwhile. */
function SaveProblem({
  message,
  outOfDate,
  reloading,
  onReload,
}: {
  message?: string;
  outOfDate: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // At the foot of a long form: brought into sight when it appears.
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} className="form-error admin-catalogue-form__problem" role="alert">
      <p className="admin-catalogue-form__message">{message}</p>
      {outOfDate ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={reloading}
          onClick={onReload}
        >
          {reloading ? 'Reloading…' : 'Reload the latest'}
        </button>
      ) : null}
    </div>
  );
}
