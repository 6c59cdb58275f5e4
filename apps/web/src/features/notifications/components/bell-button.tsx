import { UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { base, type IconProps } from '../../../components/icons';
import classes from './notification-bell.module.css';

const IconBell = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </svg>
);

/** The accessible name of the bell: how many things are new, if any. */
function bellLabel(unseen: number): string {
  return unseen > 0 ? `Notificaciones: ${unseen} ${unseen === 1 ? 'nueva' : 'nuevas'}` : 'Notificaciones';
}

/**
 * The bell itself, with its count: shown alone until the person first reaches for it, then as the
 * target of the notifications popover (which passes its ref and handlers through the props).
 */
export function BellButton({ unseen, opened, ...props }: { unseen: number; opened: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton {...props} className={classes.bell} aria-label={bellLabel(unseen)} aria-expanded={opened} aria-haspopup="dialog" data-testid="notification-bell">
      <IconBell size={22} />
      {unseen > 0 && (
        <span className={classes.count} aria-hidden="true" data-testid="notification-count">
          {unseen > 99 ? '99+' : unseen}
        </span>
      )}
    </UnstyledButton>
  );
}
