/** Which translate/original control a message gets (docs/requirements.md, Screens). */
export type TranslationView = 'none' | 'off' | 'error' | 'pending' | 'available';

export function translationView(
  message: {
    kind: string;
    isUser: boolean;
    localKey?: string | undefined;
    language: string | null;
    translation: 'on' | 'off';
    translateError: boolean;
    translatePending?: boolean | undefined;
  },
  myLanguage: string,
): TranslationView {
  if (message.kind === 'image' || message.isUser || message.localKey) return 'none';
  if (!message.language || message.language === myLanguage) return 'none';
  if (message.translation === 'off') return 'off';
  if (message.translateError) return 'error';
  // The original is shown at once; its translation replaces it when the server sends it.
  if (message.translatePending) return 'pending';
  return 'available';
}
