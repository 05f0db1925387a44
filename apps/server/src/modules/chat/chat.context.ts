import type { TLocale } from '@cubeshop/shared';

/** What every unit of the chat shares: who acts, and what time it is. */

/** Who acts: the signed-in user behind a socket or an HTTP call, with the chat language. */
export interface ChatActor {
  uid: number;
  uname: string;
  agent: boolean;
  language: TLocale;
}

/** Time as the chat sees it; tests swap it for a clock they move by hand. */
export interface ChatClock {
  now(): number;
}
export const systemClock: ChatClock = { now: () => Date.now() };

/** The chat's one clock: every unit reads it, and set() swaps what it reads (tests, tools). */
export interface SwitchableClock extends ChatClock {
  set(next: ChatClock): void;
}

export function createSwitchableClock(initial: ChatClock = systemClock): SwitchableClock {
  let current = initial;
  return {
    now: () => current.now(),
    set(next) {
      current = next;
    },
  };
}
