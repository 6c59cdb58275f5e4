import { base, type IconProps } from './icons';

/** A clock with a plus: overtime (horas extra). */
export function IconOvertime(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M20.5 12.5a8.5 8.5 0 1 1-8.5-9" />
      <path d="M12 7.5V12l3 2M18 2.5v6M15 5.5h6" />
    </svg>
  );
}
