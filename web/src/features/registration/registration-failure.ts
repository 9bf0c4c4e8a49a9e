import { type RegistrationResponse, USER_EXISTS_MESSAGE } from '../../../../domain';
import { ApiError } from '../../lib/api-client';

export type RegistrationFailure = {
  message: string;
  email: string;
  exists?: boolean;
  canRenew?: boolean;
};

const DEFAULT_MESSAGE = 'Registration failed. Please try again.';
const NETWORK_MESSAGE = 'Failed to connect to server. Please try again.';

/** The registration outcomes of the error catalogue (accounts spec §8). */
export function describeRegistrationFailure(
  failure: ApiError | RegistrationResponse | Error,
  email: string,
): RegistrationFailure {
  if (failure instanceof ApiError) {
    if (failure.status === 0) return { message: NETWORK_MESSAGE, email };
    if (failure.body.code === 'USER_EXISTS') {
      const canRenew = failure.body.canRenew === true;
      return { message: USER_EXISTS_MESSAGE, email, exists: true, canRenew };
    }
    return { message: failure.message || DEFAULT_MESSAGE, email };
  }
  return { message: failure.message || DEFAULT_MESSAGE, email };
}
