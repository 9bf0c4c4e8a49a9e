/**
 * The chat on screen, if any: a 'New Message' notification for the conversation the member is
 * reading is not shown (the message is already there).
 */
let openChatWaveId: number | null = null;

export function setOpenChat(waveId: number | null): void {
  openChatWaveId = waveId;
}

export function isChatOpen(waveId: number): boolean {
  return openChatWaveId === waveId;
}

/** The waveId a notification's address points at ('/messages?waveId=12'), or null. */
export function waveIdOfUrl(url: string): number | null {
  const query = url.split('?')[1];
  if (!query) return null;
  const id = Number(new URLSearchParams(query).get('waveId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
