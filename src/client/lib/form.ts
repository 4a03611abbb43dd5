import { useMemo } from 'react';
import { get, useForm as useHookForm, type FieldErrors, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';

/**
 * react-hook-form's `useForm`, except that a refused submit moves the caret once, at once, to the first
 * field in error, and then leaves it alone. The library focuses at once and again on a timer, each
 * time on whichever field is then in error: on a busy page a writer who has started fixing the first
 * field is sent on to the next one mid-word.
 */
export function useForm<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useHookForm<TFieldValues, TContext, TTransformedValues>({ ...props, shouldFocusError: false });
  const { handleSubmit: submit } = form;
  const handleSubmit = useMemo<typeof submit>(
    () => (onValid, onInvalid) =>
      submit(onValid, (errors, event) => {
        if (event?.target instanceof HTMLFormElement) firstFieldInError(event.target, errors)?.focus();
        return onInvalid?.(errors, event);
      }),
    [submit],
  );
  // A copy each render: the library renews `formState` on its one object as the form changes.
  return { ...form, handleSubmit };
}

/** The first control, in the form's own order, whose field has an error. */
function firstFieldInError(form: HTMLFormElement, errors: FieldErrors): HTMLElement | undefined {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && get(errors, name) && element instanceof HTMLElement) return element;
  }
  return undefined;
}
