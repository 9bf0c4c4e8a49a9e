import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  renewalEligibilitySchema,
  setPasscodeRequestSchema,
} from './auth';
import {
  errorBodySchema,
  findUnstorableText,
  idParam,
  idSchema,
  isStorableText,
  storableInput,
  TEXT_NOT_ALLOWED,
} from './common';
import { crewMemberSchema, joinFlightRequestSchema, updateCrewEntryRequestSchema } from './crew';
import {
  batchFlightsRequestSchema,
  batchFlightsResponseSchema,
  createFlightRequestSchema,
  flightDetailSchema,
  flightListSchema,
  flightSearchRequestSchema,
  flightStatsSchema,
  manualFlightFormSchema,
  userFlightsSchema,
} from './flights';
import { messageListSchema, sendMessageRequestSchema } from './messages';
import {
  onlineStatusSchema,
  profileSetupRequestSchema,
  updateProfileRequestSchema,
  userStatsResponseSchema,
} from './profile';
import {
  checkEmailResponseSchema,
  makeRegistrationRequestSchema,
  registrationRequestSchema,
  registrationResponseSchema,
} from './registration';
import { presentedUserSchema, trialStatusSchema, userSchema } from './user';
import {
  sendWaveRequestSchema,
  waveCheckResponseSchema,
  waveListSchema,
  waveSchema,
  waveStatusUpdateRequestSchema,
} from './waves';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const ISO = '2025-03-10T12:00:00.000Z';

const user = {
  id: 1,
  email: 'jane.smith@ba.com',
  name: 'Jane Smith',
  nickname: 'SkyJane',
  role: 'IFL',
  yearsFlying: 4,
  mobileNumber: null,
  contactEmail: null,
  paymentEmail: null,
  profilePictureUrl: null,
  verified: true,
  isAdmin: false,
  isOnline: true,
  isDemoUser: false,
  isDeleted: false,
  deletionScheduledAt: null,
  createdAt: ISO,
  lastActive: ISO,
  lastLoginAt: null,
  loginCount: 3,
  membershipType: 'trial',
  subscriptionId: null,
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  trialStartedAt: ISO,
  trialExpiresAt: ISO,
  approvalStatus: 'approved',
  approvedBy: 9,
  approvedAt: ISO,
  disclaimerAcceptedAt: null,
  profileSetupDoneAt: null,
  showNameAfterMatch: true,
  shareContactInfo: false,
  flightNotifications: true,
  emailNotifications: true,
  smsNotifications: true,
  telegramNotifications: false,
  pushNotifications: true,
  totalFlightsEver: 5,
  totalWavesSentEver: 2,
  totalWavesReceivedEver: 1,
};
const presented = {
  id: 2,
  displayName: 'SkyJane',
  role: 'IFL',
  avatarRing: 'orange',
  trialBadge: 'Trial (3d left)',
  isOnline: true,
  isAdmin: false,
};
const flight = {
  id: 10,
  flightNumber: 'BA117 (1530)',
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2025-03-10T00:00:00.000Z',
  duration: '8h 30m',
  createdAt: ISO,
  crewCount: 2,
  onlineCrewCount: 1,
  tags: ['Coffee Chat'],
  localDeparture: { time: '15:30', date: '2025-03-10', timeZone: 'Europe/London' },
};
const crewMember = {
  id: 5,
  flightId: 10,
  userId: 2,
  role: 'IFL',
  tags: ['Coffee Chat'],
  note: 'Happy to swap galley',
  createdAt: ISO,
  expiresAt: null,
  user: presented,
  waveStatus: { status: 'none', waveId: null },
};
const wave = {
  id: 3,
  senderId: 1,
  receiverId: 2,
  flightId: 10,
  status: 'pending',
  senderRead: false,
  receiverRead: false,
  createdAt: ISO,
};

