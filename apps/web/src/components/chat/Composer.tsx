import { useCallback, useRef, useState } from 'react';
import { ImagePlus, Send, Smile } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX_LENGTH, chatTextProblem } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { CHAT_IMAGE_MAX_MB, chatImageProblem, readAsDataUrl } from '@/lib/chat/image';
import { toast } from '@/lib/stores/toast';
import { EmojiPicker } from './EmojiPicker';

export interface ComposerProps {
  disabled: boolean;
  placeholder: string;
  /** Returns false when nothing was sent (the text stays). */
  onText: (text: string) => boolean;
  onImage: (dataUrl: string) => void;
  className?: string;
}

/** Text (Enter sends, Shift+Enter breaks the line), emoji and image sending. */
export function Composer({ disabled, placeholder, onText, onImage, className }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const send = () => {
    if (disabled || chatTextProblem(text)) return;
    if (onText(text)) setText('');
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };
  const closeEmoji = useCallback(() => {
    setEmojiOpen(false);
    input.current?.focus();
  }, []);

  const onFile = async (files: FileList | null) => {
    const picked = files?.[0];
    if (file.current) file.current.value = '';
    if (!picked) return;
    const problem = chatImageProblem(picked);
    if (problem === 'not_image') return void toast.warning(t('notImage'));
    if (problem === 'too_large') return void toast.warning(t('imageTooLarge', { size: CHAT_IMAGE_MAX_MB }));
    try {
      onImage(await readAsDataUrl(picked));
    } catch {
      toast.error(t('sendFailed'));
    }
  };

  return (
    <div className={cn('relative flex items-end gap-1.5 border-t border-gray-200 bg-white p-2', className)}>
      {emojiOpen ? <EmojiPicker onPick={insertEmoji} onClose={closeEmoji} /> : null}
      <button
        type="button"
        data-emoji-toggle
        disabled={disabled}
        onClick={() => setEmojiOpen((v) => !v)}
        aria-label={t('emoji')}
        aria-expanded={emojiOpen}
        title={t('emoji')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 disabled:opacity-40"
      >
        <Smile aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => file.current?.click()}
        aria-label={t('image')}
        title={t('image')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 disabled:opacity-40"
      >
        <ImagePlus aria-hidden="true" className="size-5" />
      </button>
      <input ref={file} type="file" accept="image/*" hidden tabIndex={-1} onChange={(e) => void onFile(e.target.files)} data-testid="chat-image-input" />
      <textarea
        ref={input}
        rows={1}
        value={text}
        disabled={disabled}
        maxLength={CHAT_TEXT_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        placeholder={placeholder}
        aria-label={placeholder}
        className="max-h-28 min-h-10 min-w-0 flex-1 resize-none rounded-md border border-gray-300 px-3 py-2 text-sm disabled:bg-gray-100"
      />
      <button
        type="button"
        onClick={send}
        disabled={disabled || chatTextProblem(text) !== null}
        aria-label={t('send')}
        title={t('send')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50"
      >
        <Send aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
