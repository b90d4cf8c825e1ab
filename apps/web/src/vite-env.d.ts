/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; defaults to /api/v4 on the same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