describe('response schemas encode (no transforms, so fastify can z.encode them)', () => {
  it.each([
    ['user', userSchema, user],
    ['presented user', presentedUserSchema, presented],
    ['login', loginResponseSchema, { success: true, user }],
    [
      'login failure',
      loginResponseSchema,
      { success: false, errorType: 'invalid_pin', message: 'x' },
    ],
    ['renewal', renewalEligibilitySchema, { success: true, userId: 1, membershipType: 'trial' }],
    [
      'registration',
      registrationResponseSchema,
      { success: false, code: 'USER_EXISTS', canRenew: true },
    ],
    ['check email', checkEmailResponseSchema, { exists: false }],
    [
      'trial status',
      trialStatusSchema,
      { onTrial: true, daysRemaining: 3, trialExpired: false, trialExpiresAt: ISO },
    ],
    ['user stats', userStatsResponseSchema, { onlineUsers: 3, acceptedConnections: 1 }],
    ['online', onlineStatusSchema, { isOnline: false }],
    ['flight list', flightListSchema, [{ ...flight, isJoined: true }]],
    [
      'flight detail',
      flightDetailSchema,
      { ...flight, isJoined: true, crewMembers: [crewMember], canDelete: false },
    ],
    ['flight stats', flightStatsSchema, { activeFlights: 1, totalSharedFlights: 2 }],
    [
      'user flights',
      userFlightsSchema,
      [{ id: 5, role: 'IFL', tags: [], note: null, canDelete: true, flight }],
    ],
    [
      'batch',
      batchFlightsResponseSchema,
      {
        results: { created: 1, existing: 0, failed: 0, joined: 0 },
        existingFlights: [],
        errorDetails: [],
        notices: [],
        message: 'ok',
      },
    ],
    ['crew member', crewMemberSchema, crewMember],
    ['wave', waveSchema, wave],
    [
      'wave list',
      waveListSchema,
      [
        {
          ...wave,
          sender: presented,
          receiver: { ...presented, id: 1 },
          flight,
          unread: true,
          chatClosed: false,
          unreadMessages: 0,
        },
      ],
    ],
    [
      'wave check',
      waveCheckResponseSchema,
      { waveStatusMap: { '2': { exists: true, status: 'pending', isSender: true, waveId: 3 } } },
    ],
    [
      'messages',
      messageListSchema,
      [{ id: 1, waveId: 3, senderId: 1, content: 'Hi', read: false, createdAt: ISO }],
    ],
    ['error', errorBodySchema, { message: 'Not found' }],
  ] as const)('%s', (_name, schema, value) => {
    expect(() => z.encode(schema as z.ZodType, value)).not.toThrow();
  });

  it('would catch a transform, which cannot be encoded', () => {
    expect(() => z.encode(z.object({ a: z.string().transform((s) => s) }), { a: 'x' })).toThrow();
  });

  it('keeps other members free of e-mail, PIN and expiry dates', () => {
    const keys = Object.keys(presentedUserSchema.shape);
    for (const secret of ['email', 'passcode', 'subscriptionExpiresAt', 'trialExpiresAt']) {
      expect(keys).not.toContain(secret);
    }
    const parsed = presentedUserSchema.parse({ ...presented, email: 'x@ba.com' });
    expect(parsed).not.toHaveProperty('email');
  });

  it('refuses Date objects where an ISO string belongs', () => {
    expect(waveSchema.safeParse({ ...wave, createdAt: new Date() }).success).toBe(false);
  });
});

describe('sign-in', () => {
  it('trims and lower-cases the e-mail and trims the PIN', () => {
    expect(loginRequestSchema.parse({ email: ' Jane@BA.com ', passcode: ' 1234 ' })).toEqual({
      email: 'jane@ba.com',
      passcode: '1234',
    });
  });

  it.each([
    [{ passcode: '1234' }, 'Please enter your email'],
    [{ email: '  ', passcode: '1234' }, 'Please enter your email'],
    [{ email: 'a@ba.com' }, 'Please enter a valid 4-digit passcode'],
    [{ email: 'a@ba.com', passcode: '123' }, 'Please enter a valid 4-digit passcode'],
    [{ email: 'a@ba.com', passcode: '12345' }, 'Please enter a valid 4-digit passcode'],
    [{ email: 'a@ba.com', passcode: '12a4' }, 'Please enter a valid 4-digit passcode'],
  ])('%j -> %s', (body, message) => {
    expect(firstMessage(loginRequestSchema, body)).toBe(message);
  });

  it('checks a new PIN', () => {
    expect(firstMessage(setPasscodeRequestSchema, { passcode: '12' })).toBe(
      'Passcode must be 4 digits',
    );
    expect(setPasscodeRequestSchema.parse({ passcode: '0042' })).toEqual({ passcode: '0042' });
  });
});

