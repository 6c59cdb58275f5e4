import { useEffect, useState } from 'react';

/**
 * Props for a box that scrolls sideways when its content is wider (a wide table on a narrow screen):
 * while it overflows it becomes a named, focusable region, so a keyboard user can scroll it with the
 * arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`). When everything fits it is a plain box
 * and adds no tab stop. `moreLeft`/`moreRight` say whether content is hidden on either side, for a
 * shadow that shows there is more (a table cut at its last column looked complete).
 */
export function useScrollableRegion(label: string) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [state, setState] = useState({ scrollable: false, moreLeft: false, moreRight: false });

  useEffect(() => {
    if (!element) return;
    const check = () => {
      const scrollable = element.scrollWidth > element.clientWidth + 1;
      const moreLeft = scrollable && element.scrollLeft > 1;
      const moreRight = scrollable && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setState((prev) => (prev.scrollable === scrollable && prev.moreLeft === moreLeft && prev.moreRight === moreRight ? prev : { scrollable, moreLeft, moreRight }));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', check);
    };
  }, [element]);

  return {
    props: {
      ref: setElement,
      ...(state.scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {}),
    },
    moreLeft: state.moreLeft,
    moreRight: state.moreRight,
  };
}
