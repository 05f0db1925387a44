import type { Page } from '@playwright/test';

// Layout checks a buyer would notice (docs/requirements.md, Screens): the page scrolls sideways,
// a box's content is wider than the box (a table that needs sideways scrolling, "$261.9..."), or
// two pieces of text are drawn on top of each other. Run in the page, at the viewport's width.

export type LayoutOptions = {
  /** Where to look for overlapping text (each a CSS selector; every match is checked on its own). */
  textIn: string[];
  /** Elements that must not be narrower than their content (scroll containers are always checked). */
  fitting?: string[];
};

/** What is wrong with the page's layout at its current width; an empty list when nothing is. */
export async function layoutProblems(page: Page, options: LayoutOptions): Promise<string[]> {
  return page.evaluate(({ textIn, fitting = [] }) => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''} "${text}"`;
    };
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });

    // The page itself does not scroll sideways.
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      // Name the innermost elements that stick out past the window's right edge.
      const out = Array.from(document.body.querySelectorAll('*')).filter((el) => shown(el) && el.getBoundingClientRect().right > root.clientWidth + 0.5);
      const innermost = out.filter((el) => !out.some((other) => other !== el && el.contains(other)));
      problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window: ${innermost.slice(0, 3).map(name).join(', ')}`);
    }

    // No scroll container (and no element named in `fitting`) holds content wider than itself.
    const scrollers = Array.from(document.querySelectorAll('main *')).filter((el) => {
      const { overflowX } = getComputedStyle(el);
      return (overflowX === 'auto' || overflowX === 'scroll') && shown(el);
    });
    const fits = fitting.flatMap((s) => Array.from(document.querySelectorAll(s))).filter(shown);
    for (const el of new Set([...scrollers, ...fits])) {
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px`);
    }

    // No two visible pieces of text overlap (a line of text is one rectangle; what an ancestor clips is cut off).
    type Box = { left: number; right: number; top: number; bottom: number };
    const cut = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const clipOf = (el: Element | null): Box => {
      let box: Box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
      for (let at = el; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') box = cut(box, at.getBoundingClientRect());
      }
      return box;
    };
    for (const scope of textIn.flatMap((s) => Array.from(document.querySelectorAll(s)))) {
      const pieces: { box: Box; text: string; node: Text }[] = [];
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data.trim();
        const parent = node.parentElement;
        if (!text || !parent || !shown(parent)) continue;
        const clip = clipOf(parent);
        // A glyph box is the font's full height, taller than a tight line: stacked lines drawn apart
        // would "overlap". A line of text is its line box's height, around the glyphs' middle.
        const lineHeight = parseFloat(getComputedStyle(parent).lineHeight);
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          const middle = (rect.top + rect.bottom) / 2;
          const half = Number.isFinite(lineHeight) && lineHeight < rect.height ? lineHeight / 2 : rect.height / 2;
          const box = cut({ left: rect.left, right: rect.right, top: middle - half, bottom: middle + half }, clip);
          // Screen-reader-only text is a 1 px box; empty boxes are clipped away.
          if (box.right - box.left > 1 && box.bottom - box.top > 1) pieces.push({ box, text, node });
        }
      }
      for (let i = 0; i < pieces.length; i++) {
        for (let j = i + 1; j < pieces.length; j++) {
          const a = pieces[i]!;
          const b = pieces[j]!;
          if (a.node === b.node) continue;
          const both = cut(a.box, b.box);
          if (both.right - both.left > 1 && both.bottom - both.top > 1)
            problems.push(`"${a.text.slice(0, 40)}" overlaps "${b.text.slice(0, 40)}" in ${name(scope).slice(0, 80)}`);
        }
      }
    }
    return [...new Set(problems)];
  }, options);
}
