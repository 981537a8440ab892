import { StoreError } from './campaign-store'

// Test helpers shared by the desktop store's tests and the browser store's (renderer/src/platform), so both
// stores are held to their refusals the same way.

/** The StoreError that `promise` rejects with; anything else (a success, another error) fails the test. */
export async function storeError(promise: Promise<unknown>): Promise<StoreError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e
  )
  if (!(error instanceof StoreError)) throw new Error(`expected a StoreError, got ${String(error)}`)
  return error
}
