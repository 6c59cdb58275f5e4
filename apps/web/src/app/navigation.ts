import type { ComponentType } from 'react';
import { IconHome } from '../components/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** Active only on the exact path. */
  end?: boolean;
}

/** The private area's navigation: only areas whose pages exist. Each later issue adds its own entries. */
export const NAV_ITEMS: NavItem[] = [{ to: '/dashboard', label: 'Inicio', icon: IconHome, end: true }];
