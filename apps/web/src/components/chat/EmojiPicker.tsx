import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_EMOJI } from '@/lib/chat/emoji';

/** A grid of about 150 emoji; Escape or a pick closes it, arrow keys move between them. */
export function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node) && !(event.target as Element).closest?.('[data-emoji-toggle]')) onClose();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [onClose]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 8, ArrowUp: -8 }[event.key];
    if (step) {
      event.preventDefault();
      buttons[Math.min(buttons.length - 1, Math.max(0, index + step))]?.focus();
    }
  };

  return (
    <div
      ref={ref}
      role="group"
      aria-label={t('emojiPicker')}
      className="absolute bottom-full left-0 z-10 mb-2 grid max-h-56 w-full grid-cols-8 gap-0.5 overflow-y-auto rounded-lg border border-gray-200 bg-white p-2 shadow-lg"
    >
      {CHAT_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          onClick={() => onPick(emoji)}
          onKeyDown={onKeyDown}
          aria-label={emoji}
          className="flex size-8 items-center justify-center rounded text-xl hover:bg-gray-100 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
