/**
 * The demo walkthrough (accounts spec §2, flights spec §2 'Other'): seven steps, written once
 * here as plain data so the /demo screen and the PDF from GET /demo/download cannot tell two
 * different stories. The examples are made up; nothing here comes from the database.
 */

export interface DemoFlight {
  /** Number with the bracketed GMT time, as crew type it. */
  flightNumber: string;
  route: string;
  date: string;
  duration: string;
}

export interface DemoWave {
  /** Before a wave is accepted the sender stays anonymous: only the rank shows. */
  from: string;
  rank: string;
  flight: string;
  status: 'Pending';
  actions: readonly string[];
}

export interface DemoConversation {
  name: string;
  flight: string;
  lastMessage: string;
  unread: number;
}

export interface DemoSetting {
  label: string;
  description: string;
  on: boolean;
}

export type DemoExample =
  | { kind: 'flights'; flights: readonly DemoFlight[] }
  | { kind: 'roster'; lines: readonly string[] }
  | { kind: 'waves'; waves: readonly DemoWave[] }
  | { kind: 'conversations'; conversations: readonly DemoConversation[] }
  | { kind: 'privacy'; settings: readonly DemoSetting[] };

export interface DemoStep {
  id: string;
  title: string;
  summary: string;
  points: readonly string[];
  example: DemoExample | null;
}

const FLIGHTS: readonly DemoFlight[] = [
  { flightNumber: 'BA117 [15:30]', route: 'LHR → JFK', date: '14/03/2026', duration: '8h 05m' },
  { flightNumber: 'BA15 [21:40]', route: 'LHR → SIN', date: '16/03/2026', duration: '13h 10m' },
  { flightNumber: 'BA438', route: 'LHR → MAD', date: '19/03/2026', duration: '2h 25m' },
];

export const DEMO_STEPS: readonly DemoStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Jumpseat',
    summary:
      'Jumpseat connects you with the other crew on your flights, so you can say hello before you report.',
    points: [
      'Members only: every account is an airline crew member, approved by an admin.',
      'You stay anonymous until you both agree to connect.',
      'This walkthrough shows the app with example data in seven short steps.',
    ],
    example: null,
  },
  {
    id: 'flights',
    title: 'Flight Dashboard',
    summary: 'Home lists upcoming flights and who is on them. Add the flights you work to join in.',
    points: [
      'Each flight shows its number with the departure time in GMT, the route, the date and the duration.',
      'Search by flight number or airport; open a flight to see its crew.',
      'Flights leave the list once they have departed.',
    ],
    example: { kind: 'flights', flights: FLIGHTS },
  },
  {
    id: 'roster',
    title: 'Roster Upload',
    summary: 'Paste your roster and Jumpseat adds every flight in it at once.',
    points: [
      'Copy the text of your roster and paste it on Upload Roster.',
      'Check the flights found, then confirm: you join each one with your role.',
      'You can also add a single flight by hand from Add Flight.',
    ],
    example: {
      kind: 'roster',
      lines: [
        '14MAR BA0117 LHR 1530 JFK 1835',
        '16MAR BA0015 LHR 2140 SIN 1750',
        '19MAR BA0438 LHR 0710 MAD 1035',
      ],
    },
  },
  {
    id: 'waves',
    title: 'Wave System',
    summary:
      'Send a wave to someone on your flight. They see your rank, not your name, until they accept.',
    points: [
      'A pending wave can be accepted or declined by the person who received it.',
      'Accepting opens a private chat between the two of you.',
      'No waves for flights that have already departed.',
    ],
    example: {
      kind: 'waves',
      waves: [
        {
          from: 'Anonymous crew member',
          rank: 'IFL',
          flight: 'BA117 LHR → JFK',
          status: 'Pending',
          actions: ['Accept Wave', 'Decline'],
        },
        {
          from: 'Anonymous crew member',
          rank: 'Main Crew',
          flight: 'BA15 LHR → SIN',
          status: 'Pending',
          actions: ['Accept Wave', 'Decline'],
        },
      ],
    },
  },
  {
    id: 'messages',
    title: 'Messaging and Notifications',
    summary:
      'Chat with the crew you connected with. New waves and messages notify you straight away.',
    points: [
      'Conversations with unread messages are marked so you see them first.',
      'Notifications reach you in the app and, once installed, on your phone.',
      'A chat closes when its flight departs.',
    ],
    example: {
      kind: 'conversations',
      conversations: [
        {
          name: 'Skylark',
          flight: 'BA117 LHR → JFK',
          lastMessage: 'Meet in the lobby at 10?',
          unread: 2,
        },
        {
          name: 'Galley Guru',
          flight: 'BA15 LHR → SIN',
          lastMessage: 'There is a gym two blocks away',
          unread: 0,
        },
      ],
    },
  },
  {
    id: 'profile',
    title: 'Profile and Privacy',
    summary: 'You decide what others see about you.',
    points: [
      'Set a nickname, your rank and how long you have been flying.',
      'Your name shows only after a wave is accepted, if you allow it.',
      'Contact details are shared only when you switch sharing on.',
    ],
    example: {
      kind: 'privacy',
      settings: [
        {
          label: 'Show name after match',
          description: 'Crew you connect with see your name.',
          on: true,
        },
        {
          label: 'Share contact info',
          description: 'Crew you connect with see your phone number.',
          on: false,
        },
      ],
    },
  },
  {
    id: 'ready',
    title: "You're Ready",
    summary: 'Add your next flight and see who you will be flying with.',
    points: [
      'Sign in with your work e-mail and your 4-digit PIN.',
      'Install Jumpseat on your phone for notifications when the app is closed.',
      'The quick-start guide at /guide has the details.',
    ],
    example: null,
  },
];

/** An example as lines of plain text: what the PDF prints under a step. */
export function demoExampleLines(example: DemoExample): string[] {
  switch (example.kind) {
    case 'flights':
      return example.flights.map(
        (f) => `${f.flightNumber}   ${f.route}   ${f.date}   ${f.duration}`,
      );
    case 'roster':
      return [...example.lines];
    case 'waves':
      return example.waves.map(
        (w) => `${w.from} (${w.rank}) · ${w.flight} · ${w.status}: ${w.actions.join(' / ')}`,
      );
    case 'conversations':
      return example.conversations.map(
        (c) =>
          `${c.name} · ${c.flight} · "${c.lastMessage}"${c.unread ? ` · ${c.unread} new` : ''}`,
      );
    case 'privacy':
      return example.settings.map((s) => `${s.label}: ${s.on ? 'On' : 'Off'} (${s.description})`);
  }
}

/** The downloaded file's name (Content-Disposition). */
export const DEMO_PDF_FILENAME = 'jumpseat-walkthrough.pdf';
