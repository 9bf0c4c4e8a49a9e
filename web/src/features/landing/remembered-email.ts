const KEY = 'jumpseat.rememberedEmail';

export function readRememberedEmail(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string) {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Private browsing can refuse storage; remembering is only a convenience.
  }
}
