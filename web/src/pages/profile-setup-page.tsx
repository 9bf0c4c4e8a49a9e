import { useNavigate, useSearchParams } from 'react-router';
import { profileSetupRequestSchema, safeNextPath } from '../../../domain';
import { CenteredStatus } from '../app/require-session';
import { toast } from '../components/ui/toast';
import {
  failureText,
  ProfileForm,
  type ProfileFormValues,
  useProfileSetup,
  useSelf,
  useSkipSetup,
} from '../features/profile';

/**
 * /profile-setup: first-time setup, replaced in the history by where it leads (Back does not
 * come back to a one-time step); both buttons go on to /home (or the link sign-in was taking
 * the member to), and both are remembered on the server so sign-in leads here only once.
 */
export function ProfileSetupPage() {
  const user = useSelf();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setup = useProfileSetup();
  const skipSetup = useSkipSetup();
  const onward = safeNextPath(params.get('next')) ?? '/home';
  if (!user) return <CenteredStatus text="Loading..." />;

  const save = async (values: ProfileFormValues) => {
    const parsed = profileSetupRequestSchema.safeParse({
      name: values.name,
      nickname: values.nickname,
      ...(values.role ? { role: values.role } : {}),
      yearsFlying: values.yearsFlying.trim() === '' ? null : Number(values.yearsFlying),
      mobileNumber: values.mobileNumber,
      showNameAfterMatch: values.showNameAfterMatch,
      shareContactInfo: values.shareContactInfo,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please check your details';
      toast.error('Update Failed', message);
      return message;
    }
    try {
      await setup.mutateAsync(parsed.data);
      toast.success('Profile Updated', 'Welcome aboard!');
      navigate(onward, { replace: true });
      return null;
    } catch (failure) {
      const message = failureText(failure, 'Failed to update profile. Please try again.');
      toast.error('Update Failed', message);
      return message;
    }
  };

  const skip = () =>
    skipSetup.mutate(undefined, {
      onSuccess: () => {
        toast.info(
          'Setup Skipped',
          'You can complete your profile any time from the Profile page.',
        );
        navigate(onward, { replace: true });
      },
      onError: (failure) =>
        toast.error('Something went wrong', failureText(failure, 'Please try again.')),
    });

  return (
    <main className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold">Set Up Your Profile</h1>
        <p className="mt-1 text-slate-600">
          Tell crew a little about you. Your nickname is what they see until you both match.
        </p>
      </header>
      <ProfileForm
        mode="setup"
        user={user}
        submitLabel="Save Profile"
        pending={setup.isPending}
        secondary={{ label: 'Skip for Now', onClick: skip }}
        onSubmit={save}
      />
    </main>
  );
}
