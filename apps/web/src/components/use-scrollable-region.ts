import { useEffect, useState } from 'react';

/**
 * Props for a box that scrolls sideways when its content is wider (a wide table on a narrow screen):
 * while it overflows it becomes a named, focusable region, so a keyboard user can scroll it with the
 * arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`). When everything fits it is a plain box
 * and adds no tab stop.
 */
export function useScrollableRegion(label: string) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scrollable, setScrollable] = useState(false);

  useEffect(() => {
    if (!element) return;
    const check = () => setScrollable(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);

  return {
    ref: setElement,
    ...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {}),
  };
}
