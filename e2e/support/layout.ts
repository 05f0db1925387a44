import type { Page } from '@playwright/test';

// Layout checks a buyer would notice (docs/requirements.md, Screens): the page scrolls sideways,
// a box's content is wider than the box (a table that needs sideways scrolling, "$261.9..."), or
// two pieces of text are drawn on top of each other. Run in the page, at the viewport's width.

export type LayoutOptions = {
  /** Where to look for overlapping text (each a CSS selector; every match is checked on its own). */
  textIn: string[];
  /** Elements that must not be narrower than their content (scroll containers are always checked). */
  fitting?: string[];
  /** Where scroll containers must hold no content wider than themselves; `main` unless told (the staff menu scrolls sideways by design). */
  scrollIn?: string;
};

/** What is wrong with the page's layout at its current width; an empty list when nothing is. */
export async function layoutProblems(page: Page, options: LayoutOptions): Promise<string[]> {
  return page.evaluate(({ textIn, fitting = [], scrollIn = 'main' }) => {
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
    const scrollers = Array.from(document.querySelectorAll(`${scrollIn} *`)).filter((el) => {
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

/**
 * Buttons and links in `scope` that the buyer or staff cannot read whole: cut off by a box that
 * clips (a table that scrolls sideways, a card), past the window's edges, or their own text cut
 * ("Reset passw…"). Each as "<text>: <why>".
 */
export async function clippedControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(`${selector} button, ${selector} a[href]`))) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || el.getAttribute('aria-label') || el.tagName;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${text}: its text is ${el.scrollWidth} px in ${el.clientWidth} px`);
      if (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5) problems.push(`${text}: past the window's edge`);
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible') continue;
        const box = at.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
          problems.push(`${text}: cut off at ${Math.round(box.right)} px (it ends at ${Math.round(r.right)} px)`);
        break;
      }
    }
    return [...new Set(problems)];
  }, scope);
}

/**
 * What the chat launcher covers while the page is scrolled from top to end (every `step` px): a
 * text or control partly hidden by the button while the buyer sees its other part beside or above
 * it, or wholly under a button that floats over the page. Each as "<tag>: <text> at <scroll> px".
 */
export async function coveredByChat(page: Page, step = 120): Promise<string[]> {
  const found = new Set<string>();
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; ; y = Math.min(y + step, end)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    const hits = await page.evaluate(
      (top) =>
        new Promise<string[]>((resolve) =>
          requestAnimationFrame(() => {
            const button = document.querySelector('[data-testid="chat-button"]');
            if (!button) return resolve(['no chat button']);
            const b = button.getBoundingClientRect();
            const mine = (el: Element | null) => !!el && (button.contains(el) || !!el.closest('[data-testid="chat-launcher"]'));
            // Beside the button the window shows the page (a floating button), or the launcher's own bar.
            const beside = document.elementFromPoint(b.left - 3, (b.top + b.bottom) / 2);
            const floating = !!beside && !mine(beside);
            // What can be covered: each line of text (its own box, not its element's) and each control.
            const boxes: { el: Element; r: DOMRect; what: string }[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement;
              const text = (node.textContent ?? '').trim();
              if (!text || !parent || mine(parent) || !parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of Array.from(range.getClientRects())) boxes.push({ el: parent, r, what: `"${text.slice(0, 40)}"` });
            }
            for (const el of Array.from(document.querySelectorAll('body a, body button, body input, body select, body textarea'))) {
              if (mine(el) || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
              boxes.push({
                el,
                r: el.getBoundingClientRect(),
                what: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
              });
            }
            const out: string[] = [];
            for (const { el, r, what } of boxes) {
              if (r.width < 1 || r.height < 1 || !(r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom)) continue;
              const y = (Math.max(r.top, b.top) + Math.min(r.bottom, b.bottom)) / 2;
              const x = (Math.max(r.left, b.left) + Math.min(r.right, b.right)) / 2;
              const points: [number, number][] = [];
              if (r.left < b.left - 3) points.push([b.left - 3, y]);
              if (r.right > b.right + 3) points.push([b.right + 3, y]);
              if (r.top < b.top - 3) points.push([x, b.top - 3]);
              const seen = points.some(([px, py]) => {
                const hit = document.elementFromPoint(px, py);
                return !!hit && (hit === el || el.contains(hit));
              });
              if (seen || (points.length === 0 && floating)) out.push(`${what} at ${Math.round(top)} px`);
            }
            resolve(out);
          }),
        ),
      y,
    );
    for (const hit of hits) found.add(hit);
    if (y >= end) break;
  }
  return [...found];
}
