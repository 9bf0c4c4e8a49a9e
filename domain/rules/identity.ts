import { ANONYMOUS_NAME, DEMO_DISPLAY_NAME, IN_APP_CONTACT_NOTE } from '../constants';

export interface IdentityViewer {
  id: number;
  isAdmin?: boolean | null;
  isDemoUser?: boolean | null;
}

export interface IdentitySubject {
  id: number;
  name?: string | null;
  nickname?: string | null;
  mobileNumber?: string | null;
  /** The schema default is true, so a missing value reveals. */
  showNameAfterMatch?: boolean | null;
  /** The schema default is false, so a missing value keeps the number private. */
  shareContactInfo?: boolean | null;
}

export interface IdentityWave {
  senderId: number;
  receiverId: number;
  status: string;
}

export interface VisibleIdentity {
  displayName: string;
  realName?: string;
  mobileNumber?: string;
  contactNote?: string;
}

const clean = (value: string | null | undefined) => value?.trim() || undefined;

/** True when the wave is accepted and joins exactly these two people. */
export function isAcceptedBetween(wave: IdentityWave | null, a: number, b: number): boolean {
  if (wave?.status !== 'accepted') return false;
  return (
    (wave.senderId === a && wave.receiverId === b) || (wave.senderId === b && wave.receiverId === a)
  );
}

/**
 * What `viewer` may see of `other`. Anything not returned must not leave the server: the
 * nickname is the only identity before an accepted wave.
 */
export function visibleIdentity(
  viewer: IdentityViewer,
  other: IdentitySubject,
  wave: IdentityWave | null,
): VisibleIdentity {
  const name = clean(other.name);
  const nickname = clean(other.nickname);
  const mobile = clean(other.mobileNumber);

  if (viewer.id === other.id || viewer.isAdmin) {
    const displayName = name ?? nickname ?? ANONYMOUS_NAME;
    return {
      displayName,
      ...(name && { realName: name }),
      ...(mobile && { mobileNumber: mobile }),
    };
  }
  if (viewer.isDemoUser) return { displayName: DEMO_DISPLAY_NAME };

  if (!isAcceptedBetween(wave, viewer.id, other.id)) {
    return { displayName: nickname ?? ANONYMOUS_NAME };
  }
  const revealName = other.showNameAfterMatch !== false && name !== undefined;
  const shareNumber = other.shareContactInfo === true && mobile !== undefined;
  return {
    displayName: revealName ? name : (nickname ?? ANONYMOUS_NAME),
    ...(revealName && { realName: name }),
    ...(shareNumber ? { mobileNumber: mobile } : { contactNote: IN_APP_CONTACT_NOTE }),
  };
}
