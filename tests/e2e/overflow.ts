import type { Page } from 'playwright-core';

/**
 * The 375 px checks of a page: whether it scrolls sideways (`scrollWidth` of the document beyond the viewport, with the
 * elements that stick out furthest) and which controls lie partly or wholly beyond the viewport's sides, outside a
 * strip that scrolls on its own. Used by the full walk (`overflow.test.ts`) and the accessibility suite's phone pages.
 */
export interface Problem {
  kind: 'overflow' | 'clipped';
  what: string;
}

/** Whether the page scrolls sideways (and what sticks out most), and which controls lie beyond the viewport's sides. */
export async function sidewaysProblems(page: Page, viewport: number): Promise<Problem[]> {
  return page.evaluate((width) => {
    const name = (el: Element) => {
      const testid = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${testid ? `[data-testid=${testid}]` : ''}${cls ? `.${cls}` : ''} «${text}»`;
    };
    /** Inside a box that clips or scrolls its content sideways: what lies beyond it neither widens nor shows. */
    const clippedBy = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== 'visible') return p;
      }
      return null;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const found: Problem[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      const wide = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5 && shown(el) && !clippedBy(el))
        .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
      // The outermost of those that stick out furthest: the box to fix rather than its children.
      const widest = wide.filter(
        (el) =>
          !wide.some(
            (other) =>
              other !== el &&
              other.contains(el) &&
              other.getBoundingClientRect().right >= el.getBoundingClientRect().right,
          ),
      );
      found.push({
        kind: 'overflow',
        what: `scrollWidth ${scrollWidth}: ${widest
          .slice(0, 3)
          .map((el) => `${name(el)} (right ${Math.round(el.getBoundingClientRect().right)})`)
          .join('; ')}`,
      });
    }
    const controls = document.body.querySelectorAll('a[href], button, [role=button], input, select, textarea, summary');
    for (const el of controls) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.left >= -0.5 && r.right <= width + 0.5) continue;
      // A strip that scrolls sideways on its own shows the rest as one scrolls it; one that clips hides it.
      const box = clippedBy(el);
      if (box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) continue;
      found.push({ kind: 'clipped', what: `${name(el)} (left ${Math.round(r.left)}, right ${Math.round(r.right)})` });
    }
    return found;
  }, viewport);
}
