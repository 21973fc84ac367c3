import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A mutation's callbacks that show its change in a cached list at once (`change` gets the list and the mutation's
 * variables), put the list back as it was if the server refuses, and fetch it again either way.
 */
export function optimisticUpdate<TData, TVariables>(
  queryClient: QueryClient,
  key: QueryKey,
  change: (data: TData | undefined, variables: TVariables) => TData | undefined,
) {
  return {
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TData>(key);
      queryClient.setQueryData<TData>(key, (data) => change(data, variables));
      return { previous };
    },
    onError: (_error: unknown, _variables: TVariables, context: { previous: TData | undefined } | undefined) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}
