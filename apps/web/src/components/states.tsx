import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { IconAlert, IconInbox } from './icons';
import classes from './states.module.css';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button or link that gets the person out of the empty state. */
  action?: ReactNode;
  icon?: ReactNode;
}

/** Nothing to show: says why and what to do next. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <div className={classes.box} role="status">
      <div className={classes.icon} aria-hidden="true">
        {icon ?? <IconInbox size={28} />}
      </div>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm" className={classes.text}>
          {description}
        </Text>
      )}
      {action && <div className={classes.action}>{action}</div>}
    </div>
  );
}

interface ErrorStateProps {
  /** The failure (ApiError, NetworkError...) whose Spanish message is shown. */
  error: unknown;
  onRetry?: () => void;
  title?: string;
  retrying?: boolean;
}

/** A failed load: the server's message (or a connection message) and "Reintentar". */
export function ErrorState({ error, onRetry, title = 'No pudimos cargar la información', retrying }: ErrorStateProps) {
  return (
    <div className={`${classes.box} ${classes.error}`} role="alert">
      <div className={`${classes.icon} ${classes.errorIcon}`} aria-hidden="true">
        <IconAlert size={28} />
      </div>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text size="sm" className={classes.text}>
        {errorMessage(error)}
      </Text>
      {onRetry && (
        <div className={classes.action}>
          <Button variant="light" onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        </div>
      )}
    </div>
  );
}

/** Placeholder rows while a table loads; announced once as "Cargando". */
export function TableSkeleton({ rows = 6, columns = 4, label = 'Cargando' }: { rows?: number; columns?: number; label?: string }) {
  return (
    <div className={classes.skeleton} aria-busy="true" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={classes.skeletonRow} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} height={14} radius="sm" width={`${60 + ((row * 7 + column * 13) % 35)}%`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A block of skeleton lines for a form or a detail panel. */
export function BlockSkeleton({ lines = 4, label = 'Cargando' }: { lines?: number; label?: string }) {
  return (
    <div aria-busy="true" role="status" aria-label={label} className={classes.block}>
      <Skeleton height={22} width="45%" radius="sm" />
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={14} width={`${70 + ((index * 11) % 30)}%`} radius="sm" mt="md" />
      ))}
    </div>
  );
}
