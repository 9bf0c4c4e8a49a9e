import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/** A browser's service worker container, as far as registerServiceWorker uses it. */
function stubContainer(register: () => Promise<unknown>) {
  const container = { register: vi.fn(register), controller: null, addEventListener: vi.fn() };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('a browser that answers with no registration (workers blocked by policy) is left alone', async () => {
    const container = stubContainer(async () => undefined);
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('a browser that refuses the registration is left alone', async () => {
    stubContainer(async () => {
      throw new DOMException('refused', 'SecurityError');
    });
    await expect(registerServiceWorker()).resolves.toBeUndefined();
  });

  it('a registration is watched for updates', async () => {
    const registration = { waiting: null, addEventListener: vi.fn(), update: vi.fn() };
    stubContainer(async () => registration);
    await registerServiceWorker();
    expect(registration.addEventListener).toHaveBeenCalledWith('updatefound', expect.any(Function));
  });
});
