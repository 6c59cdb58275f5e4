import { base, type IconProps } from '../../../components/icons';

export const IconLogin = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
    <path d="M14 16l4-4-4-4M18 12H9" />
  </svg>
);

export const IconLogoutDoor = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="M10 16l-4-4 4-4M6 12h9" />
  </svg>
);

export const IconCup = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M5 9h11v5a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5z" />
    <path d="M16 10h1.5a2.5 2.5 0 0 1 0 5H16M8 3v3M12 3v3" />
  </svg>
);

export const IconBriefcase = (props: IconProps) => (
  <svg {...base(props)}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12h18" />
  </svg>
);

export const IconWifiOff = (props: IconProps) => (
  <svg {...base(props)}>
    <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.4M19 12.9a10 10 0 0 0-3-1.9M2 9.3a15 15 0 0 1 4.5-2.9M22 9.3A15 15 0 0 0 11 5.1" />
    <circle cx="12" cy="20" r="0.8" fill="currentColor" />
  </svg>
);

