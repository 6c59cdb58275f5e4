import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep teal of the brand; shade 6 (#0b7a6e) is the primary and reads at 5.2:1 with white text (WCAG AA). */
const jornada: MantineColorsTuple = [
  '#e7f6f3',
  '#cdebe5',
  '#9fd8cd',
  '#6cc3b3',
  '#43b09e',
  '#279c8a',
  '#0b7a6e',
  '#0d6e64',
  '#0a5c54',
  '#074842',
];

/** The sunrise amber of the mark; used behind dark text only (8.9:1 with #10231f). */
const sol: MantineColorsTuple = [
  '#fff7e6',
  '#ffecc2',
  '#ffdb8a',
  '#ffc94f',
  '#ffb020',
  '#f59e0b',
  '#d97706',
  '#b45309',
  '#92400e',
  '#78350f',
];

/** Teal-tinted greys; shade 6 is Mantine's "dimmed" text colour and reads at 5.6:1 on white. */
const gray: MantineColorsTuple = [
  '#f5f7f7',
  '#eceff0',
  '#dee3e3',
  '#c9d1d0',
  '#a3aeac',
  '#7d8a88',
  '#5c6967',
  '#46524f',
  '#343d3b',
  '#222928',
];

export const theme = createTheme({
  primaryColor: 'jornada',
  primaryShade: 6,
  colors: { jornada, sol, gray },
  black: '#10231f',
  white: '#ffffff',
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get menus, dialogs and collapses without animation.
  respectReducedMotion: true,
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  focusRing: 'auto',
  components: {
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    Button: { defaultProps: { size: 'md' } },
    // The × of clearable selects and date fields has no text: give it a name (axe, button-name).
    // A field that says more (e.g. "Quitar archivo") passes its own clearButtonProps.
    InputClearButton: { defaultProps: { 'aria-label': 'Borrar' } },
  },
});
