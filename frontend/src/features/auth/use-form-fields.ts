import { useCallback, useState, type ChangeEvent, type FocusEvent } from 'react';

/**
 * Values of a small form plus which fields to show errors for: a field's message appears once it
 * was filled in and left (blur), or after a submit attempt, so a user is not scolded while typing.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const bind = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
      // Leaving an empty field says nothing yet ("required" waits for a submit attempt): a
      // message appearing on blur would shift the layout under a click on a button below.
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        if (event.target.value !== '') setTouched((current) => ({ ...current, [name]: true }));
      },
    }),
    [values],
  );

  const visible = useCallback(
    (name: keyof T) => submitted || Boolean(touched[name]),
    [submitted, touched],
  );

  return { values, setValues, bind, visible, markSubmitted: () => setSubmitted(true) };
}
