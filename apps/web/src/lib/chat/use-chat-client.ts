import { useEffect, useState, useSyncExternalStore } from 'react';
import { ChatClient, type ChatClientOptions, type ChatState } from './client';

/**
 * One ChatClient for the component's life, its state as React state (useSyncExternalStore over
 * the client's snapshots). Connecting is the caller's call; unmounting closes the connection.
 */
export function useChatClient(options: () => ChatClientOptions): [ChatClient, ChatState] {
  const [client] = useState(() => new ChatClient(options()));
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  useEffect(() => () => client.close(), [client]);
  return [client, state];
}
