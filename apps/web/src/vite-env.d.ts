/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the shop API; '' (default) means the page's own origin. */
  readonly VITE_API_BASE?: string;
  /** Base URL of the chat API; '' (default) means the page's own origin. */
  readonly VITE_CHAT_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
