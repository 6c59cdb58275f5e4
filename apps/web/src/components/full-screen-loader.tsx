import { LogoMark } from './logo';
import classes from './full-screen-loader.module.css';

/** Shown while a page's code loads on demand (spec section 2): the product mark over the whole screen. */
export function FullScreenLoader({ label = 'Cargando' }: { label?: string }) {
  return (
    <div className={classes.overlay} role="progressbar" aria-label={label} aria-busy="true">
      <div className={classes.mark}>
        <LogoMark size={64} />
      </div>
      <div className={classes.bar} aria-hidden="true">
        <span />
      </div>
      <p className={classes.label}>{label}…</p>
    </div>
  );
}
