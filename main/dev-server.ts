// No Node or Electron imports: electron.vite.config.ts imports the constant's name from here.

/**
 * The build-time constant that carries the renderer dev server's URL. electron.vite.config.ts defines it as
 * a read of electron-vite's variable for `electron-vite dev` only, and as `undefined` for every build
 * (`npm start` is `electron-vite preview`, a production build): no production bundle reads the environment
 * for a page to load, so nothing outside the app can point the window, and our IPC trust, at another site.
 */
export const DEV_SERVER_URL_CONSTANT = '__EMBOSCADA_DEV_SERVER_URL__'

declare const __EMBOSCADA_DEV_SERVER_URL__: string | undefined

/** The renderer dev server's URL under `electron-vite dev`; undefined in every build and in unit tests. */
export function rendererDevServerUrl(): string | undefined {
  // typeof: vitest runs the source without the define, and then production behaviour is what it should see.
  return typeof __EMBOSCADA_DEV_SERVER_URL__ === 'string' ? __EMBOSCADA_DEV_SERVER_URL__ : undefined
}
