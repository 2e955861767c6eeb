import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../components/ui/icons';

/**
 * A modal dialog open for as long as it is mounted. Closing goes through the dialog itself, which
 * gives the focus back to the button that opened it; its close event then tells the page to
 * unmount it.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return { ref, titleId, close };
}

export type Modal = ReturnType<typeof useModal>;

/** The dialog of a `useModal`: its title, a Close button, and what it holds. */
export function ModalDialog({
  modal,
  title,
  className = 'dialog',
  onClose,
  children,
}: {
  modal: Modal;
  title: ReactNode;
  className?: string;
  /** The dialog has closed (saved, cancelled or Escape): unmount it. */
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <dialog ref={modal.ref} className={className} aria-labelledby={modal.titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={modal.titleId}>{title}</h2>
        <button type="button" className="dialog__close" onClick={modal.close}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
