import { useSession } from '../auth';

/** The signed-in member as the flight screens need them. */
export type Viewer = {
  id: number;
  isAdmin: boolean;
  isDemoUser: boolean;
  role: string | null;
};

export function useViewer(): Viewer | null {
  const { data } = useSession();
  if (!data) return null;
  return {
    id: data.id,
    isAdmin: data.isAdmin,
    isDemoUser: data.isDemoUser,
    role: typeof data.role === 'string' ? data.role : null,
  };
}