describe('registration', () => {
  const body = { email: ' Jane.Smith@BA.com ', name: ' Jane ', role: 'IFM', membership: 'trial' };

  it('normalises a valid registration', () => {
    expect(registrationRequestSchema.parse(body)).toEqual({
      email: 'jane.smith@ba.com',
      name: 'Jane',
      role: 'IFM',
      membership: 'trial',
    });
  });

  it.each([
    [{ email: '' }, 'Please fill in all required fields'],
    [{ name: '' }, 'Please fill in all required fields'],
    [{ role: undefined }, 'Please fill in all required fields'],
    [{ membership: undefined }, 'Please fill in all required fields'],
    [{ role: 'Captain' }, 'Please fill in all required fields'],
    [{ email: 'jane@gmail.com' }, 'Email must end with @ba.com'],
  ])('%j -> %s', (change, message) => {
    expect(firstMessage(registrationRequestSchema, { ...body, ...change })).toBe(message);
  });

  it('takes the accepted domains from configuration', () => {
    const schema = makeRegistrationRequestSchema(['ba.com', 'crew.example']);
    expect(schema.safeParse({ ...body, email: 'a@crew.example' }).success).toBe(true);
  });
});

describe('profile', () => {
  it('trims fields and stores blanks as null', () => {
    expect(
      updateProfileRequestSchema.parse({
        nickname: '  ',
        mobileNumber: ' 07700 900123 ',
        contactEmail: '',
      }),
    ).toEqual({ nickname: null, mobileNumber: '07700 900123', contactEmail: null });
  });

  it('takes only plausible mobile numbers', () => {
    for (const ok of ['+44 7700 900123', '(020) 7946-0018', '0770090']) {
      expect(updateProfileRequestSchema.safeParse({ mobileNumber: ok }).success, ok).toBe(true);
    }
    for (const bad of ['call me', '12345', '+44 7700 900123 ext 4', '1234567890123456']) {
      expect(firstMessage(updateProfileRequestSchema, { mobileNumber: bad }), bad).toBe(
        'Please enter a valid mobile number',
      );
    }
  });

  it('needs a name at setup', () => {
    expect(firstMessage(profileSetupRequestSchema, { name: ' ' })).toBe('Please enter your name');
    expect(profileSetupRequestSchema.parse({ name: 'Jane', role: 'IFL' })).toMatchObject({
      name: 'Jane',
      role: 'IFL',
    });
  });
});

describe('flights', () => {
  it('turns the manual form into a create request', () => {
    expect(
      manualFlightFormSchema.parse({
        flightNumber: 'ba117',
        date: '2025-03-10',
        time: '15:30',
        destination: 'jfk',
        role: 'IFM',
      }),
    ).toMatchObject({
      flightNumber: 'BA117 (1530)',
      departureDate: '2025-03-10T00:00:00.000Z',
      origin: 'LHR',
      destination: 'JFK',
      role: 'IFM',
    });
  });

  it.each([
    [
      {},
      'Missing Information: Please fill in all required fields including flight number, date, your role, origin and destination airports',
    ],
    [
      { flightNumber: 'BA1', date: '2025-03-10', destination: 'JF', role: 'IFL' },
      'Invalid Airport Codes: Please enter valid 3-letter airport codes (e.g., LHR, JFK)',
    ],
  ])('form %j -> %s', (body, message) => {
    expect(firstMessage(manualFlightFormSchema, body)).toBe(message);
  });

  it('normalises a create request and its date', () => {
    expect(
      createFlightRequestSchema.parse({
        flightNumber: 'ba117 (1530)',
        origin: 'lhr',
        destination: 'jfk',
        departureDate: '2025-03-10T15:00:00.000Z',
      }),
    ).toEqual({
      flightNumber: 'BA117 (1530)',
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2025-03-10T00:00:00.000Z',
    });
    expect(
      firstMessage(createFlightRequestSchema, {
        flightNumber: 'BA1',
        origin: 'LHR',
        destination: 'JFK',
        departureDate: '2025-02-30',
      }),
    ).toBe('Invalid date');
  });

  it('limits batches to 1..200 rows', () => {
    const row = { flightNumber: '', departureDate: '', origin: '', destination: '' };
    expect(firstMessage(batchFlightsRequestSchema, { flights: [] })).toBe('No Flights Selected');
    expect(batchFlightsRequestSchema.safeParse({ flights: [row] }).success).toBe(true);
    expect(batchFlightsRequestSchema.safeParse({ flights: Array(201).fill(row) }).success).toBe(
      false,
    );
  });

  it('accepts the search modes', () => {
    expect(flightSearchRequestSchema.parse({ query: ' BA1 ', dateFilterMode: 'both' })).toEqual({
      query: 'BA1',
      dateFilterMode: 'both',
    });
    expect(flightSearchRequestSchema.safeParse({ dateFilterMode: 'week' }).success).toBe(false);
  });
});

