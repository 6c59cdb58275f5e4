import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { IconSearch } from '../../../components/icons';
import classes from './people-search.module.css';

const loadDialog = () => import('./people-search-dialog');
const PeopleSearchDialog = lazy(loadDialog);

/**
 * The header's search: a person by name or RUT from any page, opening their record. Only a button
 * until it is used: the dialog's code (Mantine's combobox and modal) loads when the pointer or the
 * focus reaches it, never with the page (the dashboard's first load stays as it was). «/» opens it too.
 */
export function PeopleSearchButton() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        setOpened(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <UnstyledButton
        className={classes.button}
        aria-label="Buscar una persona por nombre o RUT"
        title="Buscar una persona (/)"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        <IconSearch size={20} />
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <PeopleSearchDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
