import { base, type IconProps } from './icons';

/** A clock with a pencil: corrections of marks. */
export function IconCorrection(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M12.5 20.4A8.5 8.5 0 1 1 20.4 11" />
      <path d="M12 7.5V12l2.5 1.5M19.2 14.3l1.5 1.5-4.6 4.6-2.1.6.6-2.1z" />
    </svg>
  );
}
