import { useEffect, useState, type RefObject } from 'react';

/**
 * One IntersectionObserver for every element that wants to know when it comes near the screen
 * (a page of 120 product cards asks 120 times). Near = within one screen height above or below.
 */
type Callback = () => void;
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, Callback>();

function shared(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        callback?.();
      }
    },
    { rootMargin: '100% 0px' },
  );
  return observer;
}

/**
 * False until the element has been near the viewport once, then true for good. False on the server
 * and while hydrating (so the markup matches), and where IntersectionObserver is missing it turns
 * true at once after mounting.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const io = shared();
    if (!io) {
      setNear(true);
      return;
    }
    waiting.set(element, () => setNear(true));
    io.observe(element);
    return () => {
      waiting.delete(element);
      io.unobserve(element);
    };
  }, [near, ref]);
  return near;
}

/** Test hook: forget the shared observer (a test may have made it from a stand-in IntersectionObserver). */
export function resetNearViewportForTests(): void {
  observer?.disconnect();
  observer = undefined;
  waiting.clear();
}
