import { describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, APP_ORIGIN, createAppUrlPolicy } from './app-url'

describe('createAppUrlPolicy (production, app://)', () => {
  const policy = createAppUrlPolicy(APP_ENTRY_URL)

  it('loads the built index.html on our origin', () => {
    expect(policy.entryUrl).toBe('app://emboscada/index.html')
    expect(APP_ORIGIN).toBe('app://emboscada')
  })

  it.each([
    'app://emboscada/index.html',
    'app://emboscada/index.html#/campaign/demo',
    'app://emboscada/index.html?x=1',
    'app://emboscada/',
    'app://emboscada/assets/index-abc.js',
    'app://emboscada/assets/../index.html'
  ])('accepts our own origin %s', (url) => expect(policy.isAppUrl(url)).toBe(true))

  it.each([
    'app://evil/index.html',
    'app://emboscada.evil/index.html',
    'app://evil.emboscada/index.html',
    'app://emboscada:8080/index.html',
    'app://user@emboscada/index.html',
    'app://user:pass@emboscada/index.html',
    'app:emboscada/index.html',
    'app:///index.html',
    'apps://emboscada/index.html',
    'file:///opt/Emboscada/resources/app.asar/out/renderer/index.html',
    'file:///etc/passwd',
    'http://emboscada/index.html',
    'https://emboscada/index.html',
    'http://localhost:5173/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:app://emboscada/1234',
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
    'file:///index.html',
    'app://emboscada/index.html'
  ])('rejects look-alike %s', (url) => expect(policy.isAppUrl(url)).toBe(false))
})

it('refuses entry URLs on other schemes and hosts, file: included', () => {
  expect(() => createAppUrlPolicy('javascript:alert(1)')).toThrow(/unsupported/)
  expect(() => createAppUrlPolicy('data:text/html,hi')).toThrow(/unsupported/)
  expect(() => createAppUrlPolicy('file:///opt/emboscada/out/renderer/index.html')).toThrow(/unsupported/)
  expect(() => createAppUrlPolicy('app://evil/index.html')).toThrow(/unsupported/)
})
