import { useCallback, useEffect, useRef, useState } from 'react';

export interface ConsoleNotice {
  id: number;
  /** Notices with the same key are one notice that counts up (new messages of one conversation). */
  key: string;
  text: string;
  gid: string;
  count: number;
}

const NOTICE_MS = 8_000;
/** Notices on screen at once (the oldest goes first). */
const MAX_NOTICES = 3;

/**
 * New-message and waiting notifications for the console: an in-page notice (no sound), a badge in
 * the document title while something is unseen, and a desktop notification when the page is in
 * the background and the admin allowed them. Messages the agent has read (the server's read
 * cursor) never get here: the chat client raises `message` events only for unread ones. A second
 * notice with the same key updates the first ("3 new messages from Mei") instead of piling up.
 */
export function useConsoleNotifications(badge: number) {
  const [notices, setNotices] = useState<ConsoleNotice[]>([]);
  const noticesRef = useRef<ConsoleNotice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported',
  );

  useEffect(() => {
    if (badge <= 0) return;
    const base = document.title;
    document.title = `(${badge}) ${base}`;
    return () => {
      document.title = base;
    };
  }, [badge]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const update = useCallback((next: ConsoleNotice[]) => {
    noticesRef.current = next;
    setNotices(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      const timer = timers.current.get(id);
      if (timer) clearTimeout(timer);
      timers.current.delete(id);
      update(noticesRef.current.filter((n) => n.id !== id));
    },
    [update],
  );

  /** Shows a notice; text gets how many times this key was notified while the notice stood. */
  const notify = useCallback(
    (key: string, gid: string, text: (count: number) => string) => {
      const previous = noticesRef.current.find((n) => n.key === key);
      if (previous) {
        const timer = timers.current.get(previous.id);
        if (timer) clearTimeout(timer);
        timers.current.delete(previous.id);
      }
      const count = (previous?.count ?? 0) + 1;
      const notice: ConsoleNotice = { id: nextId.current++, key, gid, count, text: text(count) };
      const kept = noticesRef.current.filter((n) => n.key !== key);
      for (const dropped of kept.slice(0, Math.max(0, kept.length - (MAX_NOTICES - 1)))) {
        const timer = timers.current.get(dropped.id);
        if (timer) clearTimeout(timer);
        timers.current.delete(dropped.id);
      }
      update([...kept.slice(-(MAX_NOTICES - 1)), notice]);
      timers.current.set(
        notice.id,
        setTimeout(() => dismiss(notice.id), NOTICE_MS),
      );
      if (permission === 'granted' && document.visibilityState === 'hidden') {
        try {
          new Notification(notice.text, { tag: gid, silent: true });
        } catch {
          /* some browsers only allow notifications from a service worker */
        }
      }
    },
    [dismiss, permission, update],
  );

  const requestPermission = useCallback(async () => {
    if (!('Notification' in window)) return;
    setPermission(await Notification.requestPermission());
  }, []);

  return { notices, notify, dismiss, permission, requestPermission };
}
