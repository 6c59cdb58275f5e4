import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronRight } from './icons';
import classes from './page-header.module.css';

export interface Crumb {
  label: string;
  /** The current page has none. */
  to?: string;
}

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shown before the title; the last crumb is the current page (it may be left out, the title says it). */
  breadcrumbs?: Crumb[];
  /** Buttons at the right (under the title on phones). */
  actions?: ReactNode;
}

/** The header of every private page: breadcrumbs, one h1, a line of description and the page's main actions. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  return (
    <header className={classes.header}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Ruta de navegación" className={classes.crumbs}>
          <ol>
            {breadcrumbs.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`}>
                {crumb.to ? (
                  <Anchor component={Link} to={crumb.to} size="sm" c="dimmed">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text span size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                )}
                {index < breadcrumbs.length - 1 && <IconChevronRight size={14} className={classes.separator} />}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className={classes.row}>
        <div className={classes.text}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={4} className={classes.description} component="div">
              {description}
            </Text>
          )}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </header>
  );
}