describe('crew entries', () => {
  it('defaults a join to Cabin Crew with no tags', () => {
    expect(joinFlightRequestSchema.parse({ flightId: 10 })).toEqual({
      flightId: 10,
      role: 'Cabin Crew',
      tags: [],
    });
  });

  it.each([
    [
      { flightId: 10, tags: ['Coffee Chat', 'Quiet Flight', 'Dining Buddy', 'Workout Buddy'] },
      'Choose at most 3 tags',
    ],
    [{ flightId: 10, tags: ['Party'] }, 'Unknown tag'],
    [{ flightId: 10, note: 'x'.repeat(151) }, 'Note must be 150 characters or fewer'],
    [{ flightId: 10, role: 'Captain' }, 'Role must be IFM, IFL or Main Crew'],
  ])('%j -> %s', (body, message) => {
    expect(firstMessage(joinFlightRequestSchema, body)).toBe(message);
  });

  it('updates tags or note and clears a blank note', () => {
    expect(updateCrewEntryRequestSchema.parse({ note: '  ' })).toEqual({ note: null });
    expect(updateCrewEntryRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('waves and messages', () => {
  it('checks wave requests', () => {
    expect(sendWaveRequestSchema.safeParse({ receiverId: 2, flightId: 10 }).success).toBe(true);
    expect(waveStatusUpdateRequestSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });

  it.each([
    ['  hello  ', 'hello'],
    ['x'.repeat(2000), 'x'.repeat(2000)],
  ])('accepts message %#', (content, stored) => {
    expect(sendMessageRequestSchema.parse({ waveId: 3, content }).content).toBe(stored);
  });

  it.each([
    ['   ', 'Message cannot be empty'],
    ['x'.repeat(2001), 'Message must be 2000 characters or fewer'],
  ])('refuses message %#', (content, message) => {
    expect(firstMessage(sendMessageRequestSchema, { waveId: 3, content })).toBe(message);
  });
});

describe('input PostgreSQL can store', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates (emoji)', () => {
    expect(isStorableText('Crew 😀 é')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\ud83d\ud83d']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('finds unstorable text anywhere in parsed input, keys included', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnstorableText({ 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(findUnstorableText({ a: [1, null, true, 'fine'] })).toBeNull();
  });

  it('finds the first unstorable text in depth-first order, a key before its value', () => {
    expect(findUnstorableText({ a: ['x\u0000'], 'b\u0000': 'y\u0000' })).toEqual(['a', 0]);
    expect(findUnstorableText({ 'b\u0000': 'fine', a: ['x\u0000'] })).toEqual(['b\u0000']);
    expect(findUnstorableText([['ok', ['\ud800']], 'x\u0000'])).toEqual([0, 1, 0]);
    expect(findUnstorableText('\udc00')).toEqual([]);
    expect(findUnstorableText([[], {}, [{}]])).toBeNull();
  });

  it('scans input 100,000 levels deep without recursing, and finds text at the bottom', () => {
    let deep: unknown = 'x\u0000';
    let deepObject: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
      deepObject = { k: deepObject };
    }
    const path = findUnstorableText(deep);
    expect(path).toHaveLength(100_000);
    expect(path?.every((step) => step === 0)).toBe(true);
    expect(findUnstorableText(deepObject)).toBeNull();
  });

  it('storableInput refuses before the wrapped schema, with one message and the path', () => {
    const schema = storableInput(z.object({ name: z.string().min(5) }));
    const result = schema.safeParse({ name: 'a\u0000' });
    expect(result.error?.issues).toMatchObject([{ message: TEXT_NOT_ALLOWED, path: ['name'] }]);
    expect(schema.parse({ name: 'Alice' })).toEqual({ name: 'Alice' });
  });

  it('has one id range for bodies and paths: 1 to 2^31-1', () => {
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53]) {
      expect(idSchema.safeParse(bad).error?.issues[0]?.message).toBe('Invalid id');
      expect(idParam.safeParse(String(bad)).success).toBe(false);
    }
    expect(idSchema.parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.safeParse('abc').success).toBe(false);
  });

  it('reads a path id only as plain decimal digits: no sign, space, exponent, hex or leading zero', () => {
    for (const bad of [
      ' 1',
      '1 ',
      '+1',
      '0x10',
      '1e3',
      '1.0',
      '007',
      '0',
      '',
      '\u0661',
      '2147483648',
    ]) {
      expect(idParam.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
        'Invalid id',
      );
    }
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('10')).toBe(10);
    expect(idParam.parse('2147483647')).toBe(2 ** 31 - 1);
  });
});
