import { CHAT_WINDOW } from '@cubeshop/shared';

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/**
 * Keeps the chat window inside the viewport with at least `margin` px on every side (docs/requirements.md,
 * Screens). When the window is larger than the room, it sticks to the top-left margin.
 */
export function clampWindowPosition(position: Point, size: Size, viewport: Size, margin: number = CHAT_WINDOW.margin): Point {
  const maxX = Math.max(margin, viewport.width - size.width - margin);
  const maxY = Math.max(margin, viewport.height - size.height - margin);
  return {
    x: Math.round(Math.min(Math.max(position.x, margin), maxX)),
    y: Math.round(Math.min(Math.max(position.y, margin), maxY)),
  };
}

/** Where the window opens: bottom right, `margin` from the edges. */
export function defaultWindowPosition(size: Size, viewport: Size, margin: number = CHAT_WINDOW.margin): Point {
  return clampWindowPosition({ x: viewport.width - size.width - margin, y: viewport.height - size.height - margin }, size, viewport, margin);
}
