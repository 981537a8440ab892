import { Menu, type MenuItemConstructorOptions } from 'electron'

// Roles give OS-native, OS-localised items; the app's own UI text lives in the renderer's i18n catalogues.

/** Options for the application menu. */
export interface AppMenuOptions {
  appName: string
  platform: NodeJS.Platform
  /** Reload and devtools only while developing. */
  isDev: boolean
}

/** The menu template: app (macOS), File, Edit (so copy/paste work in text fields on macOS), View, Window. */
export function appMenuTemplate({ appName, platform, isDev }: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const view: MenuItemConstructorOptions[] = [
    ...(isDev
      ? ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' }
        ] as const)
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' }
  ]
  return [
    ...(mac ? [{ label: appName, role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' }
  ]
}

/** Installs the application menu. */
export function installAppMenu(options: AppMenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)))
}
