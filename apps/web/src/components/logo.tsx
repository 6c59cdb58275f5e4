import classes from './logo.module.css';

interface LogoProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  withWordmark?: boolean;
  /** `light` draws the wordmark in white for dark backgrounds. */
  tone?: 'dark' | 'light';
}

/** The Jornada mark: a clock whose hands form a check (attendance marked), with the rising sun of the day. */
export function LogoMark({ size = 32, title, tone = 'dark' }: { size?: number; title?: string; tone?: 'dark' | 'light' }) {
  // On dark backgrounds the tile turns white and the strokes take the brand colour.
  const tile = tone === 'light' ? '#ffffff' : '#0b7a6e';
  const stroke = tone === 'light' ? '#0b7a6e' : '#ffffff';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="64" height="64" rx="16" fill={tile} />
      <path d="M46.4 29.6A17 17 0 1 1 34.4 17.6" fill="none" stroke={stroke} strokeWidth="5" strokeLinecap="round" />
      <circle cx="46" cy="17.5" r="5.5" fill="#ffb020" />
      <path d="M22.5 34.5l6 6 10-12" fill="none" stroke={stroke} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ size = 32, withWordmark = true, tone = 'dark' }: LogoProps) {
  if (!withWordmark) return <LogoMark size={size} title="Jornada" />;
  return (
    <span className={classes.logo} data-tone={tone} style={{ fontSize: size * 0.72 }}>
      <LogoMark size={size} tone={tone} />
      <span className={classes.wordmark}>Jornada</span>
    </span>
  );
}
