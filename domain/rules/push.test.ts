import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, isAllowedPushEndpoint } from './push';

describe('isAllowedPushEndpoint', () => {
  const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1:4000'];

  it('accepts the vendors’ push services over https', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://api.push.apple.com/x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://db5p.notify.windows.com/w/?token=1', hosts)).toBe(true);
  });

  it('refuses other hosts, look-alikes, plain http, other ports and credentials', () => {
    expect(isAllowedPushEndpoint('https://evil.example/fcm', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilpush.apple.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://push.apple.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://u:p@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('file:///etc/passwd', hosts)).toBe(false);
  });

  it('allows plain http only to a listed loopback host and port', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push/1', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4001/push/1', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1/push/1', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://10.0.0.1:4000/x', [...hosts, '10.0.0.1:4000'])).toBe(
      false,
    );
  });
});
