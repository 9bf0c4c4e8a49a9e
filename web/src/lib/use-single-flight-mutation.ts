import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export type SingleFlightOptions<TData, TError, TVariables, TContext> = UseMutationOptions<
  TData,
  TError,
  TVariables,
  TContext
> & {
  /**
   * Which calls count as "the same press": by default every call does, so a second press while
   * the first is in flight is ignored. A hook whose calls are independent per item (mark one
   * wave read, answer one wave) keys them, e.g. by wave id.
   */
  flightKey?: (variables: TVariables) => unknown;
  /**
   * A call that succeeded keeps its key taken: for an action that ends its item (approve or
   * reject a registration), a late second tap must not act on it again. The item's card stays
   * on screen until the list is fetched again, and on a loaded machine the second tap of a
   * double tap can come after the first request's answer (a journey saw two approvals so).
   */
  keepAfterSuccess?: boolean;
};

const ALL = Symbol('all');

/**
 * `useMutation`, but a call made while the same call is still in flight is ignored: no second
 * request, no second set of callbacks. `isPending` only reaches the screen on the next render,
 * so a double tap would otherwise land twice (two waves, two flights, a spent reset link) and
 * show an error after the success. The guard is a ref, set in the same tick as the first press.
 *
 * An ignored `mutateAsync` returns a promise that never settles: the first call's own caller
 * reports the outcome, once.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>({
  flightKey,
  keepAfterSuccess = false,
  ...options
}: SingleFlightOptions<TData, TError, TVariables, TContext>): UseMutationResult<
  TData,
  TError,
  TVariables,
  TContext
> {
  const mutation = useMutation(options);
  const inFlight = useRef(new Set<unknown>());
  const keyOf = useRef(flightKey);
  keyOf.current = flightKey;
  const { mutateAsync: run } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      const key = keyOf.current ? keyOf.current(variables) : ALL;
      if (inFlight.current.has(key)) return new Promise<TData>(() => {});
      inFlight.current.add(key);
      const release = () => inFlight.current.delete(key);
      return run(variables, callbacks).then(
        (data) => {
          if (!keepAfterSuccess) release();
          return data;
        },
        (error: unknown) => {
          release();
          throw error;
        },
      );
    },
    [run, keepAfterSuccess],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // Errors reach the mutation's and the caller's onError; the promise itself is not needed.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<
    TData,
    TError,
    TVariables,
    TContext
  >;
}
