/** A clock with a check: "marcar asistencia" in the navigation. */
export function IconClockCheck({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20.5 13.2A8.5 8.5 0 1 1 12 3.5a8.4 8.4 0 0 1 5 1.6" />
      <path d="M12 7.5V12l2.5 1.5M15 18l2 2 4-4" />
    </svg>
  );
}

/** A hand with an exclamation: marking attempts (refused or doubtful marks). */
export function IconMarkAlert({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5v5.5M12 16.2v.3" />
    </svg>
  );
}
