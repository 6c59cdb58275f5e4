import './full-screen-loader.css';
import { LogoMark } from './logo';

/**
 * Shown while a page's code loads on demand (spec section 2): the product mark over the whole screen.
 * It fades in after a short delay, so a page that arrives quickly does not flash it.
 */
export function FullScreenLoader({ label = 'Cargando' }: { label?: string }) {
  return (
    <div className="app-loader" data-delayed="" role="progressbar" aria-label={label} aria-busy="true">
      <div className="app-loader__mark">
        <LogoMark size={64} />
      </div>
      <div className="app-loader__bar" aria-hidden="true">
        <span />
      </div>
      <p className="app-loader__label">{label}…</p>
    </div>
  );
}

/**
 * The first load's loader (the routes' `HydrateFallback`): the same boxes as the static loader of
 * apps/web/index.html, which it replaces without a visible change. Like that one, no text or image:
 * the first contentful paint is the page itself (see docs/performance.md).
 */
export function BootLoader() {
  return (
    <div className="app-loader" role="progressbar" aria-label="Cargando" aria-busy="true">
      <div className="app-loader__mark">
        <div className="app-loader__tile" />
      </div>
      <div className="app-loader__bar">
        <span />
      </div>
    </div>
  );
}
