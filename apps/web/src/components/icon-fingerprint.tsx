import type { SVGProps } from 'react';

/** A fingerprint (navigation of the fingerprint area). */
export const IconFingerprint = ({ size = 20, ...props }: SVGProps<SVGSVGElement> & { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" {...props}>
    <path d="M6.5 18.5c1-2 1.5-4 1.5-6.5a4 4 0 0 1 8 0c0 1.2-.1 2.4-.3 3.5" />
    <path d="M12 12c0 3.5-.8 6.5-2.5 9" />
    <path d="M4 15.5c.7-1.2 1-2.4 1-3.5a7 7 0 0 1 12.5-4.3" />
    <path d="M19.6 11c.3 2.8-.1 5.6-1.2 8.2" />
    <path d="M14.8 17.5c-.3 1.4-.8 2.7-1.4 3.8" />
  </svg>
);
