const KEY = 'jumpseat.disclaimerAccepted';

/** The disclaimer is asked once per browser session (sessionStorage), as the spec says. */
export function disclaimerAccepted(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function acceptDisclaimer() {
  try {
    sessionStorage.setItem(KEY, 'true');
  } catch {
    // Storage refused (private mode): the member is simply asked again next time.
  }
}
