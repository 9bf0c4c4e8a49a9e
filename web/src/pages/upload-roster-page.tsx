import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ACCESS_REASONS } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useViewer } from '../features/flights';
import { RosterUpload } from '../features/roster';

export function UploadRosterPage() {
  const navigate = useNavigate();
  const viewer = useViewer();
  return (
    <main className="space-y-4">
      <Button variant="ghost" size="sm" onClick={() => navigate('/profile')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Profile
      </Button>
      <h1 className="text-2xl font-bold">Upload Roster</h1>
      {viewer?.isDemoUser ? (
        <Card role="status">{ACCESS_REASONS.demoAddFlights}</Card>
      ) : (
        <RosterUpload />
      )}
    </main>
  );
}
