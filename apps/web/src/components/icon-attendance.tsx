import { base, type IconProps } from './icons';

/** A person beside a check list: the attendance section. */
export function IconAttendance(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="8" cy="7" r="3" />
      <path d="M3 20v-1a5 5 0 0 1 10 0v1" />
      <path d="M15 8l2 2 4-4M15 15l2 2 4-4" />
    </svg>
  );
}
