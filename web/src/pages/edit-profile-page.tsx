import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { UpdateProfileRequest, User } from '../../../domain';
import { CenteredStatus } from '../app/require-session';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import {
  failureText,
  ProfileForm,
  type ProfileFormValues,
  useSelf,
  useUpdateProfile,
} from '../features/profile';

/** /profile/edit: every editable field at once; saving returns to /profile. */
export function EditProfilePage() {
  const user = useSelf();
  if (!user) return <CenteredStatus text="Loading..." />;
  return <EditProfile user={user} />;
}

function EditProfile({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();

  const save = async ({ role, yearsFlying: _unasked, ...rest }: ProfileFormValues) => {
    const body = { ...rest, ...(role ? { role } : {}) } as UpdateProfileRequest;
    try {
      await update.mutateAsync(body);
      toast.success('Profile Updated', 'Your changes have been saved.');
      navigate('/profile');
      return null;
    } catch (failure) {
      const message = failureText(failure, 'Failed to update profile');
      toast.error('Update Failed', message);
      return message;
    }
  };

  return (
    <main className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => navigate('/profile')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back
        </Button>
        <h1 className="text-2xl font-bold">Edit Profile</h1>
      </div>
      <ProfileForm
        mode="edit"
        user={user}
        submitLabel="Save Changes"
        pending={update.isPending}
        secondary={{ label: 'Cancel', onClick: () => navigate('/profile') }}
        onSubmit={save}
      />
    </main>
  );
}
