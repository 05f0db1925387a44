import { useCallback, useEffect, useRef, useState } from 'react';

export interface ConsoleNotice {
  id: number;
  text: string;
  gid: string;
}

const NOTICE_MS = 8_000;

/**
 * New-message and waiting notifications for the console: an in-page notice (no sound), a badge in
 * the document title while something is unseen, and a desktop notification when the page is in
 * the background and the admin allowed them.
 */
export function useConsoleNotifications(badge: number) {
  const [notices, setNotices] = useState<ConsoleNotice[]>([]);
  const nextId = useRef(1);
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

  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const notify = useCallback(
    (text: string, gid: string) => {
      const id = nextId.current++;
      setNotices((list) => [...list.slice(-2), { id, text, gid }]);
      setTimeout(() => dismiss(id), NOTICE_MS);
      if (permission === 'granted' && document.visibilityState === 'hidden') {
        try {
          new Notification(text, { tag: gid, silent: true });
        } catch {
          /* some browsers only allow notifications from a service worker */
        }
      }
    },
    [dismiss, permission],
  );

  const requestPermission = useCallback(async () => {
    if (!('Notification' in window)) return;
    setPermission(await Notification.requestPermission());
  }, []);

  return { notices, notify, dismiss, permission, requestPermission };
}
