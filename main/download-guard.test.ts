import { describe, expect, it, vi } from 'vitest'
import { guardDownloads } from './window'

// The real module cannot load outside Electron; guardDownloads only needs a session's `on`.
vi.mock('electron', () => ({ BrowserWindow: vi.fn() }))

describe('guardDownloads', () => {
  function listener(): (event: { preventDefault(): void }, item: { getURL(): string }) => void {
    const on = vi.fn()
    guardDownloads({ on } as never)
    expect(on).toHaveBeenCalledWith('will-download', expect.any(Function))
    return on.mock.calls[0]?.[1] as never
  }

  it('lets the page save its own Blob exports, from the app or the dev server', () => {
    const onDownload = listener()
    for (const url of ['blob:app://emboscada/6f1c2b0e-1', 'blob:http://localhost:5173/6f1c2b0e-1']) {
      const event = { preventDefault: vi.fn() }
      onDownload(event, { getURL: () => url })
      expect(event.preventDefault, url).not.toHaveBeenCalled()
    }
  })

  it('cancels any other download', () => {
    const onDownload = listener()
    for (const url of ['https://evil.example/payload.exe', 'file:///etc/passwd', 'data:text/plain,hi', '']) {
      const event = { preventDefault: vi.fn() }
      onDownload(event, { getURL: () => url })
      expect(event.preventDefault, url).toHaveBeenCalled()
    }
  })
})
