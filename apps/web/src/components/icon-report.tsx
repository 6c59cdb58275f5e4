import { base, type IconProps } from './icons';

/** A sheet with bars: the reports section. */
export function IconReport(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
      <path d="M14 3v5h5M9 17v-3M12 17v-6M15 17v-4" />
    </svg>
  );
}
