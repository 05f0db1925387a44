/** Simple brand-coloured glyphs for the footer's contact buttons (decorative; buttons carry names). */
export function WeChatGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.6 2.7 4.7L4 17l2.6-1.3c.8.2 1.7.4 2.6.4h.5a5 5 0 0 1-.2-1.4c0-3.3 3.1-5.9 7-5.9h.5C16.3 6.1 13.1 4 9.2 4Zm-2.4 3.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm4.8 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
      <path d="M22 14.7c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.7 0 1.3-.1 1.9-.3L20 20.5l-.6-1.9c1.6-1 2.6-2.3 2.6-3.9Zm-8-1.2a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6Zm4 0a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6Z" />
    </svg>
  );
}

export function QQGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 2c-3.3 0-5.6 2.6-5.6 6v.9c-.8 1.1-1.9 3-1.9 4.6 0 1 .3 1.4.6 1.4.3 0 .8-.5 1.2-1.2.2 1.1.8 2.1 1.6 2.9-.9.3-2 .8-2 1.6 0 .8 1.6 1.3 3.3 1.3 1.3 0 2.3-.3 2.8-.7.5.4 1.5.7 2.8.7 1.7 0 3.3-.5 3.3-1.3 0-.8-1.1-1.3-2-1.6.8-.8 1.4-1.8 1.6-2.9.4.7.9 1.2 1.2 1.2.3 0 .6-.4.6-1.4 0-1.6-1.1-3.5-1.9-4.6V8c0-3.4-2.3-6-5.6-6Z" />
    </svg>
  );
}

export function WhatsAppGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.6 0-3.1-.4-4.4-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3c-.2.3-.9.9-.9 2.2s1 2.6 1.1 2.7c.1.2 1.9 2.9 4.6 4.1 1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.4-.3Z" />
    </svg>
  );
}
