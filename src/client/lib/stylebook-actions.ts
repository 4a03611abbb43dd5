import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { serverMessage } from './errors';
import { importedMessage } from './stylebook';
import { toast } from './toast';
import { trpc } from './trpc';

export const refreshStylebook = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.stylebook.pathKey() });

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' });

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.stylebook.create.mutationOptions(),
    onSuccess: async (entry) => {
      toast({ title: 'Entry added', description: `${entry.term} is in the stylebook.`, variant: 'success' });
      await refreshStylebook(queryClient);
    },
  });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.stylebook.update.mutationOptions(),
    onSuccess: async (entry) => {
      toast({ title: 'Entry saved', description: `${entry.term} is updated.`, variant: 'success' });
      await refreshStylebook(queryClient);
    },
  });
}

export function useRemoveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.stylebook.remove.mutationOptions(),
    onSuccess: async () => {
      toast({ title: 'Entry deleted', description: 'The editor no longer applies it.', variant: 'success' });
      await refreshStylebook(queryClient);
    },
    onError: failed('Could not delete the entry'),
  });
}

/** All or nothing: a refused file's line errors are the caller's to show, a saved one is announced here. */
export function useImportStylebook() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.stylebook.import.mutationOptions(),
    onSuccess: async (result) => {
      if (!result.ok) return;
      toast({ title: 'Stylebook imported', description: importedMessage(result.added, result.updated), variant: 'success' });
      await refreshStylebook(queryClient);
    },
  });
}

/** Saves the stylebook as `stylebook.csv` through the browser's download. */
export function useExportStylebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { csv } = await queryClient.fetchQuery({ ...trpc.stylebook.exportCsv.queryOptions(), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'stylebook.csv';
      document.body.append(link);
      link.click();
      link.remove();
      // Some browsers read the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onSuccess: () => toast({ title: 'Stylebook exported', description: 'stylebook.csv is in your downloads.', variant: 'success' }),
    onError: failed('Could not export the stylebook'),
  });
}
