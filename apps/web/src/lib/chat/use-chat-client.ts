import { useEffect, useState, useSyncExternalStore } from 'react';
import { ChatClient, type ChatClientOptions, type ChatState } from './client';

/** One ChatClient for the component's life, its state as React state. Connecting is the caller's call. */
export function useChatClient(options: () => ChatClientOptions): [ChatClient, ChatState] {
  const [client] = useState(() => new ChatClient(options()));
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  useEffect(() => () => client.close(), [client]);
  return [client, state];
}

/** Which translate/original control a message gets (spec section 2). */
export type TranslationView = 'none' | 'off' | 'error' | 'available';

export function translationView(
  message: { kind: string; isUser: boolean; localKey?: string | undefined; language: string | null; translation: 'on' | 'off'; translateError: boolean },
  myLanguage: string,
): TranslationView {
  if (message.kind === 'image' || message.isUser || message.localKey) return 'none';
  if (!message.language || message.language === myLanguage) return 'none';
  if (message.translation === 'off') return 'off';
  if (message.translateError) return 'error';
  return 'available';
}
