import { describe, expect, it } from 'vitest'
import { createAppUrlPolicy } from './app-url'

describe('createAppUrlPolicy (production, file://)', () => {
  const policy = createAppUrlPolicy('file:///opt/Emboscada/resources/app.asar/out/renderer/index.html')

  it.each([
    'file:///opt/Emboscada/resources/app.asar/out/renderer/index.html',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/index.html#/campaign/demo',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/index.html?x=1',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/assets/../index.html'
  ])('accepts our own document %s', (url) => expect(policy.isAppUrl(url)).toBe(true))

  it.each([
    'file:///etc/passwd',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/evil.html',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/index.html.evil',
    'file://evil-host/opt/Emboscada/resources/app.asar/out/renderer/index.html',
    'http://localhost:5173/',
    'https://example.com/index.html',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'not a url',
    ''
  ])('rejects %s', (url) => expect(policy.isAppUrl(url)).toBe(false))
})

describe('createAppUrlPolicy (dev server)', () => {
  const policy = createAppUrlPolicy('http://localhost:5173/')

  it('accepts any page of the dev server origin', () => {
    expect(policy.isAppUrl('http://localhost:5173/')).toBe(true)
    expect(policy.isAppUrl('http://localhost:5173/src/main.ts?t=1#x')).toBe(true)
  })

  it.each([
    'http://localhost:5174/',
    'https://localhost:5173/',
    'http://localhost:5173.evil.com/',
    'http://localhost:5173@evil.com/',
    'http://user:pass@localhost:5173/',
    'http://127.0.0.1:5173/',
    'ws://localhost:5173/',
    'file:///index.html'
  ])('rejects look-alike %s', (url) => expect(policy.isAppUrl(url)).toBe(false))
})

it('refuses entry URLs on other schemes', () => {
  expect(() => createAppUrlPolicy('javascript:alert(1)')).toThrow(/unsupported/)
  expect(() => createAppUrlPolicy('data:text/html,hi')).toThrow(/unsupported/)
})
