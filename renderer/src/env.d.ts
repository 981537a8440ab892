/// <reference types="svelte" />
/// <reference types="vite/client" />

/** True in the browser build (`npm run web`); undefined or false in the Electron renderer. */
declare const __EMBOSCADA_WEB__: boolean | undefined
