import type { RosterPreviewResponse } from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

/** What the member hands over: the pasted text, or one roster file. */
export type RosterSource = { text: string } | { file: File };

/** POST /api/roster/preview: JSON for pasted text, multipart (field 'file') for a file. */
export function previewRoster(source: RosterSource): Promise<RosterPreviewResponse> {
  if ('file' in source) {
    const form = new FormData();
    form.append('file', source.file, source.file.name);
    return api.post<RosterPreviewResponse>('/api/roster/preview', form);
  }
  return api.post<RosterPreviewResponse>('/api/roster/preview', { text: source.text });
}

/** Reads a roster on the server; nothing is added until the member chooses flights. */
export function useRosterPreview() {
  return useSingleFlightMutation({ mutationFn: previewRoster });
}
