import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './section-card.module.css';

interface SectionCardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  /** No inner padding (a table fills it). */
  flush?: boolean;
}

/** A white card with a titled section (h2) of a page. */
export function SectionCard({ title, description, actions, children, flush }: SectionCardProps) {
  const id = useId();
  return (
    <section className={classes.card} aria-labelledby={title ? id : undefined} data-flush={flush || undefined}>
      {(title || actions) && (
        <div className={classes.head}>
          <div>
            {title && (
              <Title order={2} id={id} className={classes.title}>
                {title}
              </Title>
            )}
            {description && (
              <Text size="sm" c="dimmed" mt={2}>
                {description}
              </Text>
            )}
          </div>
          {actions && <div className={classes.actions}>{actions}</div>}
        </div>
      )}
      <div className={classes.body}>{children}</div>
    </section>
  );
}
