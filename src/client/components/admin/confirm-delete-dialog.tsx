import type { ComponentProps } from 'react';
import { ConfirmActionDialog } from './confirm-action-dialog';

/** Asks before a deletion: a confirmation whose button is red. */
export function ConfirmDeleteDialog(props: Omit<ComponentProps<typeof ConfirmActionDialog>, 'destructive'>) {
  return <ConfirmActionDialog {...props} destructive />;
}
