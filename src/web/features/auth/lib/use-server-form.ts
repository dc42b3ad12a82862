import { useRef, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigation, useSubmit } from 'react-router';

/**
 * An account form that works before the app runs (decision 0044): a React Router `<Form
 * method="post">` posts to the page's action, which answers with the page again (its errors) or a
 * redirect. Once the app runs, the browser checks the fields first with the same schema
 * (react-hook-form), then sends the same post to the same action. `busy` is true from the post
 * until the page it leads to has loaded.
 */
export function useServerForm<T extends FieldValues>(form: UseFormReturn<T>) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async () => {
      if (ref.current) await submit(ref.current);
    })(event);
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return { ref, onSubmit, busy };
}
