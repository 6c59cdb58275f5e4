import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in one or two sentences. */
  message?: ReactNode;
  /** Extra inputs (a date, a reason) shown between the message and the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for what cannot be undone easily. */
  danger?: boolean;
  loading?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void | Promise<void>;
}

/**
 * A modal that asks before acting. The body is a form, so Enter confirms; focus is trapped and Esc
 * cancels (Mantine Modal). The caller closes it when the action succeeds.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  danger,
  loading,
  confirmDisabled,
  onConfirm,
}: ConfirmDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading && !confirmDisabled) void onConfirm();
  };
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <form onSubmit={submit} noValidate>
        {message && <Text size="sm">{message}</Text>}
        {children && <div style={{ marginTop: message ? '1rem' : 0 }}>{children}</div>}
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button type="submit" color={danger ? 'red.8' : undefined} loading={loading} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
