import { z } from 'zod';

// Zod probes `new Function` to speed up parsing; the app's CSP (script-src 'self') forbids
// eval, so the probe is reported as a violation on every page. Parse without it.
z.config({ jitless: true });
